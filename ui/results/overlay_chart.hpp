// Several kept runs on one chart: GB/s against buffer size, one colour per run and one marker per
// algorithm · implementation, so "which run" reads by colour and "which checksum" by shape.
#pragma once

#include <QString>
#include <vector>

#include "hashscope/bench/html_report.hpp"

class QCustomPlot;

namespace hashscope::ui {

// Draws `runs` on `plot` (cleared first); returns the number of curves drawn. The harness and
// size-0 cells are left out, as on the Benchmark page.
int drawRunsOverlay(QCustomPlot& plot, const std::vector<bench::ReportRun>& runs);

// How a run is named on the page: its given name, else its id.
QString runLabel(const bench::ReportRun& run);

}  // namespace hashscope::ui
