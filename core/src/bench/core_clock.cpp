#include "bench/core_clock.hpp"

#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <string>

namespace hashscope::bench::detail {

PerfCycleCounter::PerfCycleCounter() {
    perf_event_attr attr;
    std::memset(&attr, 0, sizeof attr);
    attr.type = PERF_TYPE_HARDWARE;
    attr.size = sizeof attr;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    fd_ = static_cast<int>(::syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC));
    if (fd_ >= 0 && !read()) {  // opened but unreadable (some VMs): treat as absent
        ::close(fd_);
        fd_ = -1;
    }
}

PerfCycleCounter::~PerfCycleCounter() {
    if (fd_ >= 0) ::close(fd_);
}

std::optional<std::uint64_t> PerfCycleCounter::read() const {
    std::uint64_t value = 0;
    if (fd_ < 0 || ::read(fd_, &value, sizeof value) != static_cast<ssize_t>(sizeof value)) return std::nullopt;
    return value;
}

namespace {

#if defined(__x86_64__)
constexpr std::uint64_t kIterations = 4'000'000;

// GHz from a chain of `per_iteration` dependent instructions of `latency` cycles each; the best
// of a few runs, so that turbo is reached.
template <typename Loop>
double chain_ghz(Loop loop, double cycles_per_iteration) {
    double best = 0;
    for (int run = 0; run < 5; ++run) {
        const auto start = std::chrono::steady_clock::now();
        loop();
        const auto ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
        best = std::max(best, static_cast<double>(kIterations) * cycles_per_iteration / ns);
    }
    return best;
}

// A loop of kIterations iterations of eight dependent `insn` on x (starting at `x0`); the loop's
// own decrement and branch run beside them and add nothing. A macro: asm takes only literals.
#define HASHSCOPE_DEPENDENT_CHAIN(insn, x0)                  \
    [] {                                                     \
        std::uint64_t counter = kIterations;                 \
        std::uint64_t x = x0;                                \
        asm volatile(                                        \
            ".p2align 4\n"                                   \
            "1:\n\t" insn insn insn insn insn insn insn insn \
            "dec %1\n\t"                                     \
            "jnz 1b\n"                                       \
            : "+r"(x), "+r"(counter)                         \
            :                                                \
            : "cc");                                         \
    }

// Multiplications, 3 cycles each.
double imul_chain_ghz() { return chain_ghz(HASHSCOPE_DEPENDENT_CHAIN("imul %0, %0\n\t", 3), 8 * 3); }
double add_chain_ghz() { return chain_ghz(HASHSCOPE_DEPENDENT_CHAIN("add $1, %0\n\t", 0), 8); }
#undef HASHSCOPE_DEPENDENT_CHAIN
#endif

// cpufreq's maximum where the kernel has a driver; else the "cpu MHz" of /proc/cpuinfo (in a
// guest, usually the host's nominal clock).
double reported_ghz() {
    if (std::ifstream max("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"); max) {
        double khz = 0;
        if (max >> khz && khz > 0) return khz / 1e6;
    }
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);) {
        if (line.rfind("cpu MHz", 0) != 0) continue;
        const auto colon = line.find(':');
        if (colon == std::string::npos) break;
        try {
            return std::stod(line.substr(colon + 1)) / 1e3;
        } catch (const std::exception&) {
            break;
        }
    }
    return 0;
}

std::string ghz_text(double ghz) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f GHz", ghz);
    return text;
}

}  // namespace

CoreClock judge_core_clock(double imul_ghz, double add_ghz, double reported) {
    // No x86-64 core has run above 6.2 GHz out of the box, nor below 0.4 GHz under load; a guest's
    // reported clock is nominal, and turbo or a low nominal clock can put the true one 3× above it.
    constexpr double kLowest = 0.4;
    constexpr double kHighest = 7.0;
    constexpr double kReportedFactor = 3.0;
    CoreClock clock{imul_ghz, add_ghz, reported, false, {}};
    if (imul_ghz <= 0) {
        clock.why_not = "the core clock cannot be measured on this architecture";
    } else if (imul_ghz < kLowest || imul_ghz > kHighest) {
        clock.why_not = "the core clock measured " + ghz_text(imul_ghz) + ", outside what any x86-64 core runs at";
    } else if (reported > 0 && (imul_ghz > reported * kReportedFactor || imul_ghz < reported / kReportedFactor)) {
        clock.why_not =
            "the core clock measured " + ghz_text(imul_ghz) + " but the kernel reports " + ghz_text(reported);
    } else {
        clock.plausible = true;
    }
    return clock;
}

CoreClock measure_core_clock() {
#if defined(__x86_64__)
    return judge_core_clock(imul_chain_ghz(), add_chain_ghz(), reported_ghz());
#else
    return judge_core_clock(0, 0, reported_ghz());
#endif
}

}  // namespace hashscope::bench::detail
