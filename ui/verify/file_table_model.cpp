#include "verify/file_table_model.hpp"

#include <QFontDatabase>
#include <QGuiApplication>
#include <QPalette>
#include <algorithm>

#include "common/file_names.hpp"
#include "common/format.hpp"
#include "verify/algorithm_names.hpp"
#include "verify/row_presenter.hpp"

namespace hashscope::ui {

FileTableModel::FileTableModel(QObject* parent)
    : QAbstractTableModel(parent), icons_(std::make_unique<StatusIcons>()) {}

FileTableModel::~FileTableModel() = default;

QVector<RowId> FileTableModel::addRows(QVector<VerifyRow> rows) {
    QVector<RowId> ids;
    if (rows.isEmpty()) return ids;
    const int first = static_cast<int>(rows_.size());
    beginInsertRows({}, first, first + static_cast<int>(rows.size()) - 1);
    for (VerifyRow& row : rows) {
        row.id = nextId_++;
        ids.push_back(row.id);
        index_.insert(row.id, static_cast<int>(rows_.size()));
        tally(row);
        rows_.push_back(std::move(row));
    }
    endInsertRows();
    return ids;
}

void FileTableModel::removeIds(const QVector<RowId>& ids) {
    flush();  // pending indices would be stale after the removal
    QVector<int> doomed;
    for (const RowId id : ids) {
        if (const int r = indexOf(id); r >= 0) doomed.push_back(r);
    }
    std::sort(doomed.begin(), doomed.end());
    doomed.erase(std::unique(doomed.begin(), doomed.end()), doomed.end());
    // From the end, one contiguous run at a time, so the indices still to remove stay valid.
    for (qsizetype end = doomed.size(); end > 0;) {
        qsizetype begin = end - 1;
        while (begin > 0 && doomed[begin - 1] == doomed[begin] - 1) --begin;
        beginRemoveRows({}, doomed[begin], doomed[end - 1]);
        rows_.remove(doomed[begin], end - begin);
        endRemoveRows();
        end = begin;
    }
    if (highlightRow_ != 0 && ids.contains(highlightRow_)) highlightRow_ = 0;
    reindex();
    recount();
}

void FileTableModel::clear() {
    beginResetModel();
    rows_.clear();
    index_.clear();
    dirty_.clear();
    extras_.clear();
    columns_ = picked_;
    highlightRow_ = 0;
    endResetModel();
    recount();
}

void FileTableModel::flush() {
    if (dirty_.isEmpty()) return;
    std::sort(dirty_.begin(), dirty_.end());
    const int lastColumn = columnCount() - 1;
    // Runs of nearby rows become one signal; a gap of a few rows costs less than another signal.
    constexpr int kJoinGap = 8;
    qsizetype i = 0;
    while (i < dirty_.size()) {
        const int first = dirty_[i];
        int last = first;
        while (i < dirty_.size() && dirty_[i] <= last + kJoinGap) last = std::max(last, dirty_[i++]);
        emit dataChanged(index(first, 0), index(last, lastColumn));
    }
    dirty_.clear();
}

void FileTableModel::setAlgorithms(const QStringList& picked) {
    beginResetModel();
    picked_ = picked;
    columns_ = picked_;
    for (const QString& id : extras_) {
        if (!columns_.contains(id)) columns_ << id;
    }
    endResetModel();
}

void FileTableModel::addExtraAlgorithm(const QString& id) {
    if (id.isEmpty() || columns_.contains(id)) return;
    const int column = FirstAlgorithm + static_cast<int>(columns_.size());
    flush();
    beginInsertColumns({}, column, column);
    extras_ << id;
    columns_ << id;
    endInsertColumns();
}

int FileTableModel::algorithmColumn(const QString& id) const {
    const auto i = columns_.indexOf(id);
    return i < 0 ? -1 : FirstAlgorithm + static_cast<int>(i);
}

QString FileTableModel::algorithmAt(int column) const {
    const int i = column - FirstAlgorithm;
    return i >= 0 && i < columns_.size() ? columns_.at(i) : QString();
}

void FileTableModel::setHighlight(RowId id, const QString& algorithm) {
    const RowId old = highlightRow_;
    highlightRow_ = id;
    highlightAlgorithm_ = algorithm;
    for (const RowId changed : {old, id}) {
        if (const int r = indexOf(changed); r >= 0) dirty_.push_back(r);
    }
    flush();
}

int FileTableModel::finishedCount() const {
    return static_cast<int>(rows_.size()) - count(RowStatus::queued) - count(RowStatus::hashing);
}

int FileTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int FileTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : statusColumn() + 1; }

