// Vertical reference lines that explain a chart's bends: the CPU's cache sizes on the size views
// (ns/op steps up where the working set leaves L1d, L2, L3) and the core count on the threads view
// (aggregate GB/s stops growing there). Labels sit above the plot, so they never cover data.
#pragma once

#include <QString>
#include <vector>

#include "hashscope/bench/report.hpp"
#include "plot/chart_data.hpp"

class QCPAxisRect;
class QCPItemStraightLine;
class QCPItemText;

namespace hashscope::ui {

struct ReferenceLine {
    double x = 0;
    QString label;  // "L1d 32 KiB", "2 cores"
};

// The lines that apply to the view, whether or not they fall inside the x range.
std::vector<ReferenceLine> referenceLines(const bench::Environment& env, ChartView view);

// Draws the lines that fall strictly inside the axis rect's x range (set it first), appending the
// items to `lines` and `labels`.
void addReferenceLines(QCPAxisRect& rect, const std::vector<ReferenceLine>& wanted,
                       std::vector<QCPItemStraightLine*>& lines, std::vector<QCPItemText*>& labels);

// The room the labels need above the axis rect, in pixels.
int referenceLabelHeight();

}  // namespace hashscope::ui
