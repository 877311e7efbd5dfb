// buildChart: draws a benchmark report into a QCustomPlot, the chart of the Benchmark page and of
// `hashscope render`: curves with 99.9% error bars, hollow markers for imprecise cells, cache-size
// (or core-count) markers, a legend beside the plot, a title and a caption naming the machine.
#pragma once

#include <vector>

#include "hashscope/bench/report.hpp"
#include "hashscope/result.hpp"
#include "plot/chart_data.hpp"

class QCustomPlot;
class QCPAxisRect;
class QCPErrorBars;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPLegend;

namespace hashscope::ui {

class CaptionElement;

// What buildChart put into the plot, for callers that restyle or inspect it (and for tests).
// The plot owns all of it; the pointers live until the next buildChart or the plot's end.
struct BuiltChart {
    QCPAxisRect* axisRect = nullptr;
    QCPLegend* legend = nullptr;
    CaptionElement* title = nullptr;
    CaptionElement* caption = nullptr;
    std::vector<QCPGraph*> curves;              // one per ChartData series, same order
    std::vector<QCPErrorBars*> errorBars;       // one per curve
    std::vector<QCPGraph*> impreciseMarkers;    // hollow markers over imprecise points, per curve that has some
    std::vector<QCPItemStraightLine*> markers;  // cache sizes (size views) or core count (threads view)
    std::vector<QCPItemText*> markerLabels;     // "L1d 32 KiB", "2 cores"; one per marker
};

// Replaces whatever the plot showed. `report` provides the environment (caption, cache sizes);
// `data` must come from selectChartData on that report.
BuiltChart buildChart(QCustomPlot& plot, const bench::BenchReport& report, const ChartData& data);

// selectChartData, then buildChart; fails as selectChartData does, leaving the plot untouched.
Result<BuiltChart> buildChart(QCustomPlot& plot, const bench::BenchReport& report, const ChartOptions& options);

}  // namespace hashscope::ui
