#include "bench/bench_run.hpp"

#include <QPromise>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include "bench/core_pinning.hpp"

namespace hashscope::ui {
namespace {

// Runs on a pool thread. Everything arrives by value; everything said goes through the promise,
// which Qt hands to the GUI thread as queued events. A finished cell is one small message, so
// the measuring loop pays for a copy, never for a repaint.
void runOnWorker(QPromise<RunUpdate>& promise, const bench::BenchSpec& spec, const Registry& registry,
                 const CpuInfo& cpu, const std::vector<int>& cores, const std::stop_token& stop) {
    ScopedAffinity pin(cores);
    const bench::BenchProgressFn progress = [&](const bench::BenchProgress& p, const bench::CellResult* finished) {
        if (finished == nullptr) return;
        RunUpdate update;
        update.progress = p;
        update.cell = *finished;
        update.cell->raw_ns_per_op.clear();  // the final report carries them; the live view needs none
        promise.addResult(std::move(update));
    };
    RunUpdate last;
    last.report = bench::run_benchmark(spec, registry, cpu, progress, stop);
    last.progress.cells_done = last.report->results.size();
    last.progress.cells_total = bench::count_cells(spec);
    last.progress.elapsed_s = last.report->elapsed_s;
    promise.addResult(std::move(last));
}

}  // namespace

BenchRun::BenchRun(bench::BenchSpec spec, const Registry& registry, const CpuInfo& cpu, QThreadPool& pool,
                   std::vector<int> cores, QObject* parent)
    : QObject(parent) {
    connect(&watcher_, &QFutureWatcherBase::resultsReadyAt, this, &BenchRun::onResultReady);
    connect(&watcher_, &QFutureWatcherBase::finished, this, &BenchRun::onFinished);
    watcher_.setFuture(QtConcurrent::run(
        &pool,
        [](QPromise<RunUpdate>& promise, bench::BenchSpec s, Registry r, CpuInfo c, std::vector<int> mask,
           std::stop_token stop) { runOnWorker(promise, s, r, c, mask, stop); },
        std::move(spec), registry, cpu, std::move(cores), stop_.get_token()));
}

BenchRun::~BenchRun() {
    // A run dropped midway must not leave its worker measuring for minutes.
    stop_.request_stop();
}

void BenchRun::cancel() { stop_.request_stop(); }

void BenchRun::onResultReady(int begin, int end) {
    // Results arrive in order; several may come in one event when the GUI was busy.
    for (int i = std::max(begin, delivered_); i < end; ++i) {
        const RunUpdate update = watcher_.resultAt(i);
        delivered_ = i + 1;
        if (update.cell) emit cellFinished(*update.cell, update.progress);
    }
}

void BenchRun::onFinished() {
    const QFuture<RunUpdate> future = watcher_.future();
    const int count = future.resultCount();
    if (count > 0) {
        onResultReady(delivered_, count);
        const RunUpdate last = future.resultAt(count - 1);
        if (last.report) {
            emit finished(*last.report);
            return;
        }
    }
    // Only reachable if the worker threw: report an empty, cancelled run rather than hang.
    bench::BenchReport empty;
    empty.cancelled = true;
    empty.environment.warnings.push_back("the benchmark stopped without a result");
    emit finished(empty);
}

}  // namespace hashscope::ui
