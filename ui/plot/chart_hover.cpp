#include "plot/chart_hover.hpp"

#include <qcustomplot.h>
#include <cmath>

#include "common/format.hpp"
#include "hashscope/bench/sizes.hpp"
#include "plot/chart_builder.hpp"

namespace hashscope::ui {

QString pointText(const ChartSeries& series, const ChartPoint& point, const ChartData& data) {
    QStringList lines{series.label};
    QString where;
    if (data.view == ChartView::threads) {
        where = QStringLiteral("%1 %2").arg(point.x).arg(point.x == 1 ? QStringLiteral("thread")
                                                                      : QStringLiteral("threads"));
    } else {
        where = QString::fromStdString(bench::format_size(static_cast<std::size_t>(point.x)));
    }
    if (data.view == ChartView::nsop) {
        lines << QStringLiteral("%1: %2 ± %3 ns/op")
                     .arg(where, formatFigure(point.y), formatFigure(point.high - point.y));
    } else {
        const QString high = std::isfinite(point.high) ? formatFigure(point.high) : QStringLiteral("∞");
        lines << QStringLiteral("%1: %2 GB/s").arg(where, formatFigure(point.y));
        lines << QStringLiteral("99.9% CI %1 – %2 GB/s").arg(formatFigure(point.low), high);
    }
    QString samples = QStringLiteral("%1 samples").arg(point.samples);
    if (!point.precise) samples += QStringLiteral(" · missed the precision target");
    lines << samples;
    return lines.join(QLatin1Char('\n'));
}

std::vector<HoverPoint> hoverPoints(const BuiltChart& chart, const ChartData& data) {
    std::vector<HoverPoint> points;
    for (std::size_t i = 0; i < chart.curves.size() && i < data.series.size(); ++i) {
        for (const ChartPoint& p : data.series[i].points) {
            points.push_back({chart.curves[i], p.x, p.y, pointText(data.series[i], p, data)});
        }
    }
    return points;
}

const HoverPoint* nearestHoverPoint(const std::vector<HoverPoint>& points, QPointF pixel, double radius) {
    const HoverPoint* nearest = nullptr;
    double best = radius * radius;
    for (const HoverPoint& p : points) {
        if (p.plottable == nullptr || !p.plottable->visible()) continue;
        const QCPAxis* key = p.plottable->keyAxis();
        const QCPAxis* value = p.plottable->valueAxis();
        if (key == nullptr || value == nullptr) continue;
        // Bars and graphs alike: the key axis may be vertical (horizontal bars).
        const double kp = key->coordToPixel(p.key), vp = value->coordToPixel(p.value);
        const QPointF at = key->orientation() == Qt::Horizontal ? QPointF(kp, vp) : QPointF(vp, kp);
        const double dx = at.x() - pixel.x(), dy = at.y() - pixel.y();
        if (const double d = dx * dx + dy * dy; d <= best) {
            best = d;
            nearest = &p;
        }
    }
    return nearest;
}

}  // namespace hashscope::ui