QVariant FileTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_.size()) return {};
    const VerifyRow& row = rows_.at(index.row());
    const int column = index.column();
    const bool isStatus = column == statusColumn();
    const QString algorithm = algorithmAt(column);
    switch (role) {
        case Qt::DisplayRole:
            return display(row, column);
        case Qt::ToolTipRole:
            if (column == Name) return nameTooltip(row);
            if (isStatus) return statusTooltip(row);
            if (!algorithm.isEmpty()) return digestTooltip(row, algorithm);
            return {};
        case Qt::DecorationRole:
            if (isStatus) return icons_->icon(row.status);
            if (!algorithm.isEmpty() && row.id == highlightRow_ && algorithm == highlightAlgorithm_) {
                return icons_->icon(RowStatus::ok);
            }
            return {};
        case Qt::FontRole:
            if (!algorithm.isEmpty()) return QFontDatabase::systemFont(QFontDatabase::FixedFont);
            return {};
        case Qt::ForegroundRole:
            return foreground(row, column);
        case Qt::TextAlignmentRole:
            if (column == Size || column == Speed) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
            return {};
        case ProgressRole:
            if (column != Progress || !row.reading) return {};
            return row.total == 0 ? 0 : static_cast<int>(std::min<quint64>(row.done, row.total) * 1000 / row.total);
        case SortRole:
            return sortKey(row, column);
        case RowIdRole:
            return QVariant::fromValue(row.id);
        case StatusRole:
            return static_cast<int>(row.status);
        default:
            return {};
    }
}

QVariant FileTableModel::display(const VerifyRow& row, int column) const {
    switch (column) {
        case Name:
            return shownName(row.name);
        case Size:
            return row.size ? formatBytes(*row.size) : QStringLiteral("—");
        case Progress:
            return progressText(row);
        case Speed:
            return speedText(row);
        default:
            break;
    }
    if (column == statusColumn()) return statusText(row);
    const RowDigest* digest = row.digest(algorithmAt(column));
    return digest ? digest->hex : QString();
}

QVariant FileTableModel::sortKey(const VerifyRow& row, int column) const {
    switch (column) {
        case Name:
            return row.name;
        case Size:
            return row.size ? QVariant::fromValue(*row.size) : QVariant::fromValue(quint64{0});
        case Progress:
            return row.total == 0 ? 0.0 : static_cast<double>(row.done) / static_cast<double>(row.total);
        case Speed:
            return speedValue(row);
        default:
            break;
    }
    if (column == statusColumn()) return static_cast<int>(row.status);
    return display(row, column);
}

QVariant FileTableModel::foreground(const VerifyRow& row, int column) const {
    const QPalette palette = QGuiApplication::palette();
    QColor colour;
    if (column == statusColumn()) {
        colour = statusColour(row.untrusted ? RowStatus::failed : row.status, palette);
    } else if (row.status == RowStatus::failed && row.expected &&
               row.expected->candidates.contains(algorithmAt(column))) {
        colour = statusColour(RowStatus::failed, palette);  // the digest that differs
    }
    return colour.isValid() ? QVariant(colour) : QVariant();
}

QVariant FileTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole && !algorithmAt(section).isEmpty()) {
        return tr("%1 digest; hover over a cell for the implementation that computed it")
            .arg(algorithmDisplay(algorithmAt(section)));
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
        case Name:
            return tr("Name");
        case Size:
            return tr("Size");
        case Progress:
            return tr("Progress");
        case Speed:
            return tr("Speed");
        default:
            break;
    }
    if (section == statusColumn()) return tr("Status");
    return algorithmDisplay(algorithmAt(section));
}

namespace {

// What a row still has to read: none once it is finished; its size (or the size its read
// reports) less what it has read, otherwise.
quint64 leftOf(const VerifyRow& row) {
    if (isFinal(row.status)) return 0;
    const quint64 size = row.size.value_or(row.total);
    return size > row.done ? size - row.done : 0;
}

}  // namespace

void FileTableModel::tally(const VerifyRow& row) {
    ++counts_[static_cast<std::size_t>(row.status)];
    bytesRead_ += row.done;
    bytesKnown_ += row.size.value_or(0);
    bytesLeft_ += leftOf(row);
}

void FileTableModel::untally(const VerifyRow& row) {
    --counts_[static_cast<std::size_t>(row.status)];
    bytesRead_ -= row.done;
    bytesKnown_ -= row.size.value_or(0);
    bytesLeft_ -= leftOf(row);
}

void FileTableModel::recount() {
    counts_.fill(0);
    bytesRead_ = 0;
    bytesKnown_ = 0;
    bytesLeft_ = 0;
    for (const VerifyRow& row : rows_) tally(row);
}

void FileTableModel::reindex() {
    index_.clear();
    index_.reserve(rows_.size());
    for (int r = 0; r < rows_.size(); ++r) index_.insert(rows_.at(r).id, r);
}

}  // namespace hashscope::ui
