// BenchRun: one benchmark run on a worker thread of a pool the caller owns, reporting back on the
// GUI thread through a QFutureWatcher (the pattern of system/SelfTestRun and verify/HashWorkers).
//
// The worker never sees this object: it gets the spec, a copy of the registry and the CPU by
// value and a std::stop_token, and talks only through its QPromise. The run may be dropped while
// the worker still measures; the pool's owner must wait for the pool before the program ends.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <optional>
#include <stop_token>
#include <vector>

#include "hashscope/bench/report.hpp"
#include "hashscope/bench/runner.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"

class QThreadPool;

namespace hashscope::ui {

// One message from the worker: a finished cell (with the progress after it), or the final report.
struct RunUpdate {
    bench::BenchProgress progress;
    std::optional<bench::CellResult> cell;
    std::optional<bench::BenchReport> report;  // the last update only
};

class BenchRun : public QObject {
    Q_OBJECT

public:
    // Starts at once on `pool`. The worker runs on `cores` (one, to pin a single-thread run; all
    // of the process's for a multi-thread one: its threads inherit it); see core_pinning.hpp.
    BenchRun(bench::BenchSpec spec, const Registry& registry, const CpuInfo& cpu, QThreadPool& pool,
             std::vector<int> cores, QObject* parent = nullptr);
    ~BenchRun() override;

    // Asks the worker to stop; it returns within a sample with what was measured so far.
    void cancel();
    [[nodiscard]] bool cancelRequested() const { return stop_.stop_requested(); }

signals:
    void cellFinished(const hashscope::bench::CellResult& cell, const hashscope::bench::BenchProgress& progress);
    // Emitted once, after the worker has returned.
    void finished(const hashscope::bench::BenchReport& report);

private:
    void onResultReady(int begin, int end);
    void onFinished();

    std::stop_source stop_;
    QFutureWatcher<RunUpdate> watcher_;
    int delivered_ = 0;  // updates already passed on
};

}  // namespace hashscope::ui
