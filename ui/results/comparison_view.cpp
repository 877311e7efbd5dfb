#include "results/comparison_view.hpp"

#include <qcustomplot.h>

#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "common/format.hpp"
#include "common/status_colours.hpp"
#include "hashscope/bench/results_compare.hpp"
#include "results/overlay_chart.hpp"

namespace hashscope::ui {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

ComparisonView::ComparisonView(QWidget* parent)
    : QWidget(parent),
      hint_(new QLabel(this)),
      chart_(new QCustomPlot(this)),
      warnings_(new QLabel(this)),
      table_(new QTableWidget(this)),
      loneTitle_(new QLabel(tr("Not in every run:"), this)),
      lone_(new QListWidget(this)) {
    setObjectName(QStringLiteral("resultsComparison"));
    hint_->setObjectName(QStringLiteral("resultsCompareHint"));
    chart_->setObjectName(QStringLiteral("resultsChart"));
    warnings_->setObjectName(QStringLiteral("resultsCompareWarnings"));
    table_->setObjectName(QStringLiteral("resultsCompareTable"));
    loneTitle_->setObjectName(QStringLiteral("resultsLoneTitle"));
    lone_->setObjectName(QStringLiteral("resultsLoneCells"));

    hint_->setWordWrap(true);
    warnings_->setWordWrap(true);
    warnings_->setStyleSheet(status_colour::labelStyle(status_colour::colours().caution));
    warnings_->setTextFormat(Qt::PlainText);
    chart_->setMinimumHeight(260);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(false);
    lone_->setMaximumHeight(90);

    // The chart and the table share the height; the user moves the line between them.
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("resultsCompareSplit"));
    split->addWidget(chart_);
    auto* lower = new QWidget(split);
    lower->setObjectName(QStringLiteral("resultsCompareLower"));
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(warnings_);
    lowerLayout->addWidget(table_, 1);
    lowerLayout->addWidget(loneTitle_);
    lowerLayout->addWidget(lone_);
    split->addWidget(lower);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({300, 220});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(hint_);
    layout->addWidget(split, 1);
    clear(tr("Select a run to see its chart, or two or more to compare them."));
}

void ComparisonView::clear(const QString& hint) {
    hint_->setText(hint);
    hint_->setVisible(!hint.isEmpty());
    chart_->clearPlottables();
    chart_->hide();  // empty axes say nothing
    warnings_->hide();
    table_->clear();
    table_->setRowCount(0);
    table_->setColumnCount(0);
    table_->hide();
    loneTitle_->hide();
    lone_->clear();
    lone_->hide();
}

void ComparisonView::showRuns(const std::vector<bench::ReportRun>& runs) {
    if (runs.empty()) {
        clear(tr("Select a run to see its chart, or two or more to compare them."));
        return;
    }
    hint_->setVisible(runs.size() == 1);
    hint_->setText(tr("Select two or more runs to compare them cell by cell."));
    chart_->show();
    if (drawRunsOverlay(*chart_, runs) == 0) {
        hint_->setText(tr("Nothing in these runs can be drawn against buffer size."));
        hint_->show();
    }
    if (runs.size() < 2) {
        warnings_->hide();
        table_->hide();
        loneTitle_->hide();
        lone_->hide();
        return;
    }
    fillTable(runs);
}

void ComparisonView::fillTable(const std::vector<bench::ReportRun>& runs) {
    std::vector<bench::BenchReport> reports;
    reports.reserve(runs.size());
    for (const auto& r : runs) reports.push_back(r.report);
    const auto comparison = bench::compare_runs(reports);

    QStringList warningLines;
    for (const auto& w : comparison.warnings) warningLines << tr("⚠ Not comparable: %1").arg(qs(w));
    warnings_->setText(warningLines.join(QLatin1Char('\n')));
    warnings_->setVisible(!warningLines.isEmpty());

    QStringList header{tr("Cell"), tr("%1 ns/op").arg(runLabel(runs.front()))};
    for (std::size_t i = 1; i < runs.size(); ++i) header << tr("%1 ×").arg(runLabel(runs[i]));
    table_->clear();
    table_->setColumnCount(static_cast<int>(header.size()));
    table_->setHorizontalHeaderLabels(header);
    table_->setRowCount(static_cast<int>(comparison.shared.size()));
    for (int row = 0; row < table_->rowCount(); ++row) {
        const auto& cell = comparison.shared[static_cast<std::size_t>(row)];
        table_->setItem(row, kCellColumn, new QTableWidgetItem(qs(bench::cell_label(cell.first))));
        auto* first = new QTableWidgetItem(QStringLiteral("%1 ± %2").arg(formatFigure(cell.first.ns_per_op.mean),
                                                                         formatFigure(cell.first.ns_per_op.error)));
        first->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        table_->setItem(row, kFirstColumn, first);
        for (std::size_t i = 0; i < cell.against_first.size(); ++i) {
            const bool significant = cell.against_first[i].significant;
            const double ratio = cell.ratio(i);
            auto* item = new QTableWidgetItem(
                QStringLiteral("×%1%2").arg(formatFigure(ratio), significant ? QStringLiteral("*") : QString()));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            item->setData(Qt::UserRole, significant);
            if (significant) {
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
                item->setForeground(ratio > 1 ? status_colour::colours().bad : status_colour::colours().good);
                item->setToolTip(ratio > 1 ? tr("Significantly slower: the 99.9% intervals do not overlap")
                                           : tr("Significantly faster: the 99.9% intervals do not overlap"));
            } else {
                item->setToolTip(tr("Not significant: the 99.9% intervals overlap"));
            }
            table_->setItem(row, kFirstColumn + 1 + static_cast<int>(i), item);
        }
    }
    table_->resizeColumnsToContents();
    table_->show();

    lone_->clear();
    for (const auto& lone : comparison.lone) {
        QStringList in;
        for (const auto r : lone.runs) in << runLabel(runs[r]);
        lone_->addItem(tr("%1 (only in %2)").arg(qs(bench::cell_label(lone.cell)), in.join(QStringLiteral(", "))));
    }
    loneTitle_->setVisible(!comparison.lone.empty());
    lone_->setVisible(!comparison.lone.empty());
}

}  // namespace hashscope::ui
