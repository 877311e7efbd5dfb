// One measuring job at a time: a self-test beside a benchmark takes a core and memory bandwidth
// from it and disturbs its figures, and a benchmark started during a self-test is disturbed the
// same way. While one runs, the other's Run button is off and says why (DESIGN.md §5: figures
// are only worth what the machine's quiet is worth).
#pragma once

#include <QString>

namespace hashscope::ui {

class BenchmarkPage;
class SelfTestPanel;

// What each side shows while the other runs.
QString blockedByBenchmarkText();
QString blockedBySelfTestText();

// From now on, whichever of the two starts blocks the other until it finishes or is cancelled.
// The connections end with either widget.
void keepRunsApart(BenchmarkPage& benchmark, SelfTestPanel& selfTest);

}  // namespace hashscope::ui
