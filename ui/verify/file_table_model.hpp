// FileTableModel: the Verify page's rows, one per file, in the order they were added.
// It only stores and presents; the page decides what happens to a row and when.
#pragma once

#include <QAbstractTableModel>
#include <QString>
#include <QVector>
#include <optional>

#include "verify/hash_outcome.hpp"

namespace hashscope::ui {

class FileTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Name, Size, Progress, Sha256, Crc32c, Status, ColumnCount };
    // Per mille (0..1000) for the progress delegate; invalid when the cell shows no bar.
    static constexpr int ProgressRole = Qt::UserRole + 1;

    struct Counts {
        int total = 0;
        int finished = 0;  // ok, failed or cancelled
        int ok = 0;
        int failed = 0;
        int cancelled = 0;
    };

    explicit FileTableModel(QObject* parent = nullptr);

    // Adds a queued row; `size` is unknown for folders and missing files. Returns the row.
    int addFile(const QString& path, std::optional<quint64> size);
    [[nodiscard]] QString path(int row) const { return rows_.at(row).path; }

    void setHashing(int row);
    void setProgress(int row, int perMille);
    void setOutcome(int row, const HashOutcome& outcome);

    [[nodiscard]] Counts counts() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    enum class State { queued, hashing, done };
    struct Row {
        QString path;
        std::optional<quint64> size;
        State state = State::queued;
        int perMille = 0;
        HashOutcome outcome;  // when done
    };

    [[nodiscard]] QVariant display(const Row& row, int column) const;
    [[nodiscard]] static QString statusText(const Row& row);
    void changed(int row, int firstColumn, int lastColumn);

    QVector<Row> rows_;
};

}  // namespace hashscope::ui
