// What the mouse points at on a chart: every drawn point with the words its tooltip shows (value
// ± error, the interval, samples), and a search for the one nearest a pixel. Kept apart from the
// widget so tests can ask "what would the tooltip say here" without moving a mouse.
#pragma once

#include <QPointF>
#include <QString>
#include <vector>

#include "plot/chart_data.hpp"

class QCPAbstractPlottable;

namespace hashscope::ui {

struct BuiltChart;

struct HoverPoint {
    QCPAbstractPlottable* plottable = nullptr;  // hidden plottables are skipped by the search
    double key = 0, value = 0;                  // plot coordinates on its axes
    QString text;                               // the tooltip, plain text, several lines
};

// The tooltip of one point of a series: "crc32c · isal\n4 KiB: 80.1 ± 0.3 ns/op\n30 samples".
QString pointText(const ChartSeries& series, const ChartPoint& point, const ChartData& data);

// One hover point per drawn point of each curve of a line chart.
std::vector<HoverPoint> hoverPoints(const BuiltChart& chart, const ChartData& data);

// The visible point nearest to `pixel` (widget coordinates), within `radius` pixels; nullptr when
// none is that close.
const HoverPoint* nearestHoverPoint(const std::vector<HoverPoint>& points, QPointF pixel, double radius);

}  // namespace hashscope::ui
