#include "bench/results_model.hpp"

#include <QBrush>
#include <QColor>
#include <algorithm>

#include "common/format.hpp"
#include "common/status_colours.hpp"
#include "hashscope/bench/sizes.hpp"

namespace hashscope::ui {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

bool isHarness(const bench::CellResult& c) { return c.backend == "harness"; }

}  // namespace

ResultsModel::ResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ResultsModel::clear() {
    beginResetModel();
    cells_.clear();
    endResetModel();
}

void ResultsModel::addCell(const bench::CellResult& cell) {
    const int row = static_cast<int>(cells_.size());
    beginInsertRows({}, row, row);
    cells_.push_back(cell);
    compare(cells_.back());
    endInsertRows();
}

void ResultsModel::setCells(const std::vector<bench::CellResult>& cells) {
    beginResetModel();
    cells_ = cells;
    // What was asked for first; the harness's reference rows after it.
    std::stable_partition(cells_.begin(), cells_.end(), [](const bench::CellResult& c) { return !isHarness(c); });
    for (auto& c : cells_) compare(c);
    endResetModel();
}

void ResultsModel::setBaseline(std::optional<bench::BenchReport> baseline) {
    beginResetModel();
    baseline_ = std::move(baseline);
    for (auto& c : cells_) compare(c);
    endResetModel();
}

void ResultsModel::compare(bench::CellResult& cell) const {
    cell.baseline.reset();
    if (!baseline_) return;
    // compare_with_baseline works on reports; one cell at a time keeps the rows' order ours.
    bench::BenchReport one;
    one.results.push_back(cell);
    bench::compare_with_baseline(one, *baseline_);
    cell.baseline = one.results.front().baseline;
}

int ResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(cells_.size());
}

int ResultsModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    return baseline_ ? Ratio + 1 : kBaseColumns;
}

QVariant ResultsModel::text(const bench::CellResult& c, int column) const {
    switch (column) {
        case Algorithm:
            return isHarness(c) ? tr("(harness)") : qs(c.algorithm);
        case Implementation:
            return qs(c.implementation) + (c.best ? QStringLiteral(" *") : QString());
        case Size:
            return qs(bench::format_size(c.size));
        case Mode:
            return qs(bench::mode_label(c.mode));
        case Threads:
            return c.threads;
        case Cache:
            return qs(std::string(bench::placement_name(c.placement)));
        case NsPerOp:
            return formatFigure(c.ns_per_op.mean);
        case Error:
            return QStringLiteral("± ") + formatFigure(c.ns_per_op.error);
        case GbPerS:
            return isHarness(c) ? QStringLiteral("—") : formatFigure(c.gb_per_s);  // it hashes nothing
        case OpsPerMs:
            return formatFigure(c.ops_per_ms);
        case Samples:
            return QString::number(c.samples) + (c.precise ? QString() : QStringLiteral(" ~"));
        case BaselineNsPerOp:
            return c.baseline ? formatFigure(c.baseline->baseline_mean) : QStringLiteral("—");
        case Ratio:
            if (!c.baseline) return QStringLiteral("—");
            return QStringLiteral("%1×%2").arg(QString::number(c.baseline->speedup, 'f', 2),
                                               c.baseline->significant ? QString() : QStringLiteral(" (n.s.)"));
        default:
            return {};
    }
}

QVariant ResultsModel::value(const bench::CellResult& c, int column) const {
    switch (column) {
        case Size:
            return static_cast<qulonglong>(c.size);
        case Threads:
            return c.threads;
        case NsPerOp:
            return c.ns_per_op.mean;
        case Error:
            return c.ns_per_op.error;
        case GbPerS:
            return c.gb_per_s;
        case OpsPerMs:
            return c.ops_per_ms;
        case Samples:
            return static_cast<qulonglong>(c.samples);
        case BaselineNsPerOp:
            return c.baseline ? QVariant(c.baseline->baseline_mean) : QVariant();
        case Ratio:
            return c.baseline ? QVariant(c.baseline->speedup) : QVariant();
        default:
            return text(c, column);
    }
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& c = cells_[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    switch (role) {
        case Qt::DisplayRole:
            return text(c, column);
        case ValueRole:
            return value(c, column);
        case Qt::TextAlignmentRole:
            return column >= Threads && column != Cache ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
        case Qt::ForegroundRole:
            // The theme's colours of the moment: a view repaints when the theme changes.
            if (isHarness(c)) return QBrush(status_colour::colours().muted);
            if (column == Ratio && c.baseline && c.baseline->significant) {
                const auto colours = status_colour::colours();
                return QBrush(c.baseline->speedup >= 1 ? colours.good : colours.bad);
            }
            return {};
        case Qt::ToolTipRole:
            if (isHarness(c)) return tr("The harness alone: what a call costs with no hashing, for reference");
            if (column == Samples && !c.precise) return tr("Did not reach the precision target within its time budget");
            if (column == Error) return tr("Half-width of the 99.9% confidence interval");
            if (column == Ratio && c.baseline) {
                return tr("%1 than the baseline (%2%)%3")
                    .arg(c.baseline->speedup >= 1 ? tr("Faster") : tr("Slower"))
                    .arg(QString::number(c.baseline->change_pct, 'f', 1))
                    .arg(c.baseline->significant ? QString() : tr("; not significant: the 99.9% intervals overlap"));
            }
            return {};
        default:
            return {};
    }
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
        case Algorithm:
            return tr("Algorithm");
        case Implementation:
            return tr("Implementation");
        case Size:
            return tr("Size");
        case Mode:
            return tr("Mode");
        case Threads:
            return tr("Threads");
        case Cache:
            return tr("Cache");
        case NsPerOp:
            return tr("ns/op");
        case Error:
            return tr("± error");
        case GbPerS:
            return tr("GB/s");
        case OpsPerMs:
            return tr("ops/ms");
        case Samples:
            return tr("Samples");
        case BaselineNsPerOp:
            return tr("Baseline ns/op");
        case Ratio:
            return tr("Ratio");
        default:
            return {};
    }
}

}  // namespace hashscope::ui
