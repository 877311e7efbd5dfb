// Core cycles, for cycles/byte: counted by perf_event_open where the kernel allows it, else
// estimated from a measured core clock. Never the TSC rate: the TSC ticks at a fixed rate that is
// not the core clock (on the development VM: TSC 2.6 GHz, cores ~3.65 GHz).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace hashscope::bench::detail {

// Counts core cycles of the calling thread (user space only) while it lives.
class PerfCycleCounter {
public:
    PerfCycleCounter();
    ~PerfCycleCounter();
    PerfCycleCounter(const PerfCycleCounter&) = delete;
    PerfCycleCounter& operator=(const PerfCycleCounter&) = delete;

    [[nodiscard]] bool available() const { return fd_ >= 0; }
    [[nodiscard]] std::optional<std::uint64_t> read() const;

private:
    int fd_ = -1;
};

// The core clock, measured by timing a long chain of dependent 64-bit multiplications: three
// cycles each on every x86-64 core since 2006 (Intel Core to Granite Rapids, AMD Zen 1 to 5), and
// no renamer can shorten them. A chain of `add $1` is not enough: Golden Cove (Sapphire Rapids)
// folds such adds and runs them faster than one per cycle, which once read 20 GHz. The adds are
// still timed, as a second opinion, and the reading is checked against the clock the kernel reports.
struct CoreClock {
    double ghz = 0;            // the multiplication chain's clock; 0 where it cannot be measured
    double add_chain_ghz = 0;  // the same from one-cycle adds (may read high, see above)
    double reported_ghz = 0;   // what the kernel says (cpufreq's maximum, else /proc/cpuinfo); 0 when silent
    bool plausible = false;    // fit to turn times into cycles
    std::string why_not;       // when not plausible, a sentence for people
};

CoreClock measure_core_clock();

// The judgement alone, for tests: a measured clock must lie within physical bounds, and within a
// factor of what the kernel reports when it reports anything.
CoreClock judge_core_clock(double imul_ghz, double add_ghz, double reported_ghz);

}  // namespace hashscope::bench::detail
