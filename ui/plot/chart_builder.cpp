#include "plot/chart_builder.hpp"

#include <qcustomplot.h>
#include <algorithm>
#include <cmath>
#include <limits>

#include "plot/caption_element.hpp"
#include "plot/chart_caption.hpp"
#include "plot/chart_frame.hpp"
#include "plot/chart_markers.hpp"
#include "plot/chart_style.hpp"
#include "plot/chart_tickers.hpp"

namespace hashscope::ui {
namespace {

namespace style = chart_style;
using chart_frame::styleAxis;

// On a log axis an interval reaching zero (or infinity) cannot be drawn; bars are cut at 20× the
// value either way, far beyond any interval a usable cell has.
constexpr double kLogBarLimit = 20;
// The y range follows the points and their bars, bars counted up to 2×: one wild cell must not
// squash every other curve into a corner.
constexpr double kRangeBarLimit = 2;

struct Bar {
    double minus = 0, plus = 0;
};

Bar drawnBar(const ChartPoint& p, bool logY) {
    double low = p.low, high = p.high;
    if (logY) {
        low = std::max(low, p.y / kLogBarLimit);
        high = std::min(high, p.y * kLogBarLimit);
    } else {
        low = std::max(low, 0.0);
        high = std::isfinite(high) ? high : p.y * kLogBarLimit;
    }
    return {std::max(p.y - low, 0.0), std::max(high - p.y, 0.0)};
}

// Size views use log y always for ns/op (it spans decades), and for GB/s when the values span
// more than a decade; the threads view is linear from zero, to show scaling as it is.
bool wantsLogY(const ChartData& data) {
    if (data.view == ChartView::nsop) return true;
    if (data.view == ChartView::threads) return false;
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (const auto& s : data.series) {
        for (const auto& p : s.points) {
            lo = std::min(lo, p.y);
            hi = std::max(hi, p.y);
        }
    }
    return lo > 0 && hi / lo > 10;
}

QCPRange xRange(const ChartData& data) {
    if (data.view == ChartView::threads) {
        const double most = data.threadCounts.empty() ? 1.0 : static_cast<double>(data.threadCounts.back());
        return {0, most + 0.5};
    }
    const double lo = static_cast<double>(data.sizes.front());
    const double hi = static_cast<double>(data.sizes.back());
    // Half an octave (a whole one for a single size) beyond the sizes keeps end markers whole.
    const double pad = lo == hi ? 2.0 : std::sqrt(2.0);
    return {lo / pad, hi * pad};
}

QCPRange yRange(const ChartData& data, bool logY) {
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (const auto& s : data.series) {
        for (const auto& p : s.points) {
            const Bar bar = drawnBar(p, logY);
            lo = std::min(lo, std::max(p.y - bar.minus, p.y / kRangeBarLimit));
            hi = std::max(hi, std::min(p.y + bar.plus, p.y * kRangeBarLimit));
        }
    }
    if (!logY) return {0, hi > 0 ? hi * 1.08 : 1};
    // About 4% of the height of room at either end, at least a factor of 1.15.
    const double pad = std::max(1.15, std::pow(hi / lo, 0.04));
    return {lo / pad, hi * pad};
}

QString yLabel(const ChartData& data, bool logY) {
    switch (data.view) {
        case ChartView::nsop:
            return QStringLiteral("ns per operation (log)");
        case ChartView::gbps:
        case ChartView::bars:
            return logY ? QStringLiteral("GB/s (log)") : QStringLiteral("GB/s");
        case ChartView::threads:
            return QStringLiteral("aggregate GB/s, all threads");
    }
    return {};
}

void setupAxes(QCPAxisRect& rect, const ChartData& data, bool logY) {
    QCPAxis* x = rect.axis(QCPAxis::atBottom);
    QCPAxis* y = rect.axis(QCPAxis::atLeft);
    for (QCPAxis* axis : rect.axes()) styleAxis(axis);

    if (data.view == ChartView::threads) {
        // Ticks at the thread counts measured, not at 0.5 steps of a generic ticker.
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (const unsigned t : data.threadCounts) ticker->addTick(t, QString::number(t));
        x->setTicker(ticker);
        x->setSubTicks(false);
        x->setLabel(QStringLiteral("threads"));
    } else {
        x->setScaleType(QCPAxis::stLogarithmic);
        auto ticker = QSharedPointer<SizeTicker>::create();
        ticker->setTickCount(9);
        QVector<double> sizes;
        for (const std::size_t size : data.sizes) sizes << static_cast<double>(size);
        ticker->setMeasuredSizes(sizes);
        ticker->setAxis(x);
        x->setTicker(ticker);
        x->grid()->setSubGridVisible(true);
        x->setLabel(QStringLiteral("buffer size (log)"));
    }
    x->setRange(xRange(data));

    if (logY) {
        y->setScaleType(QCPAxis::stLogarithmic);
        auto ticker = QSharedPointer<DecadeTicker>::create();
        ticker->setTickCount(8);
        ticker->setAxis(y);
        y->setTicker(ticker);
        y->grid()->setSubGridVisible(true);
    } else {
        auto ticker = QSharedPointer<QCPAxisTicker>::create();
        ticker->setTickCount(6);
        y->setTicker(ticker);
    }
    y->setLabel(yLabel(data, logY));
    y->setRange(yRange(data, logY));

    // The top and right axes close the frame; their ticks would only repeat the others.
    for (QCPAxis* axis : {rect.axis(QCPAxis::atTop), rect.axis(QCPAxis::atRight)}) {
        axis->setVisible(true);
        axis->setTicks(false);
        axis->setTickLabels(false);
        axis->setRange(axis == rect.axis(QCPAxis::atTop) ? x->range() : y->range());
        axis->setScaleType(axis == rect.axis(QCPAxis::atTop) ? x->scaleType() : y->scaleType());
    }
}

QColor seriesColor(const ChartData& data, const ChartSeries& s) {
    const QColor base = style::participantColor(s.participant);
    if (data.view != ChartView::threads) return base;
    return style::shadeForSize(base, s.size, static_cast<int>(data.sizes.size()), style::inkFor().paper);
}

QCPScatterStyle::ScatterShape seriesShape(const ChartData& data, const ChartSeries& s) {
    return style::markerShape(data.view == ChartView::threads ? s.size : s.participant);
}

constexpr double kMarkerSize = 7;

void addSeries(QCPAxisRect& rect, const ChartData& data, bool logY, BuiltChart& built) {
    QCPAxis* x = rect.axis(QCPAxis::atBottom);
    QCPAxis* y = rect.axis(QCPAxis::atLeft);
    for (const auto& s : data.series) {
        const QColor color = seriesColor(data, s);
        const auto shape = seriesShape(data, s);

        // Created before the curve so the curve's line and markers are drawn over its bars.
        auto* bars = new QCPErrorBars(x, y);
        auto* curve = new QCPGraph(x, y);
        curve->setName(s.label);
        curve->setPen(QPen(color, 2, style::modeLineStyle(s.mode)));
        curve->setScatterStyle(QCPScatterStyle(shape, QPen(color, 1.5), QBrush(color), kMarkerSize));

        QVector<double> xs, ys, minus, plus, impreciseX, impreciseY;
        for (const auto& p : s.points) {
            xs << p.x;
            ys << p.y;
            const Bar bar = drawnBar(p, logY);
            minus << bar.minus;
            plus << bar.plus;
            if (!p.precise) {
                impreciseX << p.x;
                impreciseY << p.y;
            }
        }
        curve->setData(xs, ys, true);

        QColor barColor = color;
        barColor.setAlpha(190);
        bars->setDataPlottable(curve);
        bars->setData(minus, plus);
        bars->setPen(QPen(barColor, 1.3));
        bars->setWhiskerWidth(7);
        bars->setSymbolGap(0);  // a gap would hide small bars entirely behind the marker
        bars->setName(s.label + QStringLiteral(" (99.9% CI)"));

        built.curves.push_back(curve);
        built.errorBars.push_back(bars);

        if (!impreciseX.isEmpty()) {
            // Markers filled with the paper drawn over the filled ones: the point reads as hollow.
            auto* hollow = new QCPGraph(x, y);
            hollow->setName(s.label + QStringLiteral(" (imprecise)"));
            hollow->setLineStyle(QCPGraph::lsNone);
            hollow->setScatterStyle(
                QCPScatterStyle(shape, QPen(color, 1.5), QBrush(style::inkFor().paper), kMarkerSize));
            hollow->setData(impreciseX, impreciseY, true);
            built.impreciseMarkers.push_back(hollow);
        }
    }
}

void addLegendEntries(QCPAxisRect& rect, const ChartData& data, double precision, BuiltChart& built) {
    for (QCPGraph* curve : built.curves) curve->addToLegend(built.legend);
    if (data.imprecise == 0) return;
    // A legend row with no data explains the hollow markers where readers look for a key.
    auto* key = new QCPGraph(rect.axis(QCPAxis::atBottom), rect.axis(QCPAxis::atLeft));
    key->setName(QStringLiteral("hollow: missed ±%1% target").arg(precision * 100, 0, 'g', 3));
    key->setLineStyle(QCPGraph::lsNone);
    const style::Ink ink = style::inkFor();
    key->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(ink.muted, 1.5), QBrush(ink.paper), kMarkerSize));
    key->addToLegend(built.legend);
}

}  // namespace

BuiltChart buildChart(QCustomPlot& plot, const bench::BenchReport& report, const ChartData& data) {
    BuiltChart built;
    static_cast<chart_frame::Frame&>(built) =
        chart_frame::makeFrame(plot, chartCaption(report, data), referenceLabelHeight());

    const bool logY = wantsLogY(data);
    setupAxes(*built.axisRect, data, logY);
    addSeries(*built.axisRect, data, logY, built);
    addLegendEntries(*built.axisRect, data, report.spec.precision, built);
    addReferenceLines(*built.axisRect, referenceLines(report.environment, data.view), built.markers,
                      built.markerLabels);
    return built;
}

Result<BuiltChart> buildChart(QCustomPlot& plot, const bench::BenchReport& report, const ChartOptions& options) {
    auto data = selectChartData(report, options);
    if (!data) return data.error();
    return buildChart(plot, report, *data);
}

}  // namespace hashscope::ui
