// The words of the progress line: which cell of how many, what is being measured, and the time
// left. The runner reports only finished cells, and it measures a whole group (one size, mode,
// thread count and placement, every participant interleaved) at a time, so "now measuring" names
// the group that the count of finished cells points into.
#pragma once

#include <QString>
#include <cstddef>

#include "hashscope/bench/spec.hpp"

namespace hashscope::ui {

// Seconds left: the estimate less the time spent until a cell has finished, then the pace so far
// (cells finish at a fairly even rate) applied to the cells still to come.
double secondsLeft(double estimate, double elapsed, std::size_t done, std::size_t total);

// "4 KiB · oneshot · 1 thread" for the group holding cell number `done` (counted from 0); empty
// when every cell is done.
QString measuringText(const bench::BenchSpec& spec, std::size_t done);

// "cell 3 of 12 · now 4 KiB · oneshot · 1 thread · about 5 s left"
QString progressText(const bench::BenchSpec& spec, std::size_t done, std::size_t total, double secondsLeft);

}  // namespace hashscope::ui
