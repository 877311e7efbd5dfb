// A baseline run drawn over the chart: the same view of an earlier report (or one from another
// machine), dashed, in the colour of the matching curve, so "before" and "after" read at a glance.
#pragma once

#include <vector>

#include "hashscope/bench/report.hpp"
#include "plot/chart_builder.hpp"
#include "plot/chart_hover.hpp"

class QCPGraph;

namespace hashscope::ui {

struct BaselineOverlay {
    std::vector<QCPGraph*> curves;  // one per baseline series drawn, named "<label> (baseline)"
    std::vector<HoverPoint> hover;  // their points, for tooltips
};

// Adds the baseline's curves to a chart buildChart made from `current`. Series of the baseline
// the current chart has no curve for are drawn too, in colours after the current ones. The y axis
// grows to take them in. Nothing is drawn when the baseline has nothing for this view.
BaselineOverlay addBaselineOverlay(QCustomPlot& plot, const BuiltChart& built, const ChartData& current,
                                   const bench::BenchReport& baseline);

}  // namespace hashscope::ui
