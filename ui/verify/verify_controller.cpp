// The flow of work: intake -> rows -> hash workers / check runs -> rows judged.
// Actions on rows (cancel, clear, re-verify, save, ...) are in verify_controller_actions.cpp.
#include "verify/verify_controller.hpp"

#include <QDir>
#include <QFileInfo>
#include <QThread>
#include <algorithm>
#include <utility>

#include "hashscope/verify/pause_gate.hpp"
#include "verify/algorithm_names.hpp"
#include "verify/audit_run.hpp"
#include "verify/check_run.hpp"
#include "verify/digest_match.hpp"
#include "verify/engine_values.hpp"
#include "verify/file_table_model.hpp"
#include "verify/hash_workers.hpp"
#include "verify/intake_job.hpp"

namespace hashscope::ui {
namespace {

// Looking for sidecars reads the folder; for a few files named one by one that is nothing, for
// thousands selected at once it would be a scan per file.
constexpr int kSidecarLookups = 100;
constexpr int kAnnounceMs = 100;

// Moves a row's read on to where a hashing or checking event says it is; returns the bytes newly
// read, for the total (none when the event is not ahead of the row).
template <class Event>
quint64 advanceRead(VerifyRow& r, const Event& e) {
    const quint64 read = e.done > r.done ? e.done - r.done : 0;
    r.done = e.done;
    r.total = e.total;
    r.elapsedNs = e.elapsedNs;
    return read;
}

}  // namespace

VerifyController::VerifyController(FileTableModel* model, QObject* parent)
    : QObject(parent), model_(model), gate_(std::make_shared<verify::PauseGate>()) {
    pool_.setObjectName(QStringLiteral("verifyPool"));
    // A few files at once (each may use several cores itself), plus the walk, a checksum-file
    // check and a save beside them.
    const int files = std::clamp(QThread::idealThreadCount(), 1, 4);
    pool_.setMaxThreadCount(files + 3);
    workers_ = new HashWorkers(pool_, files, gate_, this);
    connect(workers_, &HashWorkers::events, this, &VerifyController::onHashEvents);
    connect(workers_, &HashWorkers::idle, this, &VerifyController::updateBusy);
    announceTimer_.setSingleShot(true);
    announceTimer_.setInterval(kAnnounceMs);
    connect(&announceTimer_, &QTimer::timeout, this, [this] {
        model_->flush();
        emit rowsChanged();
    });
}

VerifyController::~VerifyController() {
    // Stop and wait, touching nothing else: the model, a sibling, may already be gone (the page
    // calls shutdown() while everything still lives; this is for owners that do not).
    stop_.request_stop();
    workers_->takeWaiting();
    gate_->resume();
    pool_.waitForDone();
}

void VerifyController::addPaths(const QStringList& paths, bool asFiles) {
    if (paths.isEmpty()) return;
    auto* job = new IntakeJob(paths, asFiles, pool_, stop_.get_token(), this);
    jobs_.insert(job);
    intakeTopLevel_.insert(job, 0);
    connect(job, &IntakeJob::items, this, [this, job](const QVector<IntakeItem>& items) { onIntake(job, items); });
    connect(job, &IntakeJob::finished, this, [this, job] {
        intakeTopLevel_.remove(job);
        jobEnded(job);
    });
    updateBusy();
}

void VerifyController::onIntake(IntakeJob* job, const QVector<IntakeItem>& items) {
    // Items found after a cancel are dropped; the walk's own messages still say where it stopped.
    const bool stale = job->cancelled();
    QVector<VerifyRow> rows;
    QVector<bool> sidecars;
    QVector<bool> rotational;
    int& topLevel = intakeTopLevel_[job];
    auto addPending = [&] {
        if (rows.isEmpty()) return;
        const QVector<RowId> ids = model_->addRows(std::exchange(rows, {}));
        QVector<RowId> toHash;
        QVector<bool> lookFlags;
        for (qsizetype i = 0; i < ids.size(); ++i) {
            if (rotational[i]) rotationalRows_.insert(ids[i]);
            if (model_->find(ids[i])->status != RowStatus::queued) continue;
            toHash << ids[i];
            lookFlags << sidecars[i];
        }
        enqueue(toHash, lookFlags);
        sidecars.clear();
        rotational.clear();
    };
    for (const IntakeItem& item : items) {
        if (item.kind == IntakeItem::Kind::walking || item.kind == IntakeItem::Kind::walked) {
            emit walkProgress(item.path, item.count, item.left, item.kind == IntakeItem::Kind::walked,
                              item.stopped || stale);
            continue;
        }
        if (stale) continue;
        if (item.kind == IntakeItem::Kind::sums) {
            addPending();  // rows keep the order things were dropped in
            startCheck(item);
            continue;
        }
        if (item.kind == IntakeItem::Kind::audit) {
            addPending();
            startAudit(item);
            continue;
        }
        VerifyRow row;
        row.path = item.path;
        row.name = item.name;
        row.size = item.size;
        if (item.kind == IntakeItem::Kind::missing) row.status = RowStatus::missing;
        if (item.kind == IntakeItem::Kind::skipped) row.status = RowStatus::skipped;
        if (row.status != RowStatus::queued) row.reason = item.reason;
        if (item.kind == IntakeItem::Kind::file && !item.reason.isEmpty()) {
            row.note = tr("Hashed as a file, not checked as a checksum file: %1").arg(item.reason);
        }
        rows << row;
        sidecars << (item.topLevel && item.kind == IntakeItem::Kind::file && topLevel++ < kSidecarLookups);
        rotational << item.rotational;
    }
    addPending();
    announce();
}

void VerifyController::enqueue(const QVector<RowId>& ids, const QVector<bool>& findSidecars) {
    const auto picked = algorithmInfos(algorithms_);
    std::vector<HashTask> tasks;
    tasks.reserve(static_cast<std::size_t>(ids.size()));
    for (qsizetype i = 0; i < ids.size(); ++i) {
        const VerifyRow* row = model_->find(ids[i]);
        if (row == nullptr) continue;
        HashTask task;
        task.row = row->id;
        task.path = row->path;
        task.algorithms = picked;
        if (row->expected) {
            for (const auto* info : algorithmInfos(row->expected->candidates)) {
                if (std::find(task.algorithms.begin(), task.algorithms.end(), info) == task.algorithms.end()) {
                    task.algorithms.push_back(info);
                }
            }
        }
        task.findSidecars = i < findSidecars.size() && findSidecars[i];
        task.rotational = rotationalRows_.contains(row->id);
        task.stop = stop_.get_token();
        rowStops_[row->id] = std::stop_source();  // a fresh read: an earlier Skip is spent
        task.skip = rowStops_[row->id].get_token();
        tasks.push_back(std::move(task));
    }
    workers_->enqueue(std::move(tasks));
    updateBusy();
}

void VerifyController::onHashEvents(const QVector<HashEvent>& events) {
    const auto offersBefore = sidecarRows_.size();
    for (const HashEvent& e : events) {
        switch (e.kind) {
            case HashEvent::Kind::started:
                model_->update(e.row, [&](VerifyRow& r) {
                    if (!e.supplement) r.status = RowStatus::hashing;
                    r.reading = true;
                    r.done = 0;
                    r.total = r.size.value_or(0);
                    r.elapsedNs = 0;
                });
                break;
            case HashEvent::Kind::progress:
                model_->update(e.row, [&](VerifyRow& r) {
                    if (!r.reading) return;
                    readTotal_ += advanceRead(r, e);
                });
                break;
            case HashEvent::Kind::finished:
                onHashFinished(e);
                break;
        }
    }
    if (sidecarRows_.size() > offersBefore) {
        const VerifyRow* first = model_->find(sidecarRows_.front());
        emit sidecarsOffered(static_cast<int>(sidecarRows_.size()), first ? first->name : QString(),
                             first && first->sidecar ? first->sidecar->sumsFile : QString());
    }
    announce();
}

void VerifyController::onHashFinished(const HashEvent& e) {
    bool judgeIt = false;
    bool offered = false;
    model_->update(e.row, [&](VerifyRow& r) {
        if (r.reading && e.done > r.done) readTotal_ += e.done - r.done;
        r.reading = false;
        r.done = e.done;
        r.elapsedNs = e.elapsedNs;
        if (e.supplement) {
            // More digests for a row already read: its status stands unless this read failed.
            if (e.status == RowStatus::hashed) {
                for (const RowDigest& d : e.digests) r.setDigest(d);
            } else if (e.status != RowStatus::cancelled) {
                r.note = tr("Reading it again failed: %1 %2").arg(statusWord(e.status), e.reason);
            }
            judgeIt = r.expected.has_value() && wasRead(r.status) && r.status != RowStatus::ok;
            return;
        }
        r.status = e.status;
        r.reason = e.status == RowStatus::hashed ? QString() : e.reason;
        r.total = e.total;
        if (e.status != RowStatus::hashed) return;
        r.size = e.done;  // what was read is the size the digests describe
        for (const RowDigest& d : e.digests) r.setDigest(d);
        if (!e.sidecars.isEmpty() && !r.expected) {
            r.sidecar = e.sidecars.front();
            offered = true;
        }
        judgeIt = r.expected.has_value();
    });
    if (e.supplement && e.status == RowStatus::cancelled) {
        // Asked for again the next time, rather than waited for forever.
        for (auto it = requested_.begin(); it != requested_.end();) {
            it = it->startsWith(QStringLiteral("%1:").arg(e.row)) ? requested_.erase(it) : std::next(it);
        }
    }
    if (offered) sidecarRows_ << e.row;
    if (judgeIt) judgeRow(e.row);
}

void VerifyController::judgeRow(RowId id) {
    const VerifyRow* row = model_->find(id);
    if (row == nullptr || !row->expected || !wasRead(row->status)) return;
    const Judgement j = judge(*row, *row->expected);
    if (j.kind == Judgement::Kind::incomplete) {
        compute({{id, j.missing}});
        return;
    }
    const bool ok = j.kind == Judgement::Kind::matched;
    const QString shown = ok ? j.matched : row->expected->candidates.value(0);
    model_->update(id, [&](VerifyRow& r) {
        r.status = ok ? RowStatus::ok : RowStatus::failed;
        r.matched = j.matched;
    });
    model_->addExtraAlgorithm(shown);
}

QVector<RowId> VerifyController::addEntryRows(const IntakeItem& item, bool audited) {
    const verify::SumsFile& sums = *item.sums;
    const QFileInfo sumsInfo(item.path);
    const QDir base = sumsInfo.absoluteDir();
    const bool signedFile = item.signature && !item.signature->verdicts.empty();
    const SignatureTone tone = signedFile ? signatureTone(item.signature->verdicts) : SignatureTone::caution;
    if (signedFile) {
        emit signatureChecked(item.path, tone, signatureText(sumsInfo.fileName(), *item.signature),
                              offersKeyImport(item.signature->verdicts));
    }
    QVector<VerifyRow> rows;
    rows.reserve(static_cast<qsizetype>(sums.entries.size()));
    for (std::size_t i = 0; i < sums.entries.size(); ++i) {
        const auto& entry = sums.entries[i];
        VerifyRow row;
        if (item.entrySizes && i < item.entrySizes->size()) row.size = (*item.entrySizes)[i];
        row.untrusted = signedFile && tone == SignatureTone::bad;
        row.name = fromNameBytes(entry.name);
        row.path = QDir::cleanPath(base.absoluteFilePath(row.name));
        row.expected = expectationOf(entry, sumsInfo.fileName());
        row.audited = audited;
        rows << row;
    }
    QVector<RowId> ids = model_->addRows(std::move(rows));
    for (const auto& entry : sums.entries) model_->addExtraAlgorithm(algorithmId(*entry.candidates.front()));
    QStringList diagnostics;
    for (const auto& d : sums.diagnostics)
        diagnostics << tr("line %1: %2").arg(d.line).arg(QString::fromStdString(d.reason));
    QStringList notes;
    for (const auto& n : sums.notes) notes << QString::fromStdString(n);
    emit sumsFileRead(item.path, audited ? item.folder : QString(), static_cast<int>(sums.entries.size()), diagnostics,
                      notes);
    return ids;
}

void VerifyController::startCheck(const IntakeItem& item) {
    const QVector<RowId> ids = addEntryRows(item, false);
    auto* run = new CheckRun(item.sums, item.path, pool_, stop_.get_token(), gate_, this);
    jobs_.insert(run);
    checkRows_.insert(run, ids);
    for (qsizetype i = 0; i < ids.size(); ++i) runEntries_.insert(ids[i], {run, nullptr, static_cast<std::size_t>(i)});
    connect(run, &CheckRun::events, this,
            [this, run](const QVector<CheckEvent>& events) { onCheckEvents(run, events); });
    connect(run, &CheckRun::finished, this, [this, run] {
        for (const RowId id : checkRows_.take(run)) runEntries_.remove(id);
        jobEnded(run);
    });
    updateBusy();
}

void VerifyController::startAudit(const IntakeItem& item) {
    const QVector<RowId> ids = addEntryRows(item, true);
    auto* run = new AuditRun(item.sums, item.path, item.folder, pool_, stop_.get_token(), gate_, this);
    jobs_.insert(run);
    auditRows_.insert(run, ids);
    for (qsizetype i = 0; i < ids.size(); ++i) runEntries_.insert(ids[i], {nullptr, run, static_cast<std::size_t>(i)});
    connect(run, &AuditRun::events, this,
            [this, run](const QVector<AuditEvent>& events) { onAuditEvents(run, events); });
    connect(run, &AuditRun::finished, this, [this, run] {
        // A cancelled audit stops saying anything: the entries it did not reach were not audited.
        for (const RowId id : auditRows_.take(run)) {
            runEntries_.remove(id);
            model_->update(id, [](VerifyRow& r) {
                if (!isFinal(r.status)) r.status = RowStatus::cancelled;
            });
        }
        jobEnded(run);
    });
    updateBusy();
}

void VerifyController::onAuditEvents(AuditRun* run, const QVector<AuditEvent>& events) {
    const QVector<RowId> ids = auditRows_.value(run);  // empty after clear(): events are dropped
    if (ids.isEmpty()) return;
    QVector<VerifyRow> found;
    QStringList shown;
    for (const AuditEvent& e : events) {
        if (!e.listed) {
            VerifyRow row;
            row.path = e.path;
            row.name = e.name;
            row.status = e.status;
            row.reason = e.reason;
            row.audited = true;
            found << row;
            continue;
        }
        if (e.entry >= static_cast<std::size_t>(ids.size())) continue;
        model_->update(ids[static_cast<qsizetype>(e.entry)], [&](VerifyRow& r) {
            r.status = e.status;
            r.reason = e.status == RowStatus::ok || e.status == RowStatus::changed ? QString() : e.reason;
            r.done = e.bytes;
            if (e.status == RowStatus::ok || e.status == RowStatus::changed) r.size = e.bytes;
            if (e.status == RowStatus::ok && r.expected && !e.matched.isEmpty()) {
                // A match shows its digest, as a checked row does: the listed one, now computed.
                r.matched = e.matched;
                r.setDigest({e.matched, QString::fromLatin1(r.expected->bytes.toHex()), e.implementation});
                shown << e.matched;
            }
            if (e.status == RowStatus::moved) {
                // Both paths in the row: where it is now, and the name the checksum file knows.
                r.path = e.path;
                r.name = QStringLiteral("%1 ← %2").arg(e.name, e.oldName);
            }
        });
    }
    if (!found.isEmpty()) model_->addRows(std::move(found));
    shown.removeDuplicates();
    for (const QString& id : shown) model_->addExtraAlgorithm(id);
    announce();
}

void VerifyController::onCheckEvents(CheckRun* run, const QVector<CheckEvent>& events) {
    const QVector<RowId> ids = checkRows_.value(run);  // empty after clear(): events are dropped
    QStringList shown;
    for (const CheckEvent& e : events) {
        if (e.entry >= static_cast<std::size_t>(ids.size())) continue;
        model_->update(ids[static_cast<qsizetype>(e.entry)], [&](VerifyRow& r) {
            switch (e.kind) {
                case CheckEvent::Kind::progress:
                    if (isFinal(r.status)) return;
                    r.status = RowStatus::hashing;
                    r.reading = true;
                    readTotal_ += advanceRead(r, e);
                    return;
                case CheckEvent::Kind::verdict:
                    // A row skipped here already says so; a skipped verdict only confirms it.
                    if (r.status == RowStatus::skipped && e.status == RowStatus::skipped) return;
                    if (r.reading && e.bytes > r.done) readTotal_ += e.bytes - r.done;
                    r.reading = false;
                    r.status = e.status;
                    r.reason = wasRead(e.status) ? QString() : e.reason;
                    r.done = e.bytes;
                    r.elapsedNs = e.elapsedNs;
                    if (wasRead(e.status)) r.size = e.bytes;
                    if (e.status == RowStatus::ok && r.expected) {
                        r.matched = e.matched;
                        r.setDigest({e.matched, QString::fromLatin1(r.expected->bytes.toHex()), e.implementation});
                        shown << e.matched;
                    }
                    return;
                case CheckEvent::Kind::digest:
                    r.setDigest(e.digest);
                    return;
            }
        });
    }
    shown.removeDuplicates();
    for (const QString& id : shown) model_->addExtraAlgorithm(id);
    announce();
}

void VerifyController::jobEnded(QObject* job) {
    jobs_.remove(job);
    job->deleteLater();  // we are inside its signal
    updateBusy();
    announce();
}

void VerifyController::announce() {
    // Workers report up to 25 times a second each; views repaint and the summary recounts at
    // most 10 times a second, whatever the number of workers. The model itself is always current.
    if (!announceTimer_.isActive()) announceTimer_.start();
}

bool VerifyController::busy() const { return workers_->busy() || !jobs_.isEmpty(); }

qint64 VerifyController::elapsedNs() const { return busyNs_ + (busy_ && !paused_ ? busyClock_.nsecsElapsed() : 0); }

void VerifyController::updateBusy() {
    const bool now = busy();
    if (now == busy_) return;
    busy_ = now;
    if (now) {
        busyClock_.start();
    } else if (!paused_) {
        busyNs_ += busyClock_.nsecsElapsed();
    }
    emit busyChanged(now);
}

}  // namespace hashscope::ui
