#include "verify/check_run.hpp"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <mutex>
#include <unordered_map>

#include "hashscope/verify/check_job.hpp"
#include "hashscope/verify/entry_skips.hpp"
#include "hashscope/verify/file_digester.hpp"
#include "hashscope/verify/pause_gate.hpp"
#include "verify/algorithm_names.hpp"
#include "verify/background_priority.hpp"
#include "verify/engine_values.hpp"
#include "verify/event_batcher.hpp"

namespace hashscope::ui {
namespace {

namespace fs = std::filesystem;

// How fast each entry's file was read, from its progress reports (reader threads) to its verdict
// (the checking thread). Progress comes after each block, so the rate is taken between the first
// and the last report; a file read in one block gets no speed (for so little it would be noise).
class ReadTimes {
public:
    // Records a progress report; returns the time the read took so far, scaled to `done` bytes.
    qint64 progress(std::size_t entry, quint64 done) {
        const std::lock_guard lock(mutex_);
        const qint64 now = clock_.nsecsElapsed();
        auto [it, inserted] = reads_.try_emplace(entry, Read{now, done, now, done});
        it->second.lastNs = now;
        it->second.lastDone = done;
        return elapsedFor(it->second, done);
    }
    qint64 elapsed(std::size_t entry, quint64 bytes) {
        const std::lock_guard lock(mutex_);
        const auto it = reads_.find(entry);
        return it == reads_.end() ? 0 : elapsedFor(it->second, bytes);
    }

private:
    struct Read {
        qint64 firstNs;
        quint64 firstDone;
        qint64 lastNs;
        quint64 lastDone;
    };
    static qint64 elapsedFor(const Read& r, quint64 bytes) {
        if (r.lastDone <= r.firstDone || r.lastNs <= r.firstNs) return 0;
        const double rate = static_cast<double>(r.lastDone - r.firstDone) / static_cast<double>(r.lastNs - r.firstNs);
        return static_cast<qint64>(static_cast<double>(bytes) / rate);
    }

    std::mutex mutex_;
    QElapsedTimer clock_ = [] {
        QElapsedTimer c;
        c.start();
        return c;
    }();
    std::unordered_map<std::size_t, Read> reads_;
};

// Reads a FAILED entry's file for the digest of its likeliest algorithm.
void reportActualDigest(const fs::path& path, const verify::SumsEntry& entry, std::size_t index, std::stop_token stop,
                        EventBatcher<CheckEvent>& out) {
    const std::vector<const AlgorithmInfo*> algorithms{entry.candidates.front()};
    auto digester = verify::FileDigester::make(algorithms);
    if (!digester) return;
    const auto result = digester.value()->digest(path, {}, std::move(stop));
    if (result.status != FileStatus::ok || result.digests.empty()) return;
    CheckEvent event;
    event.kind = CheckEvent::Kind::digest;
    event.entry = index;
    const auto* impl = digester.value()->implementations().front();
    event.digest = {algorithmId(*algorithms.front()), QString::fromStdString(result.digests.front().hex()),
                    impl ? implementationLabel(*impl) : QString()};
    out.add(std::move(event), index);
}

void checkOnWorker(const verify::SumsFile& sums, const fs::path& base, std::stop_token stop, verify::PauseGate& gate,
                   verify::EntrySkips& skips, EventBatcher<CheckEvent>& out) {
    ReadTimes times;
    std::vector<std::size_t> failed;
    const auto sink = [&](std::size_t entry, const verify::CheckResult& result) {
        CheckEvent event;
        event.kind = CheckEvent::Kind::verdict;
        event.entry = entry;
        event.status = rowStatusOf(result.verdict);
        event.reason = QString::fromStdString(result.message);
        if (result.matched) event.matched = algorithmId(*result.matched);
        if (result.implementation) event.implementation = implementationLabel(*result.implementation);
        event.bytes = result.bytes;
        event.elapsedNs = times.elapsed(entry, result.bytes);
        if (result.verdict == verify::Verdict::failed) failed.push_back(entry);
        out.add(std::move(event), entry);
    };
    const auto progress = [&](std::size_t entry, std::uint64_t done, std::uint64_t total) {
        CheckEvent event;
        event.entry = entry;
        event.done = done;
        event.total = total;
        event.elapsedNs = times.progress(entry, done);
        out.progress(std::move(event), entry);
        if (gate.paused()) {
            out.flush();      // the rows show where each read stands while paused
            gate.wait(stop);  // no more blocks until resumed (or cancelled)
        }
    };
    verify::CheckOptions options;
    options.skips = &skips;
    verify::check_entries(base, sums.entries, options, sink, progress, stop);
    out.flush();  // the verdicts first: the second reads below may take a while
    for (const std::size_t entry : failed) {
        if (stop.stop_requested()) break;
        const fs::path name(sums.entries[entry].name);
        reportActualDigest(name.is_absolute() ? name : base / name, sums.entries[entry], entry, stop, out);
    }
}

}  // namespace

CheckRun::CheckRun(std::shared_ptr<const verify::SumsFile> sums, const QString& sumsPath, QThreadPool& pool,
                   std::stop_token stop, std::shared_ptr<verify::PauseGate> gate, QObject* parent)
    : QObject(parent), sums_(std::move(sums)), skips_(std::make_shared<verify::EntrySkips>()) {
    CheckRun* self = this;  // the queued calls' context; the controller waits for the pool before it dies
    auto deliver = [self](QVector<CheckEvent>&& batch) {
        QMetaObject::invokeMethod(
            self, [self, batch = std::move(batch)] { emit self->events(batch); }, Qt::QueuedConnection);
    };
    auto* watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcher<void>::finished, this, &CheckRun::finished);
    watcher->setFuture(QtConcurrent::run(&pool, [sums = sums_, base = toFsPath(sumsPath).parent_path(), stop,
                                                 gate = std::move(gate), skips = skips_, deliver, gui = guiPriority()] {
        runBelow(gui);
        EventBatcher<CheckEvent> out(deliver);
        checkOnWorker(*sums, base, stop, *gate, *skips, out);
    }));
}

void CheckRun::skip(std::size_t entry) { skips_->skip(entry); }

}  // namespace hashscope::ui
