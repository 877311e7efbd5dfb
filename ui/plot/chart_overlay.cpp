#include "plot/chart_overlay.hpp"

#include <qcustomplot.h>
#include <algorithm>

#include "plot/chart_style.hpp"

namespace hashscope::ui {
namespace {

constexpr double kMarkerSize = 6;

// The colour of the current curve with the same label, else one after the current participants.
QColor overlayColor(const BuiltChart& built, const ChartData& current, const QString& label, int& extra) {
    for (std::size_t i = 0; i < current.series.size() && i < built.curves.size(); ++i) {
        if (current.series[i].label == label) return built.curves[i]->pen().color();
    }
    return chart_style::participantColor(static_cast<int>(current.participants.size()) + extra++);
}

// Stretches the value axis so every overlay point is inside, keeping the current padding style.
void includeInRange(QCPAxis* y, const std::vector<double>& values) {
    if (values.empty()) return;
    QCPRange range = y->range();
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    const bool log = y->scaleType() == QCPAxis::stLogarithmic;
    if (*lo < range.lower && (!log || *lo > 0)) range.lower = log ? *lo / 1.15 : std::min(0.0, *lo);
    if (*hi > range.upper) range.upper = log ? *hi * 1.15 : *hi * 1.08;
    y->setRange(range);
}

}  // namespace

BaselineOverlay addBaselineOverlay(QCustomPlot& plot, const BuiltChart& built, const ChartData& current,
                                   const bench::BenchReport& baseline) {
    BaselineOverlay overlay;
    if (built.axisRect == nullptr) return overlay;
    ChartOptions options{current.view, current.placement};
    auto data = selectChartData(baseline, options);
    if (!data) return overlay;

    QCPAxis* x = built.axisRect->axis(QCPAxis::atBottom);
    QCPAxis* y = built.axisRect->axis(QCPAxis::atLeft);
    int extra = 0;
    std::vector<double> values;
    for (const ChartSeries& s : data->series) {
        const QColor color = overlayColor(built, current, s.label, extra);
        auto* curve = new QCPGraph(x, y);
        curve->setName(s.label + QStringLiteral(" (baseline)"));
        curve->setPen(QPen(color, 1.6, Qt::DashLine));
        // Crosses, not hollow markers (those mean "missed the precision target"), and under the
        // current curves, so where the two runs agree the current one shows.
        curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(color, 1.3), Qt::NoBrush, kMarkerSize));
        curve->setLayer(QStringLiteral("grid"));
        QVector<double> xs, ys;
        for (const ChartPoint& p : s.points) {
            xs << p.x;
            ys << p.y;
            values.push_back(p.y);
            ChartSeries named = s;
            named.label = curve->name();
            overlay.hover.push_back({curve, p.x, p.y, pointText(named, p, *data)});
        }
        curve->setData(xs, ys, true);
        if (built.legend != nullptr) curve->addToLegend(built.legend);
        overlay.curves.push_back(curve);
    }
    includeInRange(y, values);
    if (QCPAxis* right = built.axisRect->axis(QCPAxis::atRight)) right->setRange(y->range());
    plot.replot(QCustomPlot::rpQueuedReplot);
    return overlay;
}

}  // namespace hashscope::ui
