// Which checksum-relevant CPU features this process may use: the CPU must have them and the OS
// must save the registers they need.
#pragma once

#include "hashscope/cpu_features.hpp"

namespace hashscope::cpu_detail {

// libcpuinfo's view, double-checked or completed where the 2022 snapshot falls short.
// Call only after cpuinfo_initialize() succeeded. Empty on architectures we do not detect.
CpuFeatureSet cpuinfo_features();

// Without libcpuinfo: CPUID and XCR0 on x86, the kernel's HWCAPs on aarch64.
CpuFeatureSet fallback_features();

}  // namespace hashscope::cpu_detail
