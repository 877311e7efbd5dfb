// Shared 128-bit pieces of the PCLMULQDQ and VPCLMULQDQ folding kernels (see polynomial.hpp for
// the representation): the final fold of a lane, Barrett's reduction to the CRC register, and the
// CRC32-instruction pieces of crc32c.
//
// SIMD intrinsics live here, so ONLY crc_pclmul.cpp and crc_vpclmul_kernel.hpp (crc_vpclmul.cpp,
// crc32c_vpclmul.cpp) may include this header: each compiles it with its own ISA flags. Everything is in an unnamed
// namespace (internal linkage): the two copies can never be merged by the linker, so the AVX-512 build of a helper
// cannot end up called from the SSE kernel on a CPU without AVX-512. Uses SSE4.2 + PCLMULQDQ only.
#pragma once

// GCC 12's _mm512_undefined_*() ("__m512i __Y = __Y;") trips -Wmaybe-uninitialized wherever an
// intrinsic built on it is inlined (GCC PR 105593, fixed in GCC 13): silence it for the header.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop
#else
#include <immintrin.h>
#endif

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "algorithms/crc/polynomial.hpp"

#define HASHSCOPE_CRC_INLINE inline __attribute__((always_inline))

namespace hashscope::crc {
namespace {

// pshufb controls for byte shifts by a variable count r (0..16), read 16 bytes from offset r:
//   m        : byte i <- x[i + r - 16] (zero below 16 - r)  = x shifted up by 16 - r bytes
//   m ^ 0x80 : byte i <- x[i + r]      (zero from 16 - r)   = x shifted down by r bytes
// and m's sign bits select the bytes below 16 - r (for pblendvb).
alignas(64) inline constexpr std::uint8_t shift_controls[32] = {
    0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x8d, 0x8e, 0x8f,
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
};

HASHSCOPE_CRC_INLINE __m128i shift_control(unsigned r) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(shift_controls + r));
}

template <class Poly>
constexpr std::uint64_t value_mask = Poly::width == 32 ? 0xFFFFFFFFULL : ~0ULL;

// Lane V (the last 16 bytes of the message) -> T, deg T < 128, with T == V * x^64 mod P^:
// the low (high-degree) half times x^128, the high half moved down (times x^64).
template <class Poly>
HASHSCOPE_CRC_INLINE __m128i fold_lane_to_end(__m128i v) {
    const __m128i k = _mm_cvtsi64_si128(static_cast<long long>(fold_tables<Poly>.by_distance[2 * 63]));
    return _mm_xor_si128(_mm_clmulepi64_si128(v, k, 0x00), _mm_srli_si128(v, 8));
}

// Barrett: T (deg < 128, R128 form) -> T mod P^ in R64 form, which for a 32-bit CRC is the
// register in the low 32 bits.  q = floor(T_hi-degree * mu / x^64); T mod P^ = T + q * P^.
template <class Poly>
HASHSCOPE_CRC_INLINE std::uint64_t barrett_reduce(__m128i t) {
    const __m128i k = _mm_load_si128(reinterpret_cast<const __m128i*>(fold_tables<Poly>.barrett));
    const __m128i q = _mm_clmulepi64_si128(t, k, 0x00);                                     // low half: q
    __m128i r = _mm_clmulepi64_si128(q, k, 0x10);                                           // q * (P^ - 1)
    if constexpr (Poly::barrett_poly_has_unit) r = _mm_xor_si128(r, _mm_slli_si128(q, 8));  // + q * 1
    r = _mm_xor_si128(r, t);
    return static_cast<std::uint64_t>(_mm_extract_epi64(r, 1));
}

template <class Word>
HASHSCOPE_CRC_INLINE Word load_le(const std::byte* p) {
    Word w;
    std::memcpy(&w, p, sizeof w);
    return w;
}

