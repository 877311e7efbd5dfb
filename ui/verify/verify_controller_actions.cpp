// What the user does to rows: re-verify, remove, compute more digests, accept sidecars, cancel,
// clear, save. The flow of work itself is in verify_controller.cpp.
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include "hashscope/atomic_file.hpp"
#include "hashscope/verify/pause_gate.hpp"
#include "verify/algorithm_names.hpp"
#include "verify/audit_run.hpp"
#include "verify/check_run.hpp"
#include "verify/engine_values.hpp"
#include "verify/file_table_model.hpp"
#include "verify/hash_workers.hpp"
#include "verify/verify_controller.hpp"

namespace hashscope::ui {
namespace {

QString requestKey(RowId id, const QString& algorithm) { return QStringLiteral("%1:%2").arg(id).arg(algorithm); }

}  // namespace

void VerifyController::setAlgorithms(const QStringList& ids) {
    algorithms_ = ids;
    model_->setAlgorithms(ids);
    // Rows already read get the digests they lack, so every column fills in.
    QHash<RowId, QStringList> wanted;
    for (const VerifyRow& row : model_->rows()) {
        if (!wasRead(row.status)) continue;
        for (const QString& id : ids) {
            if (row.digest(id) == nullptr) wanted[row.id] << id;
        }
    }
    compute(wanted);
}

void VerifyController::compute(const QHash<RowId, QStringList>& wanted) {
    std::vector<HashTask> tasks;
    for (auto it = wanted.begin(); it != wanted.end(); ++it) {
        const VerifyRow* row = model_->find(it.key());
        if (row == nullptr || !wasRead(row->status) || row->reading) continue;
        QStringList fresh;
        for (const QString& algorithm : it.value()) {
            const QString key = requestKey(row->id, algorithm);
            if (requested_.contains(key)) continue;
            requested_.insert(key);
            fresh << algorithm;
        }
        if (fresh.isEmpty()) continue;
        HashTask task;
        task.row = row->id;
        task.path = row->path;
        task.algorithms = algorithmInfos(fresh);
        task.supplement = true;
        task.rotational = rotationalRows_.contains(row->id);
        task.stop = stop_.get_token();
        tasks.push_back(std::move(task));
    }
    // In the rows' order, so a long list fills in from the top.
    std::sort(tasks.begin(), tasks.end(),
              [this](const HashTask& a, const HashTask& b) { return model_->indexOf(a.row) < model_->indexOf(b.row); });
    workers_->enqueue(std::move(tasks));
    updateBusy();
}

void VerifyController::reverify(const QVector<RowId>& ids) {
    QVector<RowId> again;
    for (const RowId id : ids) {
        const VerifyRow* row = model_->find(id);
        if (row == nullptr || !isFinal(row->status) || row->reading) continue;  // already on its way
        for (auto it = requested_.begin(); it != requested_.end();) {
            it = it->startsWith(QStringLiteral("%1:").arg(id)) ? requested_.erase(it) : std::next(it);
        }
        model_->update(id, [](VerifyRow& r) {
            r.status = RowStatus::queued;
            r.reason.clear();
            r.note.clear();
            r.matched.clear();
            r.digests.clear();
            r.done = 0;
            r.elapsedNs = 0;
        });
        again << id;
    }
    enqueue(again);
    model_->flush();
    emit rowsChanged();
}

void VerifyController::remove(const QVector<RowId>& ids) {
    // Tasks still waiting for these rows go too; the others keep their place in the queue.
    const QSet<RowId> doomed(ids.begin(), ids.end());
    std::vector<HashTask> keep;
    for (HashTask& task : workers_->takeWaiting()) {
        if (!doomed.contains(task.row)) keep.push_back(std::move(task));
    }
    workers_->enqueue(std::move(keep));
    sidecarRows_.removeIf([&](RowId id) { return doomed.contains(id); });
    for (const RowId id : ids) {
        // A row removed while read stops reading, rather than reading on for nothing.
        if (auto it = rowStops_.find(id); it != rowStops_.end()) {
            it->request_stop();
            rowStops_.erase(it);
        }
        if (const auto it = runEntries_.constFind(id); it != runEntries_.cend()) {
            skipInRun(*it);
            runEntries_.erase(it);
        }
    }
    model_->removeIds(ids);
    updateBusy();
    emit rowsChanged();
}

void VerifyController::acceptSidecars() {
    const QVector<RowId> rows = std::exchange(sidecarRows_, {});
    for (const RowId id : rows) {
        model_->update(id, [](VerifyRow& r) {
            if (r.sidecar && !r.expected) r.expected = r.sidecar->expectation;
        });
        judgeRow(id);
    }
    model_->flush();
    emit rowsChanged();
}

bool VerifyController::skippable(RowId id) const {
    const VerifyRow* row = model_->find(id);
    return row != nullptr && !isFinal(row->status) && (rowStops_.contains(id) || runEntries_.contains(id));
}

void VerifyController::skipInRun(const RunEntry& e) {
    if (e.check != nullptr) e.check->skip(e.entry);
    if (e.audit != nullptr) e.audit->skip(e.entry);
}

void VerifyController::skip(const QVector<RowId>& ids) {
    QSet<RowId> rows;
    for (const RowId id : ids) {
        if (skippable(id)) rows.insert(id);
    }
    if (rows.isEmpty()) return;
    // Waiting ones leave the queue now; a running one stops within a block and says so itself.
    for (const HashTask& task : workers_->takeWaiting(rows)) {
        if (task.supplement) continue;
        model_->update(task.row, [](VerifyRow& r) {
            r.status = RowStatus::skipped;
            r.reason = tr("skipped");
            r.reading = false;
        });
    }
    for (const RowId id : rows) {
        if (const auto it = runEntries_.constFind(id); it != runEntries_.cend()) {
            // Its check or audit goes on with the other rows; the status comes in line order,
            // perhaps after a long file before it, so the row says skipped now.
            skipInRun(*it);
            model_->update(id, [](VerifyRow& r) {
                r.status = RowStatus::skipped;
                r.reason = tr("skipped");
                r.reading = false;
            });
            continue;
        }
        rowStops_[id].request_stop();
    }
    updateBusy();
    model_->flush();
    emit rowsChanged();
}

void VerifyController::pause() {
    if (paused_) return;
    gate_->pause();
    if (busy_) busyNs_ += busyClock_.nsecsElapsed();  // time paused is not time spent
    paused_ = true;
    emit pausedChanged(true);
    emit rowsChanged();
}

void VerifyController::resume() {
    if (!paused_) return;
    paused_ = false;
    if (busy_) busyClock_.start();
    gate_->resume();
    emit pausedChanged(false);
    emit rowsChanged();
}

void VerifyController::cancel() {
    // Files no worker has taken yet are cancelled at once; running ones stop within a block and
    // say so themselves, so a row never claims more than was done. The queue is emptied before
    // the stop: a worker waiting for a spinning disk's turn wakes at the stop and would otherwise
    // take the waiting files first.
    const std::vector<HashTask> waiting = workers_->takeWaiting();
    stop_.request_stop();
    stop_ = std::stop_source();  // work started from now on is not cancelled
    for (const HashTask& task : waiting) {
        if (task.supplement) {
            for (const auto* info : task.algorithms) requested_.remove(requestKey(task.row, algorithmId(*info)));
            continue;
        }
        model_->update(task.row, [](VerifyRow& r) {
            r.status = RowStatus::cancelled;
            r.reading = false;
        });
    }
    resume();  // the stopped reads wake from the pause; what comes next starts unpaused
    model_->flush();
    emit rowsChanged();
}

void VerifyController::clear() {
    cancel();
    model_->clear();
    for (auto it = checkRows_.begin(); it != checkRows_.end(); ++it) it.value().clear();  // late verdicts go nowhere
    for (auto it = auditRows_.begin(); it != auditRows_.end(); ++it) it.value().clear();
    sidecarRows_.clear();
    requested_.clear();
    rotationalRows_.clear();
    rowStops_.clear();
    runEntries_.clear();
    busyNs_ = 0;
    if (busy_) busyClock_.start();
    readTotal_ = 0;
    emit rowsChanged();
}

void VerifyController::shutdown() {
    cancel();
    pool_.waitForDone();
}

void VerifyController::save(const QString& path, const QByteArray& content, int rows) {
    auto* watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, path, rows] {
        watcher->deleteLater();
        const QString error = watcher->result();
        if (error.isEmpty()) {
            emit saved(path, rows);
        } else {
            emit saveFailed(path, error);
        }
    });
    watcher->setFuture(QtConcurrent::run(&pool_, [target = toFsPath(path), content] {
        const auto written = write_file_atomically(
            target, std::string_view(content.constData(), static_cast<std::size_t>(content.size())));
        return written ? QString() : QString::fromStdString(written.error().message);
    }));
}

}  // namespace hashscope::ui
