#include "cpu/hypervisor.hpp"

#include <array>
#include <string_view>
#include <utility>

#include "cpu/cpuid.hpp"
#include "cpu/text.hpp"

namespace hashscope::cpu_detail {

namespace {

#if defined(__x86_64__) || defined(__i386__)

std::string hypervisor_name() {
    if (!bit(cpuid(1).ecx, 31)) return {};
    const auto r = cpuid_unchecked(0x40000000);
    const std::string signature = normalize_spaces(registers_to_text({r.ebx, r.ecx, r.edx}));
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kKnown{{
        {"KVMKVMKVM", "KVM"},
        {"Microsoft Hv", "Hyper-V"},
        {"VMwareVMware", "VMware"},
        {"XenVMMXenVMM", "Xen"},
        {"TCGTCGTCGTCG", "QEMU TCG"},
        {"VBoxVBoxVBox", "VirtualBox"},
        {"bhyve bhyve", "bhyve"},
    }};
    for (const auto& [sig, name] : kKnown) {
        if (signature == sig) return std::string(name);
    }
    // The hypervisor bit alone still means "virtualised"; never report bare metal for it.
    return signature.empty() ? std::string("unknown") : signature;
}

#endif  // x86

}  // namespace

std::string detect_hypervisor() {
#if defined(__x86_64__) || defined(__i386__)
    return hypervisor_name();
#else
    return {};  // no portable user-space signal on aarch64
#endif
}

}  // namespace hashscope::cpu_detail
