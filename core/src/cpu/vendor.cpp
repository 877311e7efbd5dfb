#include "cpu/vendor.hpp"

#include <array>
#include <cstdint>
#include <utility>

#include "cpu/cpuid.hpp"

#if defined(__aarch64__) && defined(__linux__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

namespace hashscope::cpu_detail {

namespace {

#if defined(__x86_64__) || defined(__i386__)

std::string vendor_from_cpuid_string(std::string_view vendor) {
    if (vendor == "GenuineIntel") return "Intel";
    if (vendor == "AuthenticAMD") return "AMD";
    if (vendor == "HygonGenuine") return "Hygon";
    if (vendor == "CentaurHauls") return "VIA";
    if (vendor == "Shanghai") return "Zhaoxin";  // "  Shanghai  " once spaces are trimmed
    return std::string(vendor);
}

#endif  // x86

#if defined(__aarch64__)

// "CPU implementer" codes from the Arm ARM (MIDR_EL1.Implementer).
std::string vendor_from_arm_implementer(std::string_view code) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 11> kImplementers{{
        {"0x41", "ARM"},
        {"0x42", "Broadcom"},
        {"0x43", "Cavium"},
        {"0x46", "Fujitsu"},
        {"0x48", "HiSilicon"},
        {"0x4e", "NVIDIA"},
        {"0x50", "APM"},
        {"0x51", "Qualcomm"},
        {"0x53", "Samsung"},
        {"0x61", "Apple"},
        {"0xc0", "Ampere"},
    }};
    for (const auto& [id, name] : kImplementers) {
        if (code == id) return std::string(name);
    }
    return std::string(code);
}

// The implementer code from MIDR_EL1, formatted as /proc/cpuinfo's "CPU implementer" ("0x41").
// Linux emulates the MRS for user space when it advertises HWCAP_CPUID; without that it would trap.
std::string midr_implementer() {
#if defined(__linux__) && defined(HWCAP_CPUID)
    if ((getauxval(AT_HWCAP) & HWCAP_CPUID) == 0) return {};
    std::uint64_t midr = 0;
    __asm__ volatile("mrs %0, MIDR_EL1" : "=r"(midr));
    static constexpr std::string_view kHex = "0123456789abcdef";
    const auto implementer = static_cast<unsigned>((midr >> 24) & 0xFFU);
    return std::string("0x") + kHex[implementer >> 4] + kHex[implementer & 0xFU];
#else
    return {};
#endif
}

#endif  // aarch64

}  // namespace

std::string_view vendor_name(cpuinfo_vendor vendor) {
    switch (vendor) {
        case cpuinfo_vendor_intel:
            return "Intel";
        case cpuinfo_vendor_amd:
            return "AMD";
        case cpuinfo_vendor_arm:
            return "ARM";
        case cpuinfo_vendor_qualcomm:
            return "Qualcomm";
        case cpuinfo_vendor_apple:
            return "Apple";
        case cpuinfo_vendor_samsung:
            return "Samsung";
        case cpuinfo_vendor_nvidia:
            return "NVIDIA";
        case cpuinfo_vendor_mips:
            return "MIPS";
        case cpuinfo_vendor_ibm:
            return "IBM";
        case cpuinfo_vendor_ingenic:
            return "Ingenic";
        case cpuinfo_vendor_via:
            return "VIA";
        case cpuinfo_vendor_cavium:
            return "Cavium";
        case cpuinfo_vendor_broadcom:
            return "Broadcom";
        case cpuinfo_vendor_apm:
            return "APM";
        case cpuinfo_vendor_huawei:
            return "Huawei";
        case cpuinfo_vendor_hygon:
            return "Hygon";
        case cpuinfo_vendor_marvell:
            return "Marvell";
        default:
            return {};
    }
}

std::string fallback_vendor(const ProcCpuinfo& proc) {
#if defined(__x86_64__) || defined(__i386__)
    (void)proc;  // CPUID is the CPU's own word; /proc only repeats it.
    return vendor_from_cpuid_string(cpuid_vendor_string());
#elif defined(__aarch64__)
    const std::string code = !proc.cpu_implementer.empty() ? proc.cpu_implementer : midr_implementer();
    return code.empty() ? std::string() : vendor_from_arm_implementer(code);
#else
    return proc.vendor_id;
#endif
}

}  // namespace hashscope::cpu_detail
