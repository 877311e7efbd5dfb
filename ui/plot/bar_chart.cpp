#include "plot/bar_chart.hpp"

#include <qcustomplot.h>
#include <algorithm>

#include "common/format.hpp"
#include "hashscope/bench/sizes.hpp"
#include "plot/caption_element.hpp"
#include "plot/chart_data.hpp"
#include "plot/chart_frame.hpp"
#include "plot/chart_style.hpp"

namespace hashscope::ui {
namespace {

namespace style = chart_style;

// Bar thickness in key units (one row per participant): alone, or beside a baseline bar.
constexpr double kBarWidth = 0.62, kPairWidth = 0.38;

struct Row {
    const ChartSeries* series = nullptr;
    ChartPoint point;
    std::optional<ChartPoint> baseline;
};

std::optional<ChartPoint> pointAt(const ChartSeries& series, std::size_t size) {
    for (const ChartPoint& p : series.points) {
        if (p.x == static_cast<double>(size)) return p;
    }
    return std::nullopt;
}

// The line charts' caption, reworded for bars: no hollow markers here; an imprecise bar is
// paler, with "~" after its figure.
ChartCaption barCaption(const bench::BenchReport& report, const ChartData& data, std::size_t size, int imprecise,
                        int bars) {
    ChartCaption words = chartCaption(report, data);
    const QString at = QString::fromStdString(bench::format_size(size));
    if (!words.title.isEmpty()) words.title.back() = QStringLiteral("GB/s at %1").arg(at);
    for (QStringList& line : words.lines) {
        line.replaceInStrings(QStringLiteral("points: means"), QStringLiteral("bars: means"));
        line.erase(std::remove_if(line.begin(), line.end(),
                                  [](const QString& s) { return s.startsWith(QStringLiteral("hollow markers")); }),
                   line.end());
        if (imprecise > 0 && line.contains(QStringLiteral("error bars: 99.9% CI"))) {
            line << QStringLiteral("pale bars with ~: %1 of %2 missed the target").arg(imprecise).arg(bars);
        }
    }
    return words;
}

QCPBars* addBar(QCPAxis* key, QCPAxis* value, double at, double gbps, double width, const QColor& color) {
    auto* bar = new QCPBars(key, value);
    bar->setWidth(width);
    bar->setPen(QPen(color.darker(115), 1));
    bar->setBrush(color);
    bar->addData(at, gbps);
    return bar;
}

void addValueLabel(QCustomPlot& plot, QCPAxisRect& rect, double key, double x, const QString& text) {
    auto* label = new QCPItemText(&plot);
    label->setClipToAxisRect(false);
    label->position->setAxes(rect.axis(QCPAxis::atBottom), rect.axis(QCPAxis::atLeft));
    label->position->setCoords(x, key);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    label->setPadding(QMargins(6, 0, 0, 0));
    label->setFont(style::font(style::kTickPt));
    label->setColor(style::inkFor().text);
    label->setText(text);
}

}  // namespace

std::vector<std::size_t> barChartSizes(const bench::BenchReport& report) {
    std::vector<std::size_t> sizes;
    for (const auto& cell : report.results) {
        if (isHarness(cell) || cell.size == 0) continue;
        if (std::find(sizes.begin(), sizes.end(), cell.size) == sizes.end()) sizes.push_back(cell.size);
    }
    std::sort(sizes.begin(), sizes.end());
    return sizes;
}

std::size_t defaultBarSize(const std::vector<std::size_t>& sizes) {
    if (sizes.empty()) return 0;
    return std::find(sizes.begin(), sizes.end(), 4096) != sizes.end() ? 4096 : sizes.back();
}

Result<BuiltBarChart> buildBarChart(QCustomPlot& plot, const bench::BenchReport& report, std::size_t size,
                                    const bench::BenchReport* baseline, std::optional<bench::Placement> placement) {
    auto data = selectChartData(report, ChartOptions{ChartView::bars, placement});
    if (!data) return data.error();
    std::optional<ChartData> old;
    if (baseline != nullptr) {
        if (auto b = selectChartData(*baseline, ChartOptions{ChartView::bars, data->placement})) old = std::move(*b);
    }
    std::vector<Row> rows;
    for (const ChartSeries& s : data->series) {
        const auto p = pointAt(s, size);
        if (!p) continue;
        Row row{&s, *p, std::nullopt};
        if (old) {
            for (const ChartSeries& b : old->series) {
                if (b.label == s.label) row.baseline = pointAt(b, size);
            }
        }
        rows.push_back(row);
    }
    if (rows.empty()) return Error{"nothing was measured at " + bench::format_size(size)};
    const auto imprecise = std::count_if(rows.begin(), rows.end(), [](const Row& r) { return !r.point.precise; });

    BuiltBarChart built;
    static_cast<chart_frame::Frame&>(built) = chart_frame::makeFrame(
        plot, barCaption(report, *data, size, static_cast<int>(imprecise), static_cast<int>(rows.size())), 8);
    for (QCPAxis* axis : built.axisRect->axes()) chart_frame::styleAxis(axis);
    QCPAxis* value = built.axisRect->axis(QCPAxis::atBottom);
    QCPAxis* key = built.axisRect->axis(QCPAxis::atLeft);
    const bool pairs = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.baseline.has_value(); });

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    double most = 0;
    const auto n = static_cast<double>(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& row = rows[i];
        const double at = n - 1 - static_cast<double>(i);  // the first participant on top
        const QColor color = style::participantColor(row.series->participant);
        QColor fill = color;
        if (!row.point.precise) fill.setAlpha(110);
        built.labels << row.series->label;
        ticker->addTick(at, row.series->label);

        QCPBars* bar =
            addBar(key, value, pairs ? at + kPairWidth / 2 : at, row.point.y, pairs ? kPairWidth : kBarWidth, fill);
        bar->setPen(QPen(color.darker(115), 1));
        bar->setName(row.series->label);
        auto* error = new QCPErrorBars(key, value);
        error->setDataPlottable(bar);
        const double high = std::isfinite(row.point.high) ? row.point.high : row.point.y * 2;
        error->setData(QVector<double>{row.point.y - row.point.low}, QVector<double>{high - row.point.y});
        error->setPen(QPen(style::inkFor().text, 1.2));
        error->setWhiskerWidth(6);
        error->setName(row.series->label + QStringLiteral(" (99.9% CI)"));
        built.bars.push_back(bar);
        built.errorBars.push_back(error);
        built.hover.push_back({bar, bar->data()->at(0)->key, row.point.y, pointText(*row.series, row.point, *data)});
        addValueLabel(plot, *built.axisRect, bar->data()->at(0)->key, high,
                      formatFigure(row.point.y) + (row.point.precise ? QString() : QStringLiteral(" ~")));
        most = std::max(most, high);

        if (row.baseline) {
            QColor light = color;
            light.setAlpha(70);
            QCPBars* before = addBar(key, value, at - kPairWidth / 2, row.baseline->y, kPairWidth, light);
            before->setPen(QPen(color, 1.4, Qt::DashLine));
            before->setName(QStringLiteral("baseline"));
            ChartSeries named = *row.series;
            named.label += QStringLiteral(" (baseline)");
            built.hover.push_back(
                {before, at - kPairWidth / 2, row.baseline->y, pointText(named, *row.baseline, *data)});
            addValueLabel(plot, *built.axisRect, at - kPairWidth / 2, row.baseline->y, formatFigure(row.baseline->y));
            most = std::max(most, row.baseline->y);
            if (built.baselineBars.empty()) before->addToLegend(built.legend);
            built.baselineBars.push_back(before);
        }
    }
    key->setTicker(ticker);
    key->setSubTicks(false);
    key->setTickLength(0, 0);
    key->grid()->setVisible(false);
    key->setRange(-0.6, n - 0.4);
    value->setLabel(QStringLiteral("GB/s (higher is faster)"));
    // Room at the right for the figures written after the bars.
    value->setRange(0, most > 0 ? most * 1.18 : 1);
    for (QCPAxis* axis : {built.axisRect->axis(QCPAxis::atTop), built.axisRect->axis(QCPAxis::atRight)}) {
        axis->setVisible(true);
        axis->setTicks(false);
        axis->setTickLabels(false);
    }
    built.legend->setVisible(!built.baselineBars.empty());
    return built;
}

}  // namespace hashscope::ui
