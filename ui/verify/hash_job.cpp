#include "verify/hash_job.hpp"

#include <QFile>
#include <QPromise>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <array>
#include <chrono>
#include <filesystem>

#include "hashscope/file_hash.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::ui {
namespace {

// A multi-GB file is read in thousands of blocks; reporting each would flood the GUI's event loop.
// Twenty updates a second look smooth and cost nothing.
constexpr auto kProgressInterval = std::chrono::milliseconds(50);

int perMille(quint64 done, quint64 total) {
    if (total == 0) return HashJob::kProgressScale;
    const auto scaled = done >= total ? quint64{HashJob::kProgressScale} : done * HashJob::kProgressScale / total;
    return static_cast<int>(scaled);
}

HashOutcome::Status statusOf(FileStatus status) {
    switch (status) {
        case FileStatus::ok: return HashOutcome::Status::ok;
        case FileStatus::cancelled: return HashOutcome::Status::cancelled;
        case FileStatus::unreadable: return HashOutcome::Status::unreadable;
        case FileStatus::not_regular: return HashOutcome::Status::skipped;
        case FileStatus::changed: return HashOutcome::Status::changed;
    }
    return HashOutcome::Status::error;
}

HashUpdate finalUpdate(HashOutcome outcome) {
    HashUpdate update;
    update.final = true;
    update.done = outcome.bytes;
    update.total = outcome.bytes;
    update.outcome = std::move(outcome);
    return update;
}

// Runs on a pool thread. Everything it needs arrives by value; everything it says goes through
// the promise, which Qt hands to the GUI thread as queued events.
void hashOnWorker(QPromise<HashUpdate>& promise, const QString& path, const std::stop_token& stop) {
    promise.setProgressRange(0, HashJob::kProgressScale);

    // Fresh hashers per file: they are cheap, and no state is shared between threads.
    auto sha256 = Registry::host().make_hasher("sha256");
    auto crc32c = Registry::host().make_hasher("crc32c");
    if (!sha256 || !crc32c) {
        HashOutcome outcome;
        outcome.status = HashOutcome::Status::error;
        outcome.message = QString::fromStdString(!sha256 ? sha256.error().message : crc32c.error().message);
        promise.addResult(finalUpdate(std::move(outcome)));
        return;
    }
    const std::array<Hasher*, 2> hashers{sha256->get(), crc32c->get()};

    auto lastReport = std::chrono::steady_clock::now();
    const ProgressFn progress = [&](std::uint64_t done, std::uint64_t total) {
        const auto now = std::chrono::steady_clock::now();
        if (now - lastReport < kProgressInterval) return;
        lastReport = now;
        promise.setProgressValue(perMille(done, total));
        HashUpdate tick;
        tick.done = done;
        tick.total = total;
        promise.addResult(std::move(tick));
    };

    // QFile::encodeName gives the bytes the file system knows the name by.
    const std::filesystem::path fsPath(QFile::encodeName(path).toStdString());
    const FileHashResult result = hash_file(fsPath, hashers, progress, stop);

    HashOutcome outcome;
    outcome.status = statusOf(result.status);
    outcome.message = QString::fromStdString(result.message);
    outcome.bytes = result.bytes;
    if (result.status == FileStatus::ok && result.digests.size() == hashers.size()) {
        outcome.sha256 = QString::fromStdString(result.digests[0].hex());
        outcome.crc32c = QString::fromStdString(result.digests[1].hex());
        promise.setProgressValue(HashJob::kProgressScale);
    }
    promise.addResult(finalUpdate(std::move(outcome)));
}

}  // namespace

HashJob::HashJob(const QString& path, QThreadPool& pool, QObject* parent) : QObject(parent) {
    // Connect before setFuture so no early signal is missed.
    connect(&watcher_, &QFutureWatcherBase::progressValueChanged, this, &HashJob::progressed);
    connect(&watcher_, &QFutureWatcherBase::resultReadyAt, this, &HashJob::onResultReady);
    connect(&watcher_, &QFutureWatcherBase::finished, this, &HashJob::onFinished);

    clock_.start();
    watcher_.setFuture(QtConcurrent::run(
        &pool,
        [](QPromise<HashUpdate>& promise, QString file, std::stop_token stop) { hashOnWorker(promise, file, stop); },
        path, stop_.get_token()));
}

HashJob::~HashJob() {
    // A job dropped mid-file must not leave its worker reading on for minutes.
    stop_.request_stop();
}

void HashJob::cancel() { stop_.request_stop(); }

void HashJob::onResultReady(int index) {
    bytesDone_ = watcher_.resultAt(index).done;
}

void HashJob::onFinished() {
    // The final update is always the last result; its absence would mean the worker threw.
    const QFuture<HashUpdate> future = watcher_.future();
    const int count = future.resultCount();
    if (count > 0 && future.resultAt(count - 1).final) {
        emit finished(future.resultAt(count - 1).outcome);
        return;
    }
    HashOutcome outcome;
    outcome.status = HashOutcome::Status::error;
    outcome.message = tr("the worker stopped without a result");
    emit finished(outcome);
}

}  // namespace hashscope::ui
