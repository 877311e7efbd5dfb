#include "verify/file_table_model.hpp"

#include <QColor>
#include <QFileInfo>
#include <QFontDatabase>

#include "common/format.hpp"
#include "hashscope/algorithm.hpp"

namespace hashscope::ui {
namespace {

QString algorithmName(const char* id) {
    const auto* info = find_algorithm(id);
    return info ? QString::fromUtf8(info->display.data(), static_cast<qsizetype>(info->display.size()))
                : QString::fromLatin1(id);
}

}  // namespace

FileTableModel::FileTableModel(QObject* parent) : QAbstractTableModel(parent) {}

int FileTableModel::addFile(const QString& path, std::optional<quint64> size) {
    const int row = static_cast<int>(rows_.size());
    beginInsertRows({}, row, row);
    rows_.push_back(Row{path, size, State::queued, 0, {}});
    endInsertRows();
    return row;
}

void FileTableModel::setHashing(int row) {
    rows_[row].state = State::hashing;
    rows_[row].perMille = 0;
    changed(row, Progress, Status);
}

void FileTableModel::setProgress(int row, int perMille) {
    if (rows_[row].perMille == perMille) return;
    rows_[row].perMille = perMille;
    changed(row, Progress, Progress);
}

void FileTableModel::setOutcome(int row, const HashOutcome& outcome) {
    Row& r = rows_[row];
    r.state = State::done;
    r.outcome = outcome;
    if (outcome.status == HashOutcome::Status::ok) {
        r.perMille = 1000;
        r.size = outcome.bytes;  // what was actually read is the size that the digests describe
    }
    changed(row, Name, Status);
}

FileTableModel::Counts FileTableModel::counts() const {
    Counts c;
    c.total = static_cast<int>(rows_.size());
    for (const Row& r : rows_) {
        if (r.state != State::done) continue;
        ++c.finished;
        if (r.outcome.status == HashOutcome::Status::ok) ++c.ok;
        else if (r.outcome.status == HashOutcome::Status::cancelled) ++c.cancelled;
        else ++c.failed;
    }
    return c;
}

int FileTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int FileTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FileTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_.size()) return {};
    const Row& row = rows_.at(index.row());
    const int column = index.column();
    switch (role) {
        case Qt::DisplayRole: return display(row, column);
        case Qt::ToolTipRole:
            // Digests are elided in the view; the tooltip always has all of them.
            if (column == Name) return row.path;
            if (column == Sha256 || column == Crc32c || column == Status) return display(row, column);
            return {};
        case Qt::FontRole:
            if (column == Sha256 || column == Crc32c) return QFontDatabase::systemFont(QFontDatabase::FixedFont);
            return {};
        case Qt::TextAlignmentRole:
            if (column == Size) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
            return {};
        case Qt::ForegroundRole:
            if (column != Status || row.state != State::done) return {};
            if (row.outcome.status == HashOutcome::Status::ok) return QColor(0x2e, 0x7d, 0x32);
            if (row.outcome.status == HashOutcome::Status::cancelled) return {};
            return QColor(0xc6, 0x28, 0x28);
        case ProgressRole:
            // A bar only where there is progress to show: the file being read, or read to the end.
            if (column != Progress) return {};
            if (row.state == State::hashing) return row.perMille;
            if (row.state == State::done && row.outcome.status == HashOutcome::Status::ok) return 1000;
            return {};
        default: return {};
    }
}

QVariant FileTableModel::display(const Row& row, int column) const {
    switch (column) {
        case Name: {
            const QString name = QFileInfo(row.path).fileName();
            return name.isEmpty() ? row.path : name;  // "/" and the like have no file name
        }
        case Size: return row.size ? formatBytes(*row.size) : QStringLiteral("—");
        case Progress:
            if (row.state == State::hashing) return QStringLiteral("%1%").arg(row.perMille / 10);
            if (row.state == State::done && row.outcome.status == HashOutcome::Status::ok) return QStringLiteral("100%");
            return QString();
        case Sha256: return row.outcome.sha256;
        case Crc32c: return row.outcome.crc32c;
        case Status: return statusText(row);
        default: return {};
    }
}

QString FileTableModel::statusText(const Row& row) {
    if (row.state == State::queued) return tr("queued");
    if (row.state == State::hashing) return tr("hashing");
    const HashOutcome& o = row.outcome;
    switch (o.status) {
        case HashOutcome::Status::ok: return tr("OK");
        case HashOutcome::Status::cancelled: return tr("cancelled");
        case HashOutcome::Status::unreadable: return tr("unreadable: %1").arg(o.message);
        case HashOutcome::Status::skipped: return tr("skipped: %1").arg(o.message);
        case HashOutcome::Status::changed: return tr("changed: %1").arg(o.message);
        case HashOutcome::Status::error: return tr("error: %1").arg(o.message);
    }
    return {};
}

QVariant FileTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Name: return tr("Name");
        case Size: return tr("Size");
        case Progress: return tr("Progress");
        case Sha256: return algorithmName("sha256");
        case Crc32c: return algorithmName("crc32c");
        case Status: return tr("Status");
        default: return {};
    }
}

void FileTableModel::changed(int row, int firstColumn, int lastColumn) {
    emit dataChanged(index(row, firstColumn), index(row, lastColumn));
}

}  // namespace hashscope::ui
