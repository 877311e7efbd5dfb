#include "bench/chart_panel.hpp"

#include <qcustomplot.h>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStackedWidget>
#include <QToolTip>
#include <QVBoxLayout>

#include "hashscope/bench/sizes.hpp"
#include "plot/chart_export.hpp"
#include "plot/chart_overlay.hpp"
#include "plot/chart_style.hpp"

namespace hashscope::ui {
namespace {

constexpr double kHoverRadius = 12;  // pixels
const QString kCi = QStringLiteral(" (99.9% CI)");
const QString kImprecise = QStringLiteral(" (imprecise)");

// The curve a companion plottable belongs to: error bars and hollow markers go with their curve.
QString curveOf(const QString& name) {
    for (const QString& suffix : {kCi, kImprecise}) {
        if (name.endsWith(suffix)) return name.left(name.size() - suffix.size());
    }
    return name;
}

}  // namespace

ChartPanel::ChartPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("chartPanel"));
    viewCombo_ = new QComboBox(this);
    viewCombo_->setObjectName(QStringLiteral("chartViewCombo"));
    // In ChartView's order: the index is the view.
    viewCombo_->addItems(
        {tr("ns/op vs size"), tr("GB/s vs size"), tr("GB/s vs threads"), tr("GB/s at one size (bars)")});
    sizeCombo_ = new QComboBox(this);
    sizeCombo_->setObjectName(QStringLiteral("barSizeCombo"));
    sizeCombo_->setToolTip(tr("The buffer size the bars show"));
    sizeCombo_->hide();
    reset_ = new QPushButton(tr("Reset view"), this);
    reset_->setObjectName(QStringLiteral("resetViewButton"));
    reset_->setToolTip(tr("Undo zoom and pan (drag to pan, wheel to zoom); show every curve"));

    plot_ = new QCustomPlot(this);
    plot_->setObjectName(QStringLiteral("benchChart"));
    plot_->setMinimumSize(320, 220);
    plot_->setMouseTracking(true);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    message_ = new QLabel(tr("Run a benchmark: its chart grows here as cells finish."), this);
    message_->setObjectName(QStringLiteral("chartMessage"));
    message_->setAlignment(Qt::AlignCenter);
    message_->setWordWrap(true);
    // The chart's paper and a quiet ink, from the palette: they follow the theme as it changes.
    message_->setAutoFillBackground(true);
    message_->setBackgroundRole(QPalette::Base);
    message_->setForegroundRole(QPalette::PlaceholderText);
    QFont messageFont = message_->font();
    messageFont.setPointSizeF(12);
    message_->setFont(messageFont);
    stack_ = new QStackedWidget(this);
    stack_->addWidget(message_);
    stack_->addWidget(plot_);

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("View"), this));
    bar->addWidget(viewCombo_);
    bar->addWidget(sizeCombo_);
    bar->addStretch();
    bar->addWidget(reset_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(stack_, 1);

    repaint_.setSingleShot(true);
    repaint_.setInterval(kRepaintIntervalMs);
    connect(&repaint_, &QTimer::timeout, this, &ChartPanel::rebuild);
    connect(viewCombo_, &QComboBox::currentIndexChanged, this, [this] {
        userMoved_ = false;
        sizeCombo_->setVisible(view() == ChartView::bars);
        rebuildNow();
        emit viewChanged();
    });
    connect(sizeCombo_, &QComboBox::activated, this,
            [this] { setBarSize(static_cast<std::size_t>(sizeCombo_->currentData().toULongLong())); });
    connect(reset_, &QPushButton::clicked, this, [this] {
        userMoved_ = false;
        hidden_.clear();
        rebuildNow();
    });
    connect(plot_, &QCustomPlot::legendClick, this, [this](QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) {
        if (auto* entry = qobject_cast<QCPPlottableLegendItem*>(item)) toggleCurve(entry->plottable()->name());
    });
    connect(plot_, &QCustomPlot::mouseWheel, this, [this] { userMoved_ = true; });
    connect(plot_, &QCustomPlot::mouseMove, this, &ChartPanel::onMouseMove);
}

void ChartPanel::setReport(const bench::BenchReport& report) {
    const bool first = !report_ || report_->results.empty();
    report_ = report;
    if (first) {
        rebuildNow();
    } else if (!repaint_.isActive()) {
        repaint_.start();
    }
}

void ChartPanel::setBaseline(std::optional<bench::BenchReport> baseline) {
    baseline_ = std::move(baseline);
    rebuildNow();
}

void ChartPanel::setView(ChartView view) { viewCombo_->setCurrentIndex(static_cast<int>(view)); }

ChartView ChartPanel::view() const { return static_cast<ChartView>(std::max(0, viewCombo_->currentIndex())); }

void ChartPanel::setBarSize(std::size_t size) {
    barSize_ = size;
    rebuildNow();
}

void ChartPanel::rebuildNow() {
    repaint_.stop();
    rebuild();
}

