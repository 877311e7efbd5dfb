#include "plot/chart_frame.hpp"

#include <qcustomplot.h>

#include "plot/caption_element.hpp"
#include "plot/chart_style.hpp"

namespace hashscope::ui::chart_frame {
namespace {

namespace style = chart_style;

void styleLegend(QCPLegend* legend) {
    const style::Ink ink = style::inkFor();
    legend->setVisible(true);
    legend->setFont(style::font(style::kLegendPt));
    legend->setTextColor(ink.text);
    legend->setBorderPen(QPen(ink.grid, 1));
    legend->setBrush(ink.paper);
    legend->setIconSize(30, 14);
    legend->setRowSpacing(1);
    legend->setMargins(QMargins(8, 6, 10, 6));
}

// Everything the last chart added goes, including the default axis rect and legend.
void resetPlot(QCustomPlot& plot) {
    plot.clearItems();
    plot.clearPlottables();
    plot.plotLayout()->clear();
    plot.plotLayout()->simplify();
    plot.setAutoAddPlottableToLegend(false);
    plot.setBackground(style::inkFor().paper);
    plot.setAntialiasedElements(QCP::aeAll);
    // Crisp one-pixel grid and axes; antialiasing would blur them into two grey pixels.
    plot.setNotAntialiasedElements(QCP::aeAxes | QCP::aeGrid | QCP::aeSubGrid);
}

// A column beside the axis rect: the legend at the top, empty space below. Filled only once it
// is in the plot's layout, so its elements know their plot.
void addLegendColumn(QCustomPlot& plot, QCPLayoutGrid& body, QCPLegend* legend, int topMargin) {
    auto* column = new QCPLayoutGrid;
    body.addElement(0, 1, column);
    column->setAutoMargins(QCP::msNone);
    column->setMargins(QMargins(4, topMargin, 10, 0));
    column->addElement(0, 0, legend);
    column->addElement(1, 0, new QCPLayoutElement(&plot));
    column->setRowStretchFactor(0, 0.001);
    column->setRowStretchFactor(1, 1);
}

}  // namespace

void styleAxis(QCPAxis* axis) {
    const style::Ink ink = style::inkFor();
    const QPen pen(ink.text, 1);
    axis->setBasePen(pen);
    axis->setTickPen(pen);
    axis->setSubTickPen(pen);
    axis->setLabelColor(ink.text);
    axis->setTickLabelColor(ink.text);
    axis->setLabelFont(style::font(style::kAxisLabelPt));
    axis->setTickLabelFont(style::font(style::kTickPt));
    axis->grid()->setPen(QPen(ink.grid, 1));
    axis->grid()->setSubGridPen(QPen(ink.subGrid, 1));
    axis->grid()->setZeroLinePen(Qt::NoPen);
}

Frame makeFrame(QCustomPlot& plot, const ChartCaption& words, int topMargin) {
    resetPlot(plot);
    Frame frame;
    const style::Ink ink = style::inkFor();
    frame.title = new CaptionElement(&plot, style::font(style::kTitlePt, true), ink.text);
    frame.title->setLines({words.title});
    frame.caption = new CaptionElement(&plot, style::font(style::kCaptionPt), ink.muted);
    frame.caption->setLines(words.lines);

    frame.axisRect = new QCPAxisRect(&plot, true);
    frame.axisRect->setAutoMargins(QCP::msLeft | QCP::msRight | QCP::msBottom);
    frame.axisRect->setMargins(QMargins(0, topMargin, 0, 0));
    frame.legend = new QCPLegend;

    auto* body = new QCPLayoutGrid;
    plot.plotLayout()->addElement(0, 0, frame.title);
    plot.plotLayout()->addElement(1, 0, body);
    plot.plotLayout()->addElement(2, 0, frame.caption);
    plot.plotLayout()->setRowSpacing(4);
    body->addElement(0, 0, frame.axisRect);
    addLegendColumn(plot, *body, frame.legend, topMargin);
    body->setColumnStretchFactor(0, 1);
    body->setColumnStretchFactor(1, 0.001);  // the legend column takes only what the legend needs
    frame.legend->setLayer(QStringLiteral("legend"));
    styleLegend(frame.legend);

    // The plot's shortcuts, so code written for a default QCustomPlot finds this chart's parts.
    plot.xAxis = frame.axisRect->axis(QCPAxis::atBottom);
    plot.yAxis = frame.axisRect->axis(QCPAxis::atLeft);
    plot.xAxis2 = frame.axisRect->axis(QCPAxis::atTop);
    plot.yAxis2 = frame.axisRect->axis(QCPAxis::atRight);
    plot.legend = frame.legend;
    return frame;
}

}  // namespace hashscope::ui::chart_frame
