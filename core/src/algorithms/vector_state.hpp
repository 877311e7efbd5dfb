// Clearing the upper halves of the vector registers (vzeroupper) after code that leaves them
// dirty. ISA-L 2.30's AVX-512 CRC kernels return without it (intel/isa-l#24), and until a
// vzeroupper every legacy-SSE instruction on that thread pays a state penalty: measured here,
// OpenSSL's SHA-NI SHA-256 ran 25-35% slower after one crc32_iscsi call of 256 bytes or more.
#pragma once

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#include "cpu/cpuid.hpp"
#endif

namespace hashscope::detail {

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx"))) inline void zero_upper_avx() { _mm256_zeroupper(); }

inline void clear_upper_vector_state() {
    // vzeroupper is an illegal instruction without AVX; the check is made once. (Not with
    // __builtin_cpu_supports: that links libgcc's CPU probe, a dozen more CPUIDs at every start.)
    static const bool has_avx = cpu_detail::bit(cpu_detail::cpuid(1).ecx, 28) &&
                                (cpu_detail::os_saved_state() & cpu_detail::kXcr0Ymm) == cpu_detail::kXcr0Ymm;
    if (has_avx) zero_upper_avx();
}
#else
inline void clear_upper_vector_state() {}
#endif

}  // namespace hashscope::detail
