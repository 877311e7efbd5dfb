// The vector operations of the BLAKE3 lane kernels (blake3_lanes.hpp) that x86 tiers share word
// for word, per register width: the arithmetic, and the transposes between "the words of one
// input" and "one word of every input". The rotations are each tier's own (AVX-512VL rotates in
// one instruction; SSE4.1 and AVX2 need a shuffle or two shifts), so a tier derives from the
// width it uses and adds rot16/12/8/7.
//
// The rule of blake3_lanes.hpp holds here too: include this ONLY from the ISA files, and derive
// only a struct of that file's anonymous namespace (the Tier parameter), so that every
// instantiation belongs to one file and is compiled with that file's flags.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "algorithms/blake3/blake3_portable.hpp"

namespace hashscope::blake3::lanes {

// Four inputs in 128-bit registers (SSE4.1 and up).
template <class Tier>
struct Words128 {
private:
    Words128() = default;  // only its tier derives from it
    friend Tier;

public:
    using Reg = __m128i;
    static constexpr std::size_t lanes = 4;

    static Reg set1(std::uint32_t x) { return _mm_set1_epi32(static_cast<int>(x)); }
    static Reg load(const std::uint32_t* p) { return _mm_load_si128(reinterpret_cast<const Reg*>(p)); }
    static Reg add(Reg a, Reg b) { return _mm_add_epi32(a, b); }
    static Reg xor_(Reg a, Reg b) { return _mm_xor_si128(a, b); }

    // Rows r0..r3 (four words of four inputs) become columns (one word of all four inputs).
    static void transpose(Reg& r0, Reg& r1, Reg& r2, Reg& r3) {
        const Reg t0 = _mm_unpacklo_epi32(r0, r1);
        const Reg t1 = _mm_unpackhi_epi32(r0, r1);
        const Reg t2 = _mm_unpacklo_epi32(r2, r3);
        const Reg t3 = _mm_unpackhi_epi32(r2, r3);
        r0 = _mm_unpacklo_epi64(t0, t2);
        r1 = _mm_unpackhi_epi64(t0, t2);
        r2 = _mm_unpacklo_epi64(t1, t3);
        r3 = _mm_unpackhi_epi64(t1, t3);
    }

    static void load_transposed(const std::uint8_t* input, std::size_t stride, std::size_t offset, Reg (&m)[16]) {
#pragma GCC unroll 4
        for (std::size_t q = 0; q < 4; ++q) {
#pragma GCC unroll 4
            for (std::size_t i = 0; i < 4; ++i) {
                m[4 * q + i] = _mm_loadu_si128(reinterpret_cast<const Reg*>(input + i * stride + offset + 16 * q));
            }
            transpose(m[4 * q], m[4 * q + 1], m[4 * q + 2], m[4 * q + 3]);
        }
    }

    static void store_transposed(Reg (&h)[8], detail::ChainingValue* out) {
        transpose(h[0], h[1], h[2], h[3]);
        transpose(h[4], h[5], h[6], h[7]);
#pragma GCC unroll 4
        for (std::size_t i = 0; i < 4; ++i) {
            _mm_storeu_si128(reinterpret_cast<Reg*>(out[i].data()), h[i]);
            _mm_storeu_si128(reinterpret_cast<Reg*>(out[i].data() + 4), h[4 + i]);
        }
    }
};

// Eight inputs in 256-bit registers (AVX2 and up). Prefetch: fetch each input's bytes twelve
// blocks ahead while loading this one, for the tier whose batches run over whole chunks (the stride
// is a chunk; eight streams a chunk apart are more than the hardware prefetchers follow);
// AVX-512's eight-wide leftovers go without.
template <class Tier, bool Prefetch>
struct Words256 {
private:
    Words256() = default;  // only its tier derives from it
    friend Tier;

public:
    using Reg = __m256i;
    static constexpr std::size_t lanes = 8;

