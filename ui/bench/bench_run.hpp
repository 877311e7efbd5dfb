// BenchRun: one benchmark run on a worker thread of the Benchmark page's pool (a JobRun, see
// common/job_run.hpp, the wrapper the System page's self-test and calibration use too). Each
// finished cell comes back to the GUI thread as an update, the engine's report as the result.
//
// The work gets the spec, a copy of the registry and the CPU by value: the page may change its
// registry's plan, or go, while the worker still measures (its pool is waited for first).
#pragma once

#include <vector>

#include "common/job_run.hpp"
#include "hashscope/bench/report.hpp"
#include "hashscope/bench/runner.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::ui {

// A finished cell, with the progress after it.
struct RunUpdate {
    bench::BenchProgress progress;
    bench::CellResult cell;
};

using BenchRun = JobRun<RunUpdate, bench::BenchReport>;

// The work of one run. The worker runs on `cores` (one, to pin a single-thread run; all of the
// process's for a multi-thread one: its threads inherit it); see core_pinning.hpp. It stops
// within a sample when asked, with what was measured so far.
BenchRun::Work benchWork(bench::BenchSpec spec, const Registry& registry, const CpuInfo& cpu, std::vector<int> cores);

// What a run that ended without a report shows (only if the worker threw): an empty, cancelled run.
bench::BenchReport lostBenchReport();

}  // namespace hashscope::ui
