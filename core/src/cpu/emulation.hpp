// Whether this program runs under a user-mode emulator (QEMU's qemu-aarch64 on an x86-64 Linux,
// and the like): every instruction is translated, so timings say nothing about the CPU it claims.
#pragma once

#include <string>
#include <string_view>

#include "cpu/proc_cpuinfo.hpp"

namespace hashscope::cpu_detail {

// The decision, from what the sources said: `compiled` is this build's architecture ("aarch64"),
// `kernel` the running kernel's (/proc/sys/kernel/arch, "" when unreadable). A user-mode emulator
// translates the program's instructions and system calls but not the kernel, so a kernel of
// another architecture is the proof. Without that file (older kernels), an aarch64 program
// that finds x86 fields in /proc/cpuinfo, or the reverse, is emulated too: QEMU passes the host's
// file through. Returns "" when native, else what runs on what ("aarch64 code on an x86_64 kernel").
std::string emulation_from(std::string_view compiled, std::string_view kernel, const ProcCpuinfo& proc);

// emulation_from() for this process.
std::string detect_emulation(std::string_view compiled, const ProcCpuinfo& proc);

}  // namespace hashscope::cpu_detail
