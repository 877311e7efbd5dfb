// Whether we run under a hypervisor, and which.
#pragma once

#include <string>

namespace hashscope::cpu_detail {

// "KVM", "Hyper-V", ... the raw signature for hypervisors not in our table, "unknown" when the
// hypervisor gives none, "" on bare metal and wherever we cannot tell.
std::string detect_hypervisor();

}  // namespace hashscope::cpu_detail
