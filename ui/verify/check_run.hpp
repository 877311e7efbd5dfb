// CheckRun: verifies the entries of a checksum file with core's check_entries on the page's
// thread pool, and forwards its per-entry verdicts (delivered in entry order on the worker) and
// throttled progress to the GUI thread. A FAILED entry's file is then read once more for the
// digest it really has, so that the row can show what differs (core reports only the verdict).
// One entry can be skipped on its own (skip()): the others are checked on.
#pragma once

#include <QObject>
#include <QString>
#include <QVector>
#include <memory>
#include <stop_token>

#include "verify/verify_types.hpp"

class QThreadPool;

namespace hashscope::verify {
class EntrySkips;
class PauseGate;
}  // namespace hashscope::verify

namespace hashscope::ui {

class CheckRun : public QObject {
    Q_OBJECT

public:
    // Starts at once. Names in the file are relative to its folder (absolute ones are kept).
    // While `gate` is paused, reads wait at it after each block.
    CheckRun(std::shared_ptr<const verify::SumsFile> sums, const QString& sumsPath, QThreadPool& pool,
             std::stop_token stop, std::shared_ptr<verify::PauseGate> gate, QObject* parent = nullptr);

    [[nodiscard]] const verify::SumsFile& sums() const { return *sums_; }
    // Skips entry `entry`: its file is not read, or its read stops within a block; its verdict
    // comes as `skipped`.
    void skip(std::size_t entry);

signals:
    void events(const QVector<hashscope::ui::CheckEvent>& events);
    // After the last batch.
    void finished();

private:
    std::shared_ptr<const verify::SumsFile> sums_;
    std::shared_ptr<verify::EntrySkips> skips_;
};

}  // namespace hashscope::ui
