// ChartPanel: the live chart of the Benchmark page. Its four views (ChartView: ns/op vs size, GB/s vs
// size, GB/s vs threads, bars at one size), a legend whose entries hide and show their curves, tooltips
// with value ± error and samples, zoom and pan with the mouse, and a reset. While a run goes,
// new results are drawn at most a few times a second, however fast cells finish.
#pragma once

#include <QSet>
#include <QTimer>
#include <QWidget>
#include <optional>
#include <vector>

#include "hashscope/bench/report.hpp"
#include "plot/bar_chart.hpp"
#include "plot/chart_builder.hpp"
#include "plot/chart_hover.hpp"
#include "plot/chart_view.hpp"

class QComboBox;
class QCustomPlot;
class QLabel;
class QMouseEvent;
class QPushButton;
class QStackedWidget;

namespace hashscope::ui {

class ChartPanel : public QWidget {
    Q_OBJECT

public:
    // How long new results wait before they are drawn: a repaint per cell would take the GUI's
    // time (and the machine's) for nothing a reader can follow.
    static constexpr int kRepaintIntervalMs = 400;

    explicit ChartPanel(QWidget* parent = nullptr);

    // Draws the report soon (throttled); the first one, and any after a pause, at once.
    void setReport(const bench::BenchReport& report);
    void setBaseline(std::optional<bench::BenchReport> baseline);
    void setView(ChartView view);
    [[nodiscard]] ChartView view() const;
    // The size the bar view shows (it falls back to a measured one).
    void setBarSize(std::size_t size);
    // Draws what is pending now.
    void rebuildNow();

    // Hides or shows a curve with its error bars, as a click on its legend entry does.
    void toggleCurve(const QString& name);
    [[nodiscard]] bool curveHidden(const QString& name) const { return hidden_.contains(name); }
    // What the tooltip would say with the mouse at `pixel` (plot coordinates); empty for nothing.
    [[nodiscard]] QString hoverTextAt(QPointF pixel) const;
    [[nodiscard]] const std::vector<HoverPoint>& hoverPoints() const { return hover_; }
    // The names of the drawn data curves (line views) or bars (bar view), baseline included.
    [[nodiscard]] QStringList curveNames() const;
    // Empty when a chart is drawn, else the reason shown in its place.
    [[nodiscard]] QString message() const;

    // Saves what is shown, with its caption: PNG (scale 2 for high-DPI screens), SVG or PDF.
    // Empty on success, else the reason.
    QString save(const QString& path, double scale = 1);

    [[nodiscard]] QCustomPlot* plot() const { return plot_; }

signals:
    // The view changed, by the user or by setView() (the page remembers it).
    void viewChanged();

protected:
    // A new theme: the chart is drawn again in the palette's paper and ink.
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void drawLines(ChartView view);
    void drawBars();
    void showMessage(const QString& text);
    void applyHidden();
    void refillBarSizes();
    void onMouseMove(QMouseEvent* event);

    QComboBox* viewCombo_;
    QComboBox* sizeCombo_;
    QPushButton* reset_;
    QStackedWidget* stack_;
    QCustomPlot* plot_;
    QLabel* message_;
    QTimer repaint_;

    std::optional<bench::BenchReport> report_;
    std::optional<bench::BenchReport> baseline_;
    std::vector<HoverPoint> hover_;
    QSet<QString> hidden_;
    std::size_t barSize_ = 0;
    bool userMoved_ = false;  // zoomed or panned: new results keep the view
    bool rebuilding_ = false;
};

}  // namespace hashscope::ui
