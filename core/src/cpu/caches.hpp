// Cache sizes: libcpuinfo first, then the kernel's sysfs, then CPUID's own cache leaves.
#pragma once

#include "hashscope/cpu.hpp"

namespace hashscope::cpu_detail {

// What libcpuinfo found. Call only after cpuinfo_initialize() succeeded.
CpuCaches cpuinfo_caches();

// libcpuinfo finds no caches when CPUID lacks the cache-topology leaves (some hypervisors' and
// emulators' CPU models) and is not there at all when it failed to initialise; ask the kernel's
// sysfs, then CPUID's older cache leaves, for whatever is still missing.
void fill_missing_caches(CpuCaches& caches);

}  // namespace hashscope::cpu_detail
