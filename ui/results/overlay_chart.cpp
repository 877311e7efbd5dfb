#include "results/overlay_chart.hpp"

#include <qcustomplot.h>

#include <QMap>
#include <algorithm>
#include <cmath>
#include <set>

#include "plot/chart_caption.hpp"
#include "plot/chart_data.hpp"
#include "plot/chart_frame.hpp"
#include "plot/chart_style.hpp"
#include "plot/chart_tickers.hpp"

namespace hashscope::ui {
namespace {

namespace style = chart_style;

QString qs(const std::string& s) { return QString::fromStdString(s); }

bool drawable(const bench::CellResult& c) {
    return !isHarness(c) && c.size > 0 && std::isfinite(c.gb_per_s) && c.gb_per_s > 0;
}

// A curve's name within its run: algorithm · implementation, and the mode, thread count and
// placement when the runs shown vary them.
struct Labeller {
    bool modes = false, threads = false, placements = false;
    explicit Labeller(const std::vector<bench::ReportRun>& runs) {
        std::set<std::string> m;
        std::set<unsigned> t;
        std::set<bench::Placement> p;
        for (const auto& run : runs) {
            for (const auto& c : run.report.results) {
                if (!drawable(c)) continue;
                m.insert(bench::mode_label(c.mode));
                t.insert(c.threads);
                p.insert(c.placement);
            }
        }
        modes = m.size() > 1;
        threads = t.size() > 1;
        placements = p.size() > 1;
    }
    [[nodiscard]] QString operator()(const bench::CellResult& c) const {
        QString label = qs(c.algorithm) + QStringLiteral(" · ") + qs(c.implementation);
        if (modes) label += QStringLiteral(" · ") + qs(bench::mode_label(c.mode));
        if (threads) label += QStringLiteral(" · %1t").arg(c.threads);
        if (placements) label += QStringLiteral(" · ") + qs(std::string(bench::placement_name(c.placement)));
        return label;
    }
};

}  // namespace

QString runLabel(const bench::ReportRun& run) { return qs(run.name.empty() ? run.id : run.name); }

int drawRunsOverlay(QCustomPlot& plot, const std::vector<bench::ReportRun>& runs) {
    ChartCaption words;
    words.title = {QStringLiteral("HashScope"),
                   runs.size() == 1 ? runLabel(runs.front()) : QStringLiteral("%1 runs").arg(runs.size()),
                   QStringLiteral("GB/s vs size")};
    for (const auto& run : runs) {
        const auto& e = run.report.environment;
        words.lines.append({runLabel(run), qs(e.cpu_model), qs(e.build_type), qs(e.date),
                            QStringLiteral("%1 preset").arg(qs(run.report.spec.preset))});
    }
    const auto frame = chart_frame::makeFrame(plot, words, 8);
    QCPAxis* x = frame.axisRect->axis(QCPAxis::atBottom);
    QCPAxis* y = frame.axisRect->axis(QCPAxis::atLeft);
    for (QCPAxis* axis : frame.axisRect->axes()) chart_frame::styleAxis(axis);

    const Labeller label(runs);
    QStringList participants;  // every run's, in order of first appearance: the marker shapes
    std::set<double> sizes;
    double most = 0;
    int curves = 0;
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const QColor colour = style::participantColor(static_cast<int>(r));
        QMap<QString, QList<QPair<double, double>>> points;
        QStringList order;
        for (const auto& c : runs[r].report.results) {
            if (!drawable(c)) continue;
            const QString name = label(c);
            if (!points.contains(name)) order << name;
            points[name].append({static_cast<double>(c.size), c.gb_per_s});
            sizes.insert(static_cast<double>(c.size));
            most = std::max(most, c.gb_per_s);
        }
        for (const QString& name : order) {
            if (!participants.contains(name)) participants << name;
            auto list = points.value(name);
            std::sort(list.begin(), list.end());
            QVector<double> xs, ys;
            for (const auto& [size, gbps] : list) {
                xs << size;
                ys << gbps;
            }
            auto* curve = new QCPGraph(x, y);
            curve->setName(runLabel(runs[r]) + QStringLiteral(": ") + name);
            curve->setPen(QPen(colour, 2));
            curve->setScatterStyle(QCPScatterStyle(style::markerShape(static_cast<int>(participants.indexOf(name))),
                                                   QPen(colour, 1.5), QBrush(colour), 7));
            curve->setData(xs, ys, true);
            curve->addToLegend(frame.legend);
            ++curves;
        }
    }

    x->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<SizeTicker>::create();
    ticker->setTickCount(9);
    ticker->setMeasuredSizes(QVector<double>(sizes.begin(), sizes.end()));
    ticker->setAxis(x);
    x->setTicker(ticker);
    x->grid()->setSubGridVisible(true);
    x->setLabel(QStringLiteral("buffer size (log)"));
    y->setLabel(QStringLiteral("GB/s"));
    if (sizes.empty()) {
        x->setRange(64, 1 << 20);
        y->setRange(0, 1);
    } else {
        x->setRange(*sizes.begin() / 1.5, *sizes.rbegin() * 1.5);
        y->setRange(0, most * 1.08);
    }
    for (QCPAxis* axis : {frame.axisRect->axis(QCPAxis::atTop), frame.axisRect->axis(QCPAxis::atRight)}) {
        axis->setVisible(true);
        axis->setTicks(false);
        axis->setTickLabels(false);
    }
    plot.replot();
    return curves;
}

}  // namespace hashscope::ui