// 1..15 bytes, no read outside [p, p + n): the finished CRC extended by them.
template <class Poly>
HASHSCOPE_CRC_INLINE std::uint64_t extend_short(std::uint64_t reg, const std::byte* p, std::size_t n) {
    // The message left-aligned in a lane (bytes n.. zero), from overlapping scalar loads.
    std::uint64_t lo;
    std::uint64_t hi = 0;
    if (n >= 8) {
        lo = load_le<std::uint64_t>(p);
        if (n > 8) hi = load_le<std::uint64_t>(p + n - 8) >> (8 * (16 - n));
    } else if (n >= 4) {
        lo = load_le<std::uint32_t>(p) | (std::uint64_t{load_le<std::uint32_t>(p + n - 4)} << (8 * (n - 4)));
    } else {
        lo = std::uint64_t{static_cast<std::uint8_t>(p[0])} |
             (std::uint64_t{static_cast<std::uint8_t>(p[n / 2])} << (8 * (n / 2))) |
             (std::uint64_t{static_cast<std::uint8_t>(p[n - 1])} << (8 * (n - 1)));
    }
    // The register covers the first w/8 message bytes; what lies past the message (n < w/8) is
    // cut off by the shift below and comes back as reg * x^(8n) = reg >> 8n.
    const __m128i v = _mm_set_epi64x(static_cast<long long>(hi), static_cast<long long>(lo ^ reg));
    const __m128i lane = _mm_shuffle_epi8(v, shift_control(static_cast<unsigned>(n)));  // right-align
    std::uint64_t res = barrett_reduce<Poly>(fold_lane_to_end<Poly>(lane));
    if (8 * n < Poly::width) res ^= reg >> (8 * n);
    return res;
}

// crc32c has the SSE4.2 CRC32 instruction, which computes V * x^32 mod P of 8 bytes at a time.
template <class Poly>
constexpr bool has_crc32_instruction = std::is_same_v<Poly, Crc32cPoly>;

// The per-lane constants for carrying lanes to the message's last lane: with the x^64 of the
// Barrett finish, or without it (multiplier x^(128 d), modulo P) for the CRC32-instruction finish.
template <class Poly>
HASHSCOPE_CRC_INLINE const std::uint64_t* distance_table() {
    if constexpr (has_crc32_instruction<Poly>) {
        return fold_tables<Poly>.by_distance_exact;
    } else {
        return fold_tables<Poly>.by_distance;
    }
}

// The message's last lane carried to the end: times x^64 (one multiplication and a shift), or
// as it is for the CRC32-instruction finish.
template <class Poly>
HASHSCOPE_CRC_INLINE __m128i end_lane(__m128i v) {
    if constexpr (has_crc32_instruction<Poly>) {
        return v;
    } else {
        return fold_lane_to_end<Poly>(v);
    }
}

// T (the message's lanes carried to its last lane with distance_table) -> the CRC register.
template <class Poly>
HASHSCOPE_CRC_INLINE std::uint64_t finish(__m128i t) {
    if constexpr (has_crc32_instruction<Poly>) {
        const auto lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(t));
        const auto hi = static_cast<std::uint64_t>(_mm_extract_epi64(t, 1));
        return _mm_crc32_u64(_mm_crc32_u64(0, lo), hi);
    } else {
        return barrett_reduce<Poly>(t);
    }
}

// crc32c of fewer than 16 bytes with the CRC32 instruction (register in, register out).
HASHSCOPE_CRC_INLINE std::uint64_t crc32c_short(std::uint64_t reg, const std::byte* p, std::size_t n) {
    auto c = static_cast<std::uint32_t>(reg);
    if (n == 16) {
        c = static_cast<std::uint32_t>(_mm_crc32_u64(c, load_le<std::uint64_t>(p)));
        return _mm_crc32_u64(c, load_le<std::uint64_t>(p + 8));
    }
    if ((n & 8) != 0) {
        c = static_cast<std::uint32_t>(_mm_crc32_u64(c, load_le<std::uint64_t>(p)));
        p += 8;
    }
    if ((n & 4) != 0) {
        c = _mm_crc32_u32(c, load_le<std::uint32_t>(p));
        p += 4;
    }
    if ((n & 2) != 0) {
        c = _mm_crc32_u16(c, load_le<std::uint16_t>(p));
        p += 2;
    }
    if ((n & 1) != 0) c = _mm_crc32_u8(c, static_cast<std::uint8_t>(*p));
    return c;
}

// S CRC32 streams over 32 bytes each, at s, s + stride, s + 2 stride, ...
template <std::size_t S>
HASHSCOPE_CRC_INLINE void scalar_step(std::uint64_t (&c)[S], std::uintptr_t s, std::size_t stride) {
#pragma GCC unroll 4
    for (std::size_t k = 0; k < 32; k += 8) {
#pragma GCC unroll 4
        for (std::size_t j = 0; j < S; ++j) {
            c[j] = _mm_crc32_u64(c[j], load_le<std::uint64_t>(reinterpret_cast<const std::byte*>(s + j * stride + k)));
        }
    }
}

}  // namespace
}  // namespace hashscope::crc
