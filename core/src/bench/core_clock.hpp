// Core cycles, for cycles/byte: counted by perf_event_open where the kernel allows it, else
// estimated from a measured core clock. Never the TSC rate: the TSC ticks at a fixed rate that is
// not the core clock (on the development VM: TSC 2.6 GHz, cores ~3.65 GHz).
#pragma once

#include <cstdint>
#include <optional>

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

// The core clock in GHz, measured by timing a long chain of dependent additions (one cycle each);
// the best of a few runs, so that turbo is reached. 0 where it cannot be measured (not x86-64).
double measure_core_ghz();

}  // namespace hashscope::bench::detail
