// One measuring job at a time: a self-test or a calibration beside a benchmark takes a core and memory bandwidth
// from it and disturbs its figures, and a benchmark started during a self-test is disturbed the
// same way. While one runs, the other's Run button is off and says why (docs/architecture.md §7: figures
// are only worth what the machine's quiet is worth).
#pragma once

#include <QString>

namespace hashscope::ui {

class AdvisorPanel;
class BenchmarkPage;
class CalibrationPanel;
class SelfTestPanel;

// What each side shows while another runs.
QString blockedByBenchmarkText();
QString blockedBySelfTestText();
QString blockedByCalibrationText();
QString blockedByAdvisorText();

// From now on, whichever of the three starts blocks the others until it finishes or is cancelled
// (a calibration times implementations too: it disturbs, and is disturbed by, the others). The
// connections end with the widgets. The Results page's advisor measures too, when it is given.
void keepRunsApart(BenchmarkPage& benchmark, SelfTestPanel& selfTest, CalibrationPanel& calibration,
                   AdvisorPanel* advisor = nullptr);

}  // namespace hashscope::ui
