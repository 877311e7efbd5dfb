// Names of core designs ("Zen 4", "Ice Lake"): libcpuinfo's, or our own CPUID tables where
// libcpuinfo is unavailable or does not know the part.
#pragma once

#include <cpuinfo.h>

#include <string>
#include <string_view>

namespace hashscope::cpu_detail {

// libcpuinfo's microarchitecture enum as users know it; "" for values without a name here.
std::string_view uarch_name(cpuinfo_uarch uarch);

// The microarchitecture to report, given libcpuinfo's name for it ("" when libcpuinfo gave none).
// Returns "" when no source knows. The name from the model number is checked against the ISA
// generation the CPU's features prove (reconcile_with_features).
std::string microarchitecture(std::string_view from_cpuinfo);

// Features that first came with one generation of cores. A hypervisor may report any model
// number, but it cannot give a guest instructions the host lacks, so these bound the generation
// from below.
struct GenerationMarkers {
    bool avx512f = false;
    bool vpclmulqdq = false;
    bool avx512_bf16 = false;
    bool avx512_fp16 = false;
    bool amx_tile = false;
    bool amx_fp16 = false;
};

// `name` when the markers fit it; otherwise the oldest generation that has them, as
// "Sapphire Rapids or later (reported as model 167)". Names this function has no facts about
// pass unchanged. `vendor` is CPUID's vendor string ("GenuineIntel", "AuthenticAMD").
std::string reconcile_with_features(std::string_view vendor, std::string name, unsigned family, unsigned model,
                                    const GenerationMarkers& markers);

}  // namespace hashscope::cpu_detail
