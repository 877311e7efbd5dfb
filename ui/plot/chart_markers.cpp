#include "plot/chart_markers.hpp"

#include <qcustomplot.h>
#include <QFontMetrics>
#include <cmath>
#include <limits>

#include "hashscope/bench/sizes.hpp"
#include "plot/chart_style.hpp"

namespace hashscope::ui {
namespace {

QFont labelFont() { return chart_style::font(chart_style::kCaptionPt); }

// Where x sits across the axis, 0 at the left end and 1 at the right, on the axis's own scale.
double axisFraction(const QCPAxis& axis, double x) {
    const QCPRange r = axis.range();
    if (axis.scaleType() == QCPAxis::stLogarithmic) return std::log(x / r.lower) / std::log(r.upper / r.lower);
    return (x - r.lower) / (r.upper - r.lower);
}

// Left and right pixel ends of a label as it will be drawn.
std::pair<double, double> horizontalExtent(const QCPItemText& label) {
    const double x = label.position->pixelPosition().x();
    const double width =
        QFontMetricsF(label.font()).horizontalAdvance(label.text()) + label.padding().left() + label.padding().right();
    if (label.positionAlignment() & Qt::AlignLeft) return {x, x + width};
    if (label.positionAlignment() & Qt::AlignRight) return {x - width, x};
    return {x - width / 2, x + width / 2};
}

// In a narrow plot L1d and L2 come close: the later label gives way (its line stays). Decided
// after each layout, when the axis has its final length.
void hideCrowdedLabels(QCustomPlot* plot, const std::vector<QCPItemText*>& labels) {
    if (labels.empty()) return;
    QObject::connect(plot, &QCustomPlot::afterLayout, labels.front(), [labels] {
        double lastRight = -std::numeric_limits<double>::infinity();
        for (QCPItemText* label : labels) {
            const auto [left, right] = horizontalExtent(*label);
            const bool fits = left > lastRight + 6;
            label->setVisible(fits);
            if (fits) lastRight = right;
        }
    });
}

}  // namespace

std::vector<ReferenceLine> referenceLines(const bench::Environment& env, ChartView view) {
    std::vector<ReferenceLine> result;
    if (view == ChartView::threads) {
        if (env.cores > 0)
            result.push_back({static_cast<double>(env.cores), QStringLiteral("%1 cores").arg(env.cores)});
        if (env.threads > env.cores) {
            result.push_back({static_cast<double>(env.threads), QStringLiteral("%1 hw threads").arg(env.threads)});
        }
        return result;
    }
    const std::pair<const char*, std::uint64_t> caches[] = {{"L1d", env.l1d}, {"L2", env.l2}, {"L3", env.l3}};
    for (const auto& [name, bytes] : caches) {
        if (bytes == 0) continue;
        result.push_back({static_cast<double>(bytes),
                          QStringLiteral("%1 %2").arg(QLatin1String(name), QString::fromStdString(bench::format_size(
                                                                               static_cast<std::size_t>(bytes))))});
    }
    return result;
}

int referenceLabelHeight() { return QFontMetrics(labelFont()).height() + 6; }

void addReferenceLines(QCPAxisRect& rect, const std::vector<ReferenceLine>& wanted,
                       std::vector<QCPItemStraightLine*>& lines, std::vector<QCPItemText*>& labels) {
    QCustomPlot* plot = rect.parentPlot();
    QCPAxis* x = rect.axis(QCPAxis::atBottom);
    QCPAxis* y = rect.axis(QCPAxis::atLeft);
    std::vector<QCPItemText*> added;
    for (const auto& ref : wanted) {
        const double where = axisFraction(*x, ref.x);
        if (!(where > 0 && where < 1)) continue;

        auto* line = new QCPItemStraightLine(plot);
        line->setClipAxisRect(&rect);
        line->setLayer(QStringLiteral("grid"));  // under the curves: a reference, not data
        for (QCPItemPosition* p : {line->point1, line->point2}) {
            p->setAxes(x, y);
            p->setAxisRect(&rect);
            p->setTypeX(QCPItemPosition::ptPlotCoords);
            p->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        line->point1->setCoords(ref.x, 0);
        line->point2->setCoords(ref.x, 1);
        line->setPen(QPen(chart_style::inkFor().muted, 1, Qt::DashLine));
        lines.push_back(line);

        auto* label = new QCPItemText(plot);
        label->setClipToAxisRect(false);  // it sits in the margin above the plot
        label->position->setAxes(x, y);
        label->position->setAxisRect(&rect);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(ref.x, 0);
        // Centred on its line, except near an end of the axis, where it would stick out.
        Qt::Alignment horizontal = Qt::AlignHCenter;
        if (where > 0.9) horizontal = Qt::AlignRight;
        if (where < 0.1) horizontal = Qt::AlignLeft;
        label->setPositionAlignment(Qt::AlignBottom | horizontal);
        label->setPadding(QMargins(2, 0, 2, 3));
        label->setFont(labelFont());
        label->setColor(chart_style::inkFor().muted);
        label->setText(ref.label);
        labels.push_back(label);
        added.push_back(label);
    }
    hideCrowdedLabels(plot, added);
}

}  // namespace hashscope::ui
