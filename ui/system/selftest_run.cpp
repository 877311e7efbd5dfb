#include "system/selftest_run.hpp"

#include <QPromise>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

namespace hashscope::ui {
namespace {

// Runs on a pool thread: everything arrives by value, everything said goes through the promise.
void runOnWorker(QPromise<SelfTestUpdate>& promise, const Registry& registry, const SelfTestOptions& options,
                 const std::stop_token& stop) {
    const SelfTestProgressFn progress = [&](const SelfTestProgress& p, const SelfTestOutcome& finished) {
        SelfTestUpdate update;
        update.progress = p;
        update.outcome = finished;
        promise.addResult(std::move(update));
    };
    SelfTestUpdate last;
    last.report = run_self_test(registry, options, progress, stop);
    last.progress.done = last.report->outcomes.size();
    promise.addResult(std::move(last));
}

}  // namespace

SelfTestRun::SelfTestRun(const Registry& registry, const SelfTestOptions& options, QThreadPool& pool, QObject* parent)
    : QObject(parent) {
    connect(&watcher_, &QFutureWatcherBase::resultsReadyAt, this, &SelfTestRun::onResultReady);
    connect(&watcher_, &QFutureWatcherBase::finished, this, &SelfTestRun::onFinished);
    watcher_.setFuture(QtConcurrent::run(
        &pool,
        [](QPromise<SelfTestUpdate>& promise, Registry r, SelfTestOptions o, std::stop_token stop) {
            runOnWorker(promise, r, o, stop);
        },
        registry, options, stop_.get_token()));
}

SelfTestRun::~SelfTestRun() { stop_.request_stop(); }

void SelfTestRun::cancel() { stop_.request_stop(); }

void SelfTestRun::onResultReady(int begin, int end) {
    for (int i = std::max(begin, delivered_); i < end; ++i) {
        const SelfTestUpdate update = watcher_.resultAt(i);
        delivered_ = i + 1;
        if (update.outcome) emit outcomeReady(*update.outcome, update.progress);
    }
}

void SelfTestRun::onFinished() {
    const QFuture<SelfTestUpdate> future = watcher_.future();
    const int count = future.resultCount();
    if (count > 0) {
        onResultReady(delivered_, count);
        const SelfTestUpdate last = future.resultAt(count - 1);
        if (last.report) {
            emit finished(*last.report);
            return;
        }
    }
    // Only reachable if the worker threw: an empty, cancelled report rather than a hang.
    SelfTestReport empty;
    empty.cancelled = true;
    emit finished(empty);
}

}  // namespace hashscope::ui
