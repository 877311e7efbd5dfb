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
// Returns "" when no source knows.
std::string microarchitecture(std::string_view from_cpuinfo);

}  // namespace hashscope::cpu_detail
