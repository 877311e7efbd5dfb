#include "verify/hash_workers.hpp"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include "hashscope/verify/multi_file_hasher.hpp"
#include "hashscope/verify/pause_gate.hpp"
#include "hashscope/verify/sidecar.hpp"
#include "verify/algorithm_names.hpp"
#include "verify/background_priority.hpp"
#include "verify/engine_values.hpp"
#include "verify/event_batcher.hpp"
#include "verify/work_queue.hpp"

namespace hashscope::ui {

struct HashWorkers::State {
    State(int maxWorkers, std::shared_ptr<verify::PauseGate> pauseGate)
        : queue(maxWorkers), gate(std::move(pauseGate)) {}
    WorkQueue<HashTask> queue;
    std::shared_ptr<verify::PauseGate> gate;
    // Core's multi-file hasher, fed from the queue: its digesters and a spinning disk's line, in
    // which files on such a disk take their places as they leave the queue, so rows finish top-down.
    verify::HashSession session;
};

namespace {

// The checksum files beside the file that list it. Their likely algorithms join this read, so
// that "verify against it" needs no second one.
QVector<SidecarOffer> lookForSidecars(const std::filesystem::path& path, HashTask& task) {
    QVector<SidecarOffer> offers;
    for (const auto& sidecar : verify::find_sidecars(path)) {
        const QString sumsFile = fromFsPath(sidecar.sums_file);
        offers.push_back({sumsFile, expectationOf(sidecar.entry, fromFsPath(sidecar.sums_file.filename()))});
        // Only the first candidate: a bare 64-digit digest could be five algorithms, and a file
        // listed by name usually says which one.
        const AlgorithmInfo* likely = sidecar.entry.candidates.front();
        if (std::find(task.algorithms.begin(), task.algorithms.end(), likely) == task.algorithms.end()) {
            task.algorithms.push_back(likely);
        }
    }
    return offers;
}

HashEvent eventFor(const HashTask& task, HashEvent::Kind kind) {
    HashEvent event;
    event.kind = kind;
    event.row = task.row;
    event.supplement = task.supplement;
    return event;
}

// The status of a read that stopped: the row was skipped, or the run cancelled.
void markStopped(const HashTask& task, HashEvent& done) {
    if (task.skip.stop_requested()) {
        done.status = RowStatus::skipped;
        done.reason = HashWorkers::tr("skipped");
    } else {
        done.status = RowStatus::cancelled;
        done.reason = HashWorkers::tr("cancelled");
    }
}

// Waits while the run is paused, having handed over what is pending, so that the rows show
// where each read stands while it waits. False when stopped.
bool waitAtGate(verify::PauseGate& gate, const std::stop_token& stop, EventBatcher<HashEvent>& out) {
    if (!gate.paused()) return true;
    out.flush();
    return gate.wait(stop);
}

void hashOne(HashTask task, const verify::DiskTurn& turn, verify::WorkerDigesters& digesters, verify::PauseGate& gate,
             EventBatcher<HashEvent>& out) {
    HashEvent done = eventFor(task, HashEvent::Kind::finished);
    // The read stops for either: Cancel (the run's token) or Skip (this row's).
    std::stop_source stop;
    const std::stop_callback onCancel(task.stop, [&stop] { stop.request_stop(); });
    const std::stop_callback onSkip(task.skip, [&stop] { stop.request_stop(); });
    if (!waitAtGate(gate, stop.get_token(), out) || stop.stop_requested()) {
        markStopped(task, done);
        return out.add(std::move(done), task.row);
    }
    out.add(eventFor(task, HashEvent::Kind::started), task.row);
    QElapsedTimer clock;
    clock.start();
    const auto path = toFsPath(task.path);
    if (task.findSidecars) done.sidecars = lookForSidecars(path, task);

    const auto result = digesters.digest(
        path, task.algorithms, turn,
        [&](std::uint64_t bytes, std::uint64_t total) {
            HashEvent tick = eventFor(task, HashEvent::Kind::progress);
            tick.done = bytes;
            tick.total = total;
            tick.elapsedNs = clock.nsecsElapsed();
            out.progress(std::move(tick), task.row);
            waitAtGate(gate, stop.get_token(), out);  // paused: no more blocks until resumed (or stopped)
        },
        stop.get_token());
    done.status = rowStatusOf(result.status, path);
    done.reason = QString::fromStdString(result.message);
    if (result.status == FileStatus::cancelled && task.skip.stop_requested()) markStopped(task, done);
    done.done = result.bytes;
    done.total = result.bytes;
    done.elapsedNs = clock.nsecsElapsed();
    if (result.status == FileStatus::ok) {
        const auto& impls = digesters.implementations();
        for (std::size_t i = 0; i < result.digests.size() && i < task.algorithms.size(); ++i) {
            done.digests.push_back({algorithmId(*task.algorithms[i]), QString::fromStdString(result.digests[i].hex()),
                                    impls[i] ? implementationLabel(*impls[i]) : QString()});
        }
    }
    const bool skipped = done.status == RowStatus::skipped;
    out.add(std::move(done), task.row);
    // The next file may wait long for a spinning disk's turn: a skip is shown now, not then.
    if (skipped) out.flush();
}

}  // namespace

HashWorkers::HashWorkers(QThreadPool& pool, int maxWorkers, std::shared_ptr<verify::PauseGate> gate, QObject* parent)
    : QObject(parent), pool_(pool), state_(std::make_shared<State>(maxWorkers, std::move(gate))) {}

HashWorkers::~HashWorkers() {
    // Workers still running drain the queue into the void; give them nothing more to read.
    state_->queue.takeAll();
}

void HashWorkers::enqueue(std::vector<HashTask> tasks) {
    if (tasks.empty()) return;
    const int start = state_->queue.push(std::move(tasks));
    for (int i = 0; i < start; ++i) startWorker();
}

std::vector<HashTask> HashWorkers::takeWaiting() { return state_->queue.takeAll(); }

std::vector<HashTask> HashWorkers::takeWaiting(const QSet<RowId>& rows) {
    return state_->queue.takeIf([&rows](const HashTask& task) { return rows.contains(task.row); });
}

std::size_t HashWorkers::waiting() const { return state_->queue.waiting(); }

void HashWorkers::startWorker() {
    ++running_;
    // Batches are posted to this object and emitted on the GUI thread. The worker only uses the
    // pointer as the queued call's context; the controller waits for the pool before this dies.
    HashWorkers* self = this;
    auto deliver = [self](QVector<HashEvent>&& batch) {
        QMetaObject::invokeMethod(
            self, [self, batch = std::move(batch)] { emit self->events(batch); }, Qt::QueuedConnection);
    };
    auto* watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcher<void>::finished, this, [this, watcher] {
        watcher->deleteLater();
        if (--running_ == 0) emit idle();
    });
    watcher->setFuture(QtConcurrent::run(&pool_, [state = state_, deliver, gui = guiPriority()] {
        runBelow(gui);
        EventBatcher<HashEvent> out(deliver);
        const auto digesters = state->session.digesters();
        verify::DiskTurn turn;
        // A file on a spinning disk takes its place in the disk's line as it leaves the queue.
        const auto takePlace = [&](const HashTask& task) {
            if (task.rotational) turn = state->session.take_turn();
        };
        while (auto task = state->queue.pop(takePlace)) {
            hashOne(std::move(*task), turn, *digesters, *state->gate, out);
            turn = verify::DiskTurn();  // the disk is the next file's
        }
    }));
}

}  // namespace hashscope::ui
