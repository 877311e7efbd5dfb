// Who made the CPU, as users say it ("AMD", "Intel", "Ampere").
#pragma once

#include <cpuinfo.h>

#include <string>
#include <string_view>

#include "cpu/proc_cpuinfo.hpp"

namespace hashscope::cpu_detail {

// libcpuinfo's vendor enum; "" for values without a name here.
std::string_view vendor_name(cpuinfo_vendor vendor);

// The vendor without libcpuinfo's word: CPUID on x86, the MIDR implementer code on aarch64
// (from /proc/cpuinfo or the register itself). "" when nothing says.
std::string fallback_vendor(const ProcCpuinfo& proc);

}  // namespace hashscope::cpu_detail
