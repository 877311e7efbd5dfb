#include "cpu/cpuid.hpp"

#if defined(__x86_64__) || defined(__i386__)

#include <cpuid.h>

#include <mutex>
#include <vector>

#include "cpu/text.hpp"

namespace hashscope::cpu_detail {

namespace {

// Under a hypervisor every CPUID instruction is a VM exit (7.5 us each on the Intel Xeon guest of
// docs/performance.md, where detection asked 31 times at every start), and detection asks for
// some leaves several times. The leaves read here do not differ between cores, so each (leaf,
// subleaf) is executed once per process.
CpuidRegs remembered(std::uint32_t leaf, std::uint32_t subleaf) {
    struct Entry {
        std::uint32_t leaf;
        std::uint32_t subleaf;
        CpuidRegs regs;
    };
    static std::mutex mutex;
    static std::vector<Entry> entries;
    const std::lock_guard lock(mutex);
    for (const auto& e : entries) {
        if (e.leaf == leaf && e.subleaf == subleaf) return e.regs;
    }
    CpuidRegs r;
    __cpuid_count(leaf, subleaf, r.eax, r.ebx, r.ecx, r.edx);
    entries.push_back({leaf, subleaf, r});
    return r;
}

}  // namespace

CpuidRegs cpuid(std::uint32_t leaf, std::uint32_t subleaf) {
    // __get_cpuid_count's range check, without its extra CPUID on every call.
    const std::uint32_t highest = remembered(leaf & 0x80000000U, 0).eax;
    if (highest == 0 || highest < leaf) return {};
    return remembered(leaf, subleaf);
}

CpuidRegs cpuid_unchecked(std::uint32_t leaf) { return remembered(leaf, 0); }

std::string registers_to_text(std::initializer_list<std::uint32_t> regs) {
    std::string out;
    for (const std::uint32_t reg : regs) {
        for (unsigned shift = 0; shift < 32; shift += 8) out += static_cast<char>((reg >> shift) & 0xFFU);
    }
    return out;
}

std::string cpuid_vendor_string() {
    const auto r = cpuid(0);
    return normalize_spaces(registers_to_text({r.ebx, r.edx, r.ecx}));
}

std::string cpuid_brand_string() {
    if (cpuid(0x80000000).eax < 0x80000004) return {};
    std::string brand;
    for (std::uint32_t leaf = 0x80000002; leaf <= 0x80000004; ++leaf) {
        const auto r = cpuid(leaf);
        brand += registers_to_text({r.eax, r.ebx, r.ecx, r.edx});
    }
    return normalize_spaces(brand);
}

FamilyModel family_model() {
    const std::uint32_t eax = cpuid(1).eax;
    const unsigned base_family = (eax >> 8) & 0xFU;
    const unsigned base_model = (eax >> 4) & 0xFU;
    FamilyModel fm{base_family, base_model};
    if (base_family == 0xF) fm.family += (eax >> 20) & 0xFFU;
    if (base_family == 0xF || base_family == 0x6) fm.model |= ((eax >> 16) & 0xFU) << 4;
    return fm;
}

std::uint64_t os_saved_state() {
    if (!bit(cpuid(1).ecx, 27)) return 0;  // OSXSAVE off: XGETBV itself would fault
    std::uint32_t low = 0;
    std::uint32_t high = 0;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0U));
    return (static_cast<std::uint64_t>(high) << 32) | low;
}

}  // namespace hashscope::cpu_detail

#endif  // x86
