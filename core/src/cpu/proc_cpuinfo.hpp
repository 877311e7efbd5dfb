// /proc/cpuinfo: the fallback for model name, vendor and topology.
#pragma once

#include <string>

namespace hashscope::cpu_detail {

struct ProcCpuinfo {
    std::string model_name;       // x86 "model name"
    std::string vendor_id;        // x86 "vendor_id", e.g. "AuthenticAMD"
    std::string cpu_implementer;  // ARM "CPU implementer", e.g. "0x41"
    unsigned processors = 0;
    unsigned cores = 0;  // distinct (physical id, core id) pairs; 0 when /proc does not say
};

// Fields stay empty (or 0) when /proc/cpuinfo is missing or does not mention them.
ProcCpuinfo read_proc_cpuinfo();

}  // namespace hashscope::cpu_detail
