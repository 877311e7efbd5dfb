#include "cpu/feature_detection.hpp"

#include <cpuinfo.h>

#include <cstdint>

#include "cpu/cpuid.hpp"

#if defined(__aarch64__) && defined(__linux__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

namespace hashscope::cpu_detail {

namespace {

#if defined(__x86_64__) || defined(__i386__)

// Features straight from CPUID, each gated on the register state it needs. Used as the whole
// answer when libcpuinfo is unavailable and to double-check libcpuinfo where it does not look
// at XCR0 itself.
CpuFeatureSet cpuid_features() {
    const auto leaf1 = cpuid(1);
    const auto leaf7 = cpuid(7, 0);
    const std::uint64_t xcr0 = os_saved_state();
    const bool ymm = bit(leaf1.ecx, 28) && (xcr0 & kXcr0Ymm) == kXcr0Ymm;
    const bool zmm = ymm && (xcr0 & kXcr0Zmm) == kXcr0Zmm;
    const bool avx512f = zmm && bit(leaf7.ebx, 16);

    CpuFeatureSet set;
    if (bit(leaf1.ecx, 19)) set |= CpuFeature::sse41;
    if (bit(leaf1.ecx, 20)) set |= CpuFeature::sse42;
    if (bit(leaf1.ecx, 1)) set |= CpuFeature::pclmulqdq;
    if (ymm && bit(leaf7.ebx, 5)) set |= CpuFeature::avx2;
    if (avx512f) set |= CpuFeature::avx512f;
    if (avx512f && bit(leaf7.ebx, 30)) set |= CpuFeature::avx512bw;
    if (avx512f && bit(leaf7.ebx, 31)) set |= CpuFeature::avx512vl;
    if (ymm && bit(leaf7.ecx, 10)) set |= CpuFeature::vpclmulqdq;  // VEX/EVEX only: needs YMM
    if (bit(leaf7.ebx, 29)) set |= CpuFeature::sha;                // XMM only
    if (bit(leaf7.ebx, 8)) set |= CpuFeature::bmi2;
    return set;
}

#endif  // x86

#if defined(__aarch64__)

// The kernel's HWCAPs are the OS's own statement of what user space may use.
CpuFeatureSet hwcap_features() {
    CpuFeatureSet set;
#if defined(__linux__)
    const unsigned long caps = getauxval(AT_HWCAP);
    if ((caps & HWCAP_ASIMD) != 0) set |= CpuFeature::arm_asimd;
    if ((caps & HWCAP_CRC32) != 0) set |= CpuFeature::arm_crc32;
    if ((caps & HWCAP_PMULL) != 0) set |= CpuFeature::arm_pmull;
    if ((caps & HWCAP_SHA1) != 0) set |= CpuFeature::arm_sha1;
    if ((caps & HWCAP_SHA2) != 0) set |= CpuFeature::arm_sha2;
#if defined(HWCAP_SHA3)
    if ((caps & HWCAP_SHA3) != 0) set |= CpuFeature::arm_sha3;
#endif
#if defined(HWCAP_SHA512)
    if ((caps & HWCAP_SHA512) != 0) set |= CpuFeature::arm_sha512;
#endif
#if defined(HWCAP2_SVE2)
    if ((getauxval(AT_HWCAP2) & HWCAP2_SVE2) != 0) set |= CpuFeature::arm_sve2;
#endif
#endif
    return set;
}

#endif  // aarch64

}  // namespace

CpuFeatureSet cpuinfo_features() {
    CpuFeatureSet set;
#if defined(__x86_64__) || defined(__i386__)
    if (cpuinfo_has_x86_sse4_1()) set |= CpuFeature::sse41;
    if (cpuinfo_has_x86_sse4_2()) set |= CpuFeature::sse42;
    if (cpuinfo_has_x86_pclmulqdq()) set |= CpuFeature::pclmulqdq;
    if (cpuinfo_has_x86_avx2()) set |= CpuFeature::avx2;
    if (cpuinfo_has_x86_avx512f()) set |= CpuFeature::avx512f;
    if (cpuinfo_has_x86_avx512bw()) set |= CpuFeature::avx512bw;
    if (cpuinfo_has_x86_avx512vl()) set |= CpuFeature::avx512vl;
    if (cpuinfo_has_x86_vpclmulqdq()) set |= CpuFeature::vpclmulqdq;
    if (cpuinfo_has_x86_sha()) set |= CpuFeature::sha;
    if (cpuinfo_has_x86_bmi2()) set |= CpuFeature::bmi2;
    // libcpuinfo reads the VPCLMULQDQ and SHA bits without checking OS register state;
    // keep them only where our own XCR0-aware check agrees.
    const CpuFeatureSet unchecked{CpuFeature::vpclmulqdq, CpuFeature::sha};
    const CpuFeatureSet rejected = unchecked.without(cpuid_features());
    set = set.without(rejected);
#elif defined(__aarch64__)
    if (cpuinfo_has_arm_crc32()) set |= CpuFeature::arm_crc32;
    if (cpuinfo_has_arm_pmull()) set |= CpuFeature::arm_pmull;
    if (cpuinfo_has_arm_sha1()) set |= CpuFeature::arm_sha1;
    if (cpuinfo_has_arm_sha2()) set |= CpuFeature::arm_sha2;
    // The 2022 libcpuinfo has no cpuinfo_has_arm_sha3() nor SHA-512; take those, and Advanced
    // SIMD and SVE2 (which it reads from the same HWCAPs), from the kernel.
    const CpuFeatureSet from_kernel = hwcap_features();
    for (const auto f : {CpuFeature::arm_asimd, CpuFeature::arm_sha512, CpuFeature::arm_sha3, CpuFeature::arm_sve2}) {
        if (from_kernel.has(f)) set |= f;
    }
#endif
    return set;
}

CpuFeatureSet fallback_features() {
#if defined(__x86_64__) || defined(__i386__)
    return cpuid_features();
#elif defined(__aarch64__)
    return hwcap_features();
#else
    return {};
#endif
}

}  // namespace hashscope::cpu_detail
