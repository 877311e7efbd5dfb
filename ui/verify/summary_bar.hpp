// SummaryBar: the line under the table: files done of total, bytes, overall speed, the time left
// (by bytes, not files: one large file can be most of the work), time spent, a bar of the bytes
// read of those known, and a count per status with its icon ("✓ 12 OK  ✗ 1 failed  ? 1 missing").
#pragma once

#include <QWidget>
#include <array>

#include "verify/row_status.hpp"

class QLabel;
class QProgressBar;

namespace hashscope::ui {

class FileTableModel;
class StatusIcons;

class SummaryBar : public QWidget {
    Q_OBJECT

public:
    explicit SummaryBar(QWidget* parent = nullptr);
    ~SummaryBar() override;

    // `bytesRead` and `elapsedNs` cover every read, re-reads included, for the overall speed.
    // While `paused` the speed and time left say "Paused".
    void update(const FileTableModel& model, quint64 bytesRead, qint64 elapsedNs, bool busy, bool paused = false);
    [[nodiscard]] QProgressBar* progress() const { return progress_; }
    [[nodiscard]] QString text() const;  // the main line, for tests
    // "1 failed", or empty when there are none.
    [[nodiscard]] QString countText(RowStatus status) const;

private:
    QLabel* main_;
    QProgressBar* progress_;
    std::array<QWidget*, kRowStatusCount> chips_{};  // icon and count, shown together
    std::array<QLabel*, kRowStatusCount> counts_{};
};

// "0:07", "12:30", "1:02:03".
QString formatElapsed(qint64 nanoseconds);
// The time `bytesLeft` take at the speed of `bytesRead` in `elapsedNs`; -1 when unknown.
qint64 etaNs(quint64 bytesLeft, quint64 bytesRead, qint64 elapsedNs);

}  // namespace hashscope::ui