    static Reg set1(std::uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
    static Reg load(const std::uint32_t* p) { return _mm256_load_si256(reinterpret_cast<const Reg*>(p)); }
    static Reg add(Reg a, Reg b) { return _mm256_add_epi32(a, b); }
    static Reg xor_(Reg a, Reg b) { return _mm256_xor_si256(a, b); }

    // r[i] = eight words of input i  ->  r[j] = word j of the eight inputs.
    [[gnu::always_inline]] static void transpose(Reg* r) {
        const Reg t0 = _mm256_unpacklo_epi32(r[0], r[1]);
        const Reg t1 = _mm256_unpackhi_epi32(r[0], r[1]);
        const Reg t2 = _mm256_unpacklo_epi32(r[2], r[3]);
        const Reg t3 = _mm256_unpackhi_epi32(r[2], r[3]);
        const Reg t4 = _mm256_unpacklo_epi32(r[4], r[5]);
        const Reg t5 = _mm256_unpackhi_epi32(r[4], r[5]);
        const Reg t6 = _mm256_unpacklo_epi32(r[6], r[7]);
        const Reg t7 = _mm256_unpackhi_epi32(r[6], r[7]);
        // Per 128-bit half, words {0,4}, {1,5}, {2,6}, {3,7} of inputs 0-3 and 4-7.
        const Reg u0 = _mm256_unpacklo_epi64(t0, t2);
        const Reg u1 = _mm256_unpackhi_epi64(t0, t2);
        const Reg u2 = _mm256_unpacklo_epi64(t1, t3);
        const Reg u3 = _mm256_unpackhi_epi64(t1, t3);
        const Reg u4 = _mm256_unpacklo_epi64(t4, t6);
        const Reg u5 = _mm256_unpackhi_epi64(t4, t6);
        const Reg u6 = _mm256_unpacklo_epi64(t5, t7);
        const Reg u7 = _mm256_unpackhi_epi64(t5, t7);
        r[0] = _mm256_permute2x128_si256(u0, u4, 0x20);
        r[1] = _mm256_permute2x128_si256(u1, u5, 0x20);
        r[2] = _mm256_permute2x128_si256(u2, u6, 0x20);
        r[3] = _mm256_permute2x128_si256(u3, u7, 0x20);
        r[4] = _mm256_permute2x128_si256(u0, u4, 0x31);
        r[5] = _mm256_permute2x128_si256(u1, u5, 0x31);
        r[6] = _mm256_permute2x128_si256(u2, u6, 0x31);
        r[7] = _mm256_permute2x128_si256(u3, u7, 0x31);
    }

    static void load_transposed(const std::uint8_t* input, std::size_t stride, std::size_t offset, Reg (&m)[16]) {
#pragma GCC unroll 2
        for (std::size_t half = 0; half < 2; ++half) {
#pragma GCC unroll 8
            for (std::size_t i = 0; i < 8; ++i) {
                const std::uint8_t* p = input + i * stride + offset + 32 * half;
                m[8 * half + i] = _mm256_loadu_si256(reinterpret_cast<const Reg*>(p));
                if constexpr (Prefetch) {
                    // Twelve blocks ahead (out of memory 256 B ahead was too late); from a chunk's
                    // last twelve on, the same place in the next batch's chunk (eight chunks on),
                    // which would otherwise start cold.
                    const std::uint8_t* ahead = offset + 768 < stride ? p + 768 : p + 768 + (lanes - 1) * stride;
                    if (half == 0) _mm_prefetch(reinterpret_cast<const char*>(ahead), _MM_HINT_T0);
                }
            }
            transpose(m + 8 * half);
        }
    }

    static void store_transposed(Reg (&h)[8], detail::ChainingValue* out) {
        transpose(h);
#pragma GCC unroll 8
        for (std::size_t i = 0; i < 8; ++i) _mm256_storeu_si256(reinterpret_cast<Reg*>(out[i].data()), h[i]);
    }
};

}  // namespace hashscope::blake3::lanes
