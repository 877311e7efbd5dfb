// What this machine's CPU is and can do, detected once through libcpuinfo plus CPUID.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/cpu_features.hpp"

namespace hashscope {

struct CpuCaches {
    std::uint64_t l1d = 0;  // bytes, per core
    std::uint64_t l2 = 0;   // bytes, per core
    std::uint64_t l3 = 0;   // bytes, per package (0 when absent)
};

// The cores of one kind on a CPU that mixes kinds (Arm's big.LITTLE, Intel's P- and E-cores).
struct CoreKind {
    std::string microarchitecture;  // "Cortex-A76"
    unsigned cores = 0;
};

struct CpuInfo {
    std::string vendor;             // "AMD", "Intel", "ARM", ...
    std::string model;              // "AMD EPYC 9R14 96-Core Processor"
    std::string microarchitecture;  // "Zen 4", "Ice Lake", ... or "unknown"
    std::string architecture;       // "x86_64", "aarch64"
    unsigned cores = 0;             // physical cores online (affinity and cgroups not applied)
    unsigned threads = 0;           // logical processors
    CpuCaches caches;
    CpuFeatureSet features;
    std::string hypervisor;  // "KVM", ... empty on bare metal
    // "aarch64 code on an x86_64 kernel" under a user-mode emulator (qemu-aarch64), where the
    // features are the emulated model's and no timing means anything; empty when native.
    std::string emulation;
    // Each kind of core, in libcpuinfo's order, when there is more than one; empty when all the
    // cores are alike (then `microarchitecture` names them all).
    std::vector<CoreKind> core_kinds;
};

// Detects the CPU. Cheap after the first call; safe from any thread.
const CpuInfo& host_cpu();

// "4 × Cortex-A76 + 4 × Cortex-A55"; empty for no kinds (cores all alike).
std::string describe_core_kinds(const std::vector<CoreKind>& kinds);

// The microarchitecture of the core the calling thread runs on now, on a CPU that mixes kinds of
// core (a big core and a little one measure differently, so a benchmark names it); empty when the
// cores are all alike or the core cannot be told.
std::string current_core_kind();

// The warning that `cpu` and every benchmark report carry when CpuInfo::emulation is set.
std::string emulation_warning(std::string_view emulation);

}  // namespace hashscope
