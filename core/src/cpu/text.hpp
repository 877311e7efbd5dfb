// Text clean-up shared by the CPU detection sources: CPUID registers, /proc/cpuinfo, sysfs.
#pragma once

#include <string>
#include <string_view>

namespace hashscope::cpu_detail {

bool is_space_or_nul(char c);

// Brand strings come NUL-padded and often space-padded ("       Intel(R) Xeon(R) ..."),
// so trim both ends and fold inner runs of blanks into one space.
std::string normalize_spaces(std::string_view text);

}  // namespace hashscope::cpu_detail
