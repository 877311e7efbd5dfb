// Runs a benchmark: synchronous, cancellable, reporting progress and each finished cell.
#pragma once

#include <cstddef>
#include <functional>
#include <stop_token>
#include <string>

#include "hashscope/bench/report.hpp"
#include "hashscope/cpu.hpp"

namespace hashscope::bench {

struct BenchProgress {
    std::size_t cells_done = 0;
    std::size_t cells_total = 0;
    std::string current;  // "crc32c · isal · 4KiB · oneshot · 1 thread"
    double elapsed_s = 0;
};

// `finished` is non-null when a cell has just completed (it is also in the final report).
using BenchProgressFn = std::function<void(const BenchProgress& progress, const CellResult* finished)>;

// Runs every cell of the spec. Starts and joins its own threads for multi-thread cells; returns
// what was measured so far (cancelled = true) when `stop` fires.
BenchReport run_benchmark(const BenchSpec& spec, const Registry& registry, const CpuInfo& cpu,
                          const BenchProgressFn& progress = {}, std::stop_token stop = {});

// Cells the spec describes (participants × sizes × modes × threads × placements): at most what a
// run measures (a participant that follows dispatch is measured once where it meets another).
std::size_t count_cells(const BenchSpec& spec);
// A rough upper bound of the run time, for "about N s" before a run.
double estimated_seconds(const BenchSpec& spec);

}  // namespace hashscope::bench
