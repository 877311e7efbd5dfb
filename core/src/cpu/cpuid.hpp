// x86: raw CPUID and XGETBV, and the identity strings and numbers they carry. Everything here
// exists only on x86; the callers keep their own #if around its use.
#pragma once

#if defined(__x86_64__) || defined(__i386__)

#include <cstdint>
#include <initializer_list>
#include <string>

namespace hashscope::cpu_detail {

struct CpuidRegs {
    std::uint32_t eax = 0;
    std::uint32_t ebx = 0;
    std::uint32_t ecx = 0;
    std::uint32_t edx = 0;
};

// For standard and extended leaves: all zero when the CPU does not implement the leaf, rather
// than whatever the CPU returns for out-of-range leaves.
CpuidRegs cpuid(std::uint32_t leaf, std::uint32_t subleaf = 0);

// Hypervisor leaves (0x4000xxxx) are neither standard nor extended, so __get_cpuid's range check
// would reject them; call only once leaf 1 says a hypervisor is present.
CpuidRegs cpuid_unchecked(std::uint32_t leaf);

constexpr bool bit(std::uint32_t reg, unsigned n) { return ((reg >> n) & 1U) != 0; }

// The registers' bytes in order, least significant first, as CPUID packs its strings.
std::string registers_to_text(std::initializer_list<std::uint32_t> regs);

std::string cpuid_vendor_string();  // "GenuineIntel", "AuthenticAMD", ...
std::string cpuid_brand_string();   // "" when the CPU has no brand string leaves

struct FamilyModel {
    unsigned family = 0;
    unsigned model = 0;
};

// CPUID leaf 1 EAX: the extended fields only count for family 0xF (and, for the model, family 6).
FamilyModel family_model();

// XCR0 says which register state the OS saves on a context switch; without that, using YMM/ZMM
// registers would corrupt them under preemption even though CPUID advertises the instructions.
std::uint64_t os_saved_state();

constexpr std::uint64_t kXcr0Ymm = 0x6;   // SSE + AVX state
constexpr std::uint64_t kXcr0Zmm = 0xE6;  // plus opmask, ZMM_Hi256, Hi16_ZMM

}  // namespace hashscope::cpu_detail

#endif  // x86
