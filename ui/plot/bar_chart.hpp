// buildBarChart: the Benchmark page's fourth view, throughput of every participant at one buffer
// size as horizontal bars (the shape of a slide or a pull-request summary), with 99.9% error
// bars, the figure written at each bar's end, and a baseline's bars dashed beside them.
#pragma once

#include <QStringList>
#include <cstddef>
#include <optional>
#include <vector>

#include "hashscope/bench/report.hpp"
#include "hashscope/result.hpp"
#include "plot/chart_frame.hpp"
#include "plot/chart_hover.hpp"

class QCustomPlot;
class QCPBars;
class QCPErrorBars;

namespace hashscope::ui {

// What buildBarChart put into the plot, as BuiltChart is for the line views.
struct BuiltBarChart : chart_frame::Frame {
    QStringList labels;                    // one per bar, top to bottom: "crc32c · isal"
    std::vector<QCPBars*> bars;            // same order as labels
    std::vector<QCPErrorBars*> errorBars;  // one per bar
    std::vector<QCPBars*> baselineBars;    // only for labels the baseline measured too; all named "baseline"
    std::vector<HoverPoint> hover;
};

// The sizes a bar chart can be drawn at (measured by a participant, not the harness), increasing.
std::vector<std::size_t> barChartSizes(const bench::BenchReport& report);
// The size bars show unless one is asked for: 4 KiB (a page, the size most published tables
// have) when measured, else the largest; 0 for no sizes.
std::size_t defaultBarSize(const std::vector<std::size_t>& sizes);

// Replaces what the plot showed. Fails, leaving the plot untouched, when nothing was measured at
// `size` (in `placement`, by default hot when measured). `baseline` may be null.
Result<BuiltBarChart> buildBarChart(QCustomPlot& plot, const bench::BenchReport& report, std::size_t size,
                                    const bench::BenchReport* baseline = nullptr,
                                    std::optional<bench::Placement> placement = std::nullopt);

}  // namespace hashscope::ui
