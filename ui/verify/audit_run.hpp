// AuditRun: audits a folder against a checksum file with core's audit_tree on the page's thread
// pool (the same engine as `hashscope-cli audit`), and forwards each path's status to the GUI
// thread in batches: listed entries by their index, NEW / MOVED / SKIPPED paths as found.
// Pause holds it as it holds any read: the walk and every read wait at the gate. One listed entry
// can be skipped on its own (skip()): the rest of the audit goes on.
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

class AuditRun : public QObject {
    Q_OBJECT

public:
    // Starts at once. Names in the checksum file are relative to its folder. While `gate` is
    // paused, the walk waits at it after each path found and the reads after each block.
    AuditRun(std::shared_ptr<const verify::SumsFile> sums, const QString& sumsPath, const QString& folder,
             QThreadPool& pool, std::stop_token stop, std::shared_ptr<verify::PauseGate> gate,
             QObject* parent = nullptr);

    // Skips listed entry `entry`: its file is not read, or its read stops within a block, and a
    // missing one is not looked for; its status comes as skipped (unless it had already come).
    void skip(std::size_t entry);

signals:
    void events(const QVector<hashscope::ui::AuditEvent>& events);
    // After the last batch (also after a cancel: rows still waiting are then cancelled).
    void finished();

private:
    std::shared_ptr<verify::EntrySkips> skips_;  // shared with the worker, which may outlive a skip
};

}  // namespace hashscope::ui
