// buildBarChart: the Benchmark page's fourth view, throughput of every participant at one buffer
// size as horizontal bars (the shape of a slide or a pull-request summary), with 99.9% error
// bars, the figure written at each bar's end, and a baseline's bars dashed beside them.
#pragma once

#include <QStringList>
#include <cstddef>
#include <vector>

#include "hashscope/bench/report.hpp"
#include "hashscope/result.hpp"
#include "plot/chart_hover.hpp"

class QCustomPlot;
class QCPAxisRect;
class QCPBars;
class QCPErrorBars;
class QCPLegend;

namespace hashscope::ui {

class CaptionElement;

struct BuiltBarChart {
    QCPAxisRect* axisRect = nullptr;
    QCPLegend* legend = nullptr;
    CaptionElement* title = nullptr;
    CaptionElement* caption = nullptr;
    QStringList labels;                    // one per bar, top to bottom: "crc32c · isal"
    std::vector<QCPBars*> bars;            // same order as labels
    std::vector<QCPErrorBars*> errorBars;  // one per bar
    std::vector<QCPBars*> baselineBars;    // only for labels the baseline measured too; all named "baseline"
    std::vector<HoverPoint> hover;
};

// The sizes a bar chart can be drawn at (measured by a participant, not the harness), increasing.
std::vector<std::size_t> barChartSizes(const bench::BenchReport& report);

// Replaces what the plot showed. Fails, leaving the plot untouched, when nothing was measured at
// `size`. `baseline` may be null.
Result<BuiltBarChart> buildBarChart(QCustomPlot& plot, const bench::BenchReport& report, std::size_t size,
                                    const bench::BenchReport* baseline = nullptr);

}  // namespace hashscope::ui
