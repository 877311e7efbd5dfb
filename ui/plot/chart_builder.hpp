// buildChart: draws a benchmark report into a QCustomPlot, the chart of the Benchmark page and of
// `hashscope render`: curves with 99.9% error bars, hollow markers for imprecise cells, cache-size
// (or core-count) markers, a legend beside the plot, a title and a caption naming the machine.
#pragma once

#include <vector>

#include "hashscope/bench/report.hpp"
#include "hashscope/result.hpp"
#include "plot/chart_data.hpp"
#include "plot/chart_frame.hpp"

class QCustomPlot;
class QCPErrorBars;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;

namespace hashscope::ui {

// What buildChart put into the plot, for callers that restyle or inspect it (and for tests): the
// frame (title, axis rect, legend, caption) and what is drawn in it. The plot owns all of it; the
// pointers live until the next buildChart or the plot's end.
struct BuiltChart : chart_frame::Frame {
    std::vector<QCPGraph*> curves;              // one per ChartData series, same order
    std::vector<QCPErrorBars*> errorBars;       // one per curve
    std::vector<QCPGraph*> impreciseMarkers;    // hollow markers over imprecise points, per curve that has some
    std::vector<QCPItemStraightLine*> markers;  // cache sizes (size views) or core count (threads view)
    std::vector<QCPItemText*> markerLabels;     // "L1d 32 KiB", "2 cores"; one per marker
};

// Replaces whatever the plot showed. `report` provides the environment (caption, cache sizes);
// `data` must come from selectChartData on that report, for a line view (buildBarChart draws bars).
BuiltChart buildChart(QCustomPlot& plot, const bench::BenchReport& report, const ChartData& data);

// selectChartData, then buildChart; fails as selectChartData does, leaving the plot untouched.
Result<BuiltChart> buildChart(QCustomPlot& plot, const bench::BenchReport& report, const ChartOptions& options);

}  // namespace hashscope::ui
