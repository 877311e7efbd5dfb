// The environment recorded with every benchmark run, and the warnings it calls for.
#pragma once

#include "hashscope/bench/report.hpp"
#include "hashscope/cpu.hpp"

namespace hashscope::bench {

// Collects everything but the cycle source (the runner fills that in when it knows it).
Environment collect_environment(const CpuInfo& cpu);

}  // namespace hashscope::bench
