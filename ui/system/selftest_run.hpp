// SelfTestRun: the core self-test on a worker thread of a pool the caller owns, reporting each
// implementation's verdict back on the GUI thread through a QFutureWatcher (the pattern of
// bench/BenchRun). The worker gets the registry and options by value and a std::stop_token, and
// talks only through its QPromise.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <optional>
#include <stop_token>

#include "hashscope/registry.hpp"
#include "hashscope/selftest.hpp"

class QThreadPool;

namespace hashscope::ui {

// One message from the worker: an implementation's verdict, or the final report.
struct SelfTestUpdate {
    SelfTestProgress progress;
    std::optional<SelfTestOutcome> outcome;
    std::optional<SelfTestReport> report;  // the last update only
};

class SelfTestRun : public QObject {
    Q_OBJECT

public:
    // Starts at once on `pool`. Rows injected through options.implementations must outlive the
    // pool's work (static tables do).
    SelfTestRun(const Registry& registry, const SelfTestOptions& options, QThreadPool& pool, QObject* parent = nullptr);
    ~SelfTestRun() override;

    // Asks the worker to stop; it returns within one random message.
    void cancel();
    [[nodiscard]] bool cancelRequested() const { return stop_.stop_requested(); }

signals:
    void outcomeReady(const hashscope::SelfTestOutcome& outcome, const hashscope::SelfTestProgress& progress);
    // Emitted once, after the worker has returned.
    void finished(const hashscope::SelfTestReport& report);

private:
    void onResultReady(int begin, int end);
    void onFinished();

    std::stop_source stop_;
    QFutureWatcher<SelfTestUpdate> watcher_;
    int delivered_ = 0;
};

}  // namespace hashscope::ui
