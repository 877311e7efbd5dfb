// The frame every benchmark chart shares: a title on top, the axis rect with the legend in a
// column at its right, the caption below; the theme's paper and ink (chart_style::inkFor), crisp
// axes. Used by the line charts
// (buildChart) and the bar chart, so a saved chart looks alike whichever view it shows.
#pragma once

#include "plot/chart_caption.hpp"

class QCustomPlot;
class QCPAxis;
class QCPAxisRect;
class QCPLegend;

namespace hashscope::ui {

class CaptionElement;

namespace chart_frame {

struct Frame {
    CaptionElement* title = nullptr;
    CaptionElement* caption = nullptr;
    QCPAxisRect* axisRect = nullptr;
    QCPLegend* legend = nullptr;
};

// Clears everything the plot showed (items, plottables, layout) and lays out a fresh frame.
// `topMargin` is the room above the axis rect (labels of reference lines). The plot's xAxis,
// yAxis and legend shortcuts point into the new frame.
Frame makeFrame(QCustomPlot& plot, const ChartCaption& words, int topMargin);

// Ink, fonts and grid of one axis.
void styleAxis(QCPAxis* axis);

}  // namespace chart_frame
}  // namespace hashscope::ui