void ChartPanel::rebuild() {
    if (!report_ || report_->results.empty()) {
        showMessage(tr("Run a benchmark: its chart grows here as cells finish."));
        return;
    }
    // A zoomed or panned view stays where the user put it while results come in.
    std::optional<std::pair<QCPRange, QCPRange>> kept;
    if (userMoved_ && stack_->currentWidget() == plot_ && plot_->xAxis && plot_->yAxis) {
        kept = std::pair(plot_->xAxis->range(), plot_->yAxis->range());
    }
    rebuilding_ = true;
    hover_.clear();
    if (view() == ChartView::bars) {
        drawBars();
    } else {
        drawLines(view());
    }
    if (kept && stack_->currentWidget() == plot_) {
        plot_->xAxis->setRange(kept->first);
        plot_->yAxis->setRange(kept->second);
    }
    applyHidden();
    rebuilding_ = false;
    plot_->replot();
}

void ChartPanel::drawLines(ChartView view) {
    auto chartData = selectChartData(*report_, ChartOptions{view, {}});
    if (!chartData) {
        showMessage(QString::fromStdString(chartData.error().message));
        return;
    }
    const BuiltChart built = buildChart(*plot_, *report_, *chartData);
    hover_ = ui::hoverPoints(built, *chartData);
    if (baseline_) {
        auto overlay = addBaselineOverlay(*plot_, built, *chartData, *baseline_);
        hover_.insert(hover_.end(), overlay.hover.begin(), overlay.hover.end());
    }
    stack_->setCurrentWidget(plot_);
}

void ChartPanel::refillBarSizes() {
    const auto sizes = barChartSizes(*report_);
    if (std::find(sizes.begin(), sizes.end(), barSize_) == sizes.end() && !sizes.empty()) {
        barSize_ = defaultBarSize(sizes);
    }
    const QSignalBlocker quiet(sizeCombo_);
    sizeCombo_->clear();
    for (const std::size_t s : sizes) {
        sizeCombo_->addItem(QString::fromStdString(bench::format_size(s)), static_cast<qulonglong>(s));
        if (s == barSize_) sizeCombo_->setCurrentIndex(sizeCombo_->count() - 1);
    }
}

void ChartPanel::drawBars() {
    refillBarSizes();
    const bench::BenchReport* baseline = baseline_ ? &*baseline_ : nullptr;
    auto built = buildBarChart(*plot_, *report_, barSize_, baseline);
    if (!built) {
        showMessage(QString::fromStdString(built.error().message));
        return;
    }
    hover_ = built->hover;
    stack_->setCurrentWidget(plot_);
}

void ChartPanel::showMessage(const QString& text) {
    message_->setText(text);
    stack_->setCurrentWidget(message_);
    hover_.clear();
}

void ChartPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) rebuildNow();
}

QString ChartPanel::message() const { return stack_->currentWidget() == message_ ? message_->text() : QString(); }

void ChartPanel::toggleCurve(const QString& name) {
    const QString curve = curveOf(name);
    if (!hidden_.remove(curve)) hidden_.insert(curve);
    applyHidden();
    plot_->replot();
}

void ChartPanel::applyHidden() {
    for (int i = 0; i < plot_->plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot_->plottable(i);
        p->setVisible(!hidden_.contains(curveOf(p->name())));
    }
    if (plot_->legend == nullptr) return;
    for (int i = 0; i < plot_->legend->itemCount(); ++i) {
        if (auto* entry = qobject_cast<QCPPlottableLegendItem*>(plot_->legend->item(i))) {
            const bool hidden = hidden_.contains(curveOf(entry->plottable()->name()));
            // Kept in the legend, faded: a click brings it back.
            entry->setTextColor(hidden ? chart_style::inkFor().muted : chart_style::inkFor().text);
        }
    }
}

QStringList ChartPanel::curveNames() const {
    QStringList names;
    if (stack_->currentWidget() != plot_) return names;
    for (int i = 0; i < plot_->plottableCount(); ++i) {
        const QCPAbstractPlottable* p = plot_->plottable(i);
        if (qobject_cast<const QCPErrorBars*>(p) || p->name().endsWith(kImprecise) ||
            p->name().startsWith(QStringLiteral("hollow:"))) {
            continue;
        }
        names << p->name();
    }
    return names;
}

QString ChartPanel::hoverTextAt(QPointF pixel) const {
    if (stack_->currentWidget() != plot_) return {};
    const HoverPoint* p = nearestHoverPoint(hover_, pixel, kHoverRadius);
    return p ? p->text : QString();
}

void ChartPanel::onMouseMove(QMouseEvent* event) {
    if (event->buttons() != Qt::NoButton) {
        userMoved_ = true;  // dragging pans
        return;
    }
    const QString text = hoverTextAt(event->position());
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(plot_->mapToGlobal(event->position().toPoint()), text, plot_);
    }
}

QString ChartPanel::save(const QString& path, double scale) {
    if (stack_->currentWidget() != plot_) return tr("cannot save %1: there is no chart yet").arg(path);
    QString error = exportChart(*plot_, path, ExportSize{1200, 750, scale});
    // The export laid the chart out at its own size; ticks follow the layout before, so twice.
    plot_->replot();
    plot_->replot();
    return error;
}

}  // namespace hashscope::ui
