// SelfTestRun: the core self-test on a worker thread of the Self-test box's pool (a JobRun, see
// common/job_run.hpp, as bench/BenchRun is). Each implementation's verdict comes back to the GUI
// thread as an update, the report as the result.
#pragma once

#include "common/job_run.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/selftest.hpp"

namespace hashscope::ui {

// An implementation's verdict, with the progress after it.
struct SelfTestUpdate {
    SelfTestProgress progress;
    SelfTestOutcome outcome;
};

using SelfTestRun = JobRun<SelfTestUpdate, SelfTestReport>;

// The work of one self-test, with the registry and options by value. Rows injected through
// options.implementations must outlive the pool's work (static tables do). It stops within one
// random message when asked.
SelfTestRun::Work selfTestWork(const Registry& registry, const SelfTestOptions& options);

// What a self-test that ended without a report shows (only if the worker threw): an empty,
// cancelled one.
SelfTestReport lostSelfTestReport();

}  // namespace hashscope::ui
