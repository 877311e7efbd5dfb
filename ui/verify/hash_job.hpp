// HashJob: hashes one file (SHA-256 and CRC32C from a single read) on a worker thread of a pool
// the caller owns, and reports back on the GUI thread through a QFutureWatcher.
//
// The worker never sees this object: it gets the path and a std::stop_token by value, and talks
// only through its QPromise. So the job may be deleted while the worker still runs; the pool's
// owner must wait for the pool before the program ends (VerifyPage does).
#pragma once

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <stop_token>

#include "verify/hash_outcome.hpp"

class QThreadPool;

namespace hashscope::ui {

// One message from the worker: a progress tick (throttled), or the final outcome.
struct HashUpdate {
    bool final = false;
    quint64 done = 0;   // bytes read so far
    quint64 total = 0;  // expected size
    HashOutcome outcome;  // when final
};

class HashJob : public QObject {
    Q_OBJECT

public:
    // The progress range reported through progressed(): per mille, so multi-GB files fit an int.
    static constexpr int kProgressScale = 1000;

    // Starts at once on `pool`.
    HashJob(const QString& path, QThreadPool& pool, QObject* parent = nullptr);
    ~HashJob() override;

    // Asks the worker to stop; it does so within one block (1 MiB) and finishes as cancelled.
    void cancel();

    [[nodiscard]] quint64 bytesDone() const { return bytesDone_; }
    [[nodiscard]] qint64 elapsedNs() const { return clock_.nsecsElapsed(); }

signals:
    void progressed(int perMille);
    // Emitted once, after the worker has returned.
    void finished(const hashscope::ui::HashOutcome& outcome);

private:
    void onResultReady(int index);
    void onFinished();

    std::stop_source stop_;
    QFutureWatcher<HashUpdate> watcher_;
    QElapsedTimer clock_;
    quint64 bytesDone_ = 0;
};

}  // namespace hashscope::ui
