// AuditRun: audits a folder against a checksum file with core's audit_tree on the page's thread
// pool (the same engine as `hashscope-cli audit`), and forwards each path's status to the GUI
// thread in batches: listed entries by their index, NEW / MOVED / SKIPPED paths as found.
// Pause holds it as it holds any read: the walk and every read wait at the gate.
#pragma once

#include <QObject>
#include <QString>
#include <QVector>
#include <memory>
#include <stop_token>

#include "verify/verify_types.hpp"

class QThreadPool;

namespace hashscope::verify {
class PauseGate;
}

namespace hashscope::ui {

class AuditRun : public QObject {
    Q_OBJECT

public:
    // Starts at once. Names in the checksum file are relative to its folder. While `gate` is
    // paused, the walk waits at it after each path found and the reads after each block.
    AuditRun(std::shared_ptr<const verify::SumsFile> sums, const QString& sumsPath, const QString& folder,
             QThreadPool& pool, std::stop_token stop, std::shared_ptr<verify::PauseGate> gate,
             QObject* parent = nullptr);

signals:
    void events(const QVector<hashscope::ui::AuditEvent>& events);
    // After the last batch (also after a cancel: rows still waiting are then cancelled).
    void finished();
};

}  // namespace hashscope::ui
