// FileTableModel: the Verify page's rows, in the order they were added, with one column per
// algorithm shown. It stores and presents; VerifyController decides what happens to a row.
//
// Changes are collected and announced in one dataChanged per run of rows (flush()), so 20,000
// rows finishing in a burst cost the views a handful of signals, not 20,000.
#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <QStringList>
#include <QVector>
#include <array>
#include <memory>

#include "verify/status_icons.hpp"
#include "verify/verify_row.hpp"

namespace hashscope::ui {

class FileTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum FixedColumn { Name, Size, Progress, Speed, FirstAlgorithm };
    enum Role {
        ProgressRole = Qt::UserRole + 1,  // per mille (0..1000) while read; invalid: no bar
        SortRole,                         // what the column sorts by (numbers for sizes and speeds)
        RowIdRole,
        StatusRole,  // int(RowStatus)
    };

    explicit FileTableModel(QObject* parent = nullptr);
    ~FileTableModel() override;

    // Adds rows at the end; their ids are assigned here and returned.
    QVector<RowId> addRows(QVector<VerifyRow> rows);
    void removeIds(const QVector<RowId>& ids);
    void clear();

    [[nodiscard]] int indexOf(RowId id) const { return index_.value(id, -1); }
    [[nodiscard]] const VerifyRow& at(int row) const { return rows_.at(row); }
    [[nodiscard]] const VerifyRow* find(RowId id) const {
        const int r = indexOf(id);
        return r < 0 ? nullptr : &rows_.at(r);
    }
    [[nodiscard]] const QVector<VerifyRow>& rows() const { return rows_; }

    // Changes a row through `change(VerifyRow&)`, keeping the counts right; announced at flush().
    template <class Change>
    bool update(RowId id, Change&& change) {
        const int r = indexOf(id);
        if (r < 0) return false;
        VerifyRow& row = rows_[r];
        untally(row);
        change(row);
        tally(row);
        dirty_.push_back(r);
        return true;
    }
    // Announces every change since the last flush.
    void flush();

    // The algorithm columns: those picked, then extras that rows brought (a checksum file's
    // algorithm, the one the expected digest matched).
    void setAlgorithms(const QStringList& picked);
    void addExtraAlgorithm(const QString& id);
    [[nodiscard]] const QStringList& algorithms() const { return columns_; }
    [[nodiscard]] int algorithmColumn(const QString& id) const;
    [[nodiscard]] QString algorithmAt(int column) const;  // empty when not a digest column
    [[nodiscard]] int statusColumn() const { return FirstAlgorithm + static_cast<int>(columns_.size()); }

    // The digest cell that matched the expected-digest box gets a ✓ (or none: 0).
    void setHighlight(RowId id, const QString& algorithm);

    [[nodiscard]] int count(RowStatus status) const { return counts_[static_cast<std::size_t>(status)]; }
    [[nodiscard]] int finishedCount() const;
    [[nodiscard]] quint64 bytesRead() const { return bytesRead_; }    // of every row, live
    [[nodiscard]] quint64 bytesKnown() const { return bytesKnown_; }  // sizes known so far
    // Bytes still to read in rows not finished, as far as their sizes are known: for the ETA.
    [[nodiscard]] quint64 bytesLeft() const { return bytesLeft_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const VerifyRow& row, int column) const;
    QVariant sortKey(const VerifyRow& row, int column) const;
    QVariant foreground(const VerifyRow& row, int column) const;
    void tally(const VerifyRow& row);
    void untally(const VerifyRow& row);
    void recount();
    void reindex();

    QVector<VerifyRow> rows_;
    QHash<RowId, int> index_;
    RowId nextId_ = 1;
    QStringList picked_;
    QStringList extras_;
    QStringList columns_;  // picked_ then extras_ not among them
    QVector<int> dirty_;   // rows changed since the last flush
    std::array<int, kRowStatusCount> counts_{};
    quint64 bytesRead_ = 0;
    quint64 bytesKnown_ = 0;
    quint64 bytesLeft_ = 0;
    RowId highlightRow_ = 0;
    QString highlightAlgorithm_;
    std::unique_ptr<StatusIcons> icons_;
};

}  // namespace hashscope::ui
