// The comparison of the runs selected on the Results page: their comparability warnings, an
// overlay chart, and core's compare_runs table (ratio of ns/op per shared cell against the first
// run, significant cells marked), with the cells not in every run listed apart.
#pragma once

#include <QWidget>
#include <vector>

#include "hashscope/bench/html_report.hpp"

class QCustomPlot;
class QLabel;
class QListWidget;
class QTableWidget;

namespace hashscope::ui {

class ComparisonView final : public QWidget {
    Q_OBJECT

public:
    // Table columns: the cell, the first run's ns/op, then one ratio column per later run.
    static constexpr int kCellColumn = 0;
    static constexpr int kFirstColumn = 1;

    explicit ComparisonView(QWidget* parent = nullptr);

    // One run: its chart alone. Two or more: chart, warnings, table and lone cells.
    void showRuns(const std::vector<bench::ReportRun>& runs);
    void clear(const QString& hint);

    [[nodiscard]] QTableWidget* table() const { return table_; }
    [[nodiscard]] QListWidget* lone() const { return lone_; }
    [[nodiscard]] QLabel* warnings() const { return warnings_; }
    [[nodiscard]] QCustomPlot* chart() const { return chart_; }

private:
    void fillTable(const std::vector<bench::ReportRun>& runs);

    QLabel* hint_;
    QCustomPlot* chart_;
    QLabel* warnings_;
    QTableWidget* table_;
    QLabel* loneTitle_;
    QListWidget* lone_;
};

}  // namespace hashscope::ui
