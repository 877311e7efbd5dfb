#include "cpu/emulation.hpp"

#include "hashscope/cpu.hpp"

#include <fstream>

#include "cpu/text.hpp"

namespace hashscope::cpu_detail {

namespace {

// The kernel's machine name in uname's spelling; QEMU rewrites uname() for its guest but has no
// reason to touch this sysctl (older kernels lack it).
std::string kernel_architecture() {
    std::ifstream in("/proc/sys/kernel/arch");
    std::string line;
    std::getline(in, line);
    return normalize_spaces(line);
}

bool is_x86(std::string_view arch) { return arch == "x86_64" || arch == "x86" || arch == "i686" || arch == "i386"; }
bool is_arm64(std::string_view arch) { return arch == "aarch64" || arch == "arm64"; }

bool same_architecture(std::string_view a, std::string_view b) {
    return a == b || (is_x86(a) && is_x86(b)) || (is_arm64(a) && is_arm64(b));
}

// Which architecture's /proc/cpuinfo this is: x86 kernels write "vendor_id", arm64 kernels
// "CPU implementer". "" when it says neither (missing, or another architecture).
std::string_view proc_cpuinfo_architecture(const ProcCpuinfo& proc) {
    if (!proc.vendor_id.empty()) return "x86_64";
    if (!proc.cpu_implementer.empty()) return "aarch64";
    return {};
}

std::string_view article(std::string_view word) {
    return (!word.empty() && std::string_view("aeioux").find(word.front()) != std::string_view::npos) ? "an" : "a";
}

}  // namespace

std::string emulation_from(std::string_view compiled, std::string_view kernel, const ProcCpuinfo& proc) {
    if (compiled.empty() || compiled == "unknown") return {};
    std::string_view host = kernel;
    if (host.empty()) host = proc_cpuinfo_architecture(proc);
    if (host.empty() || same_architecture(compiled, host)) return {};
    return std::string(compiled) + " code on " + std::string(article(host)) + " " + std::string(host) + " kernel";
}

std::string detect_emulation(std::string_view compiled, const ProcCpuinfo& proc) {
    return emulation_from(compiled, kernel_architecture(), proc);
}

}  // namespace hashscope::cpu_detail

namespace hashscope {

std::string emulation_warning(std::string_view emulation) {
    return "running under emulation (" + std::string(emulation) +
           "): every instruction is translated, so figures are meaningless for any real CPU";
}

}  // namespace hashscope
