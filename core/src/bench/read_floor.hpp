// The benchmark's read floor ("memory · read"): every byte of a buffer read with this CPU's widest
// loads and folded into a value, nothing else: the speed no checksum can beat on the same buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

#include "hashscope/cpu_features.hpp"

namespace hashscope::bench::detail {

using ReadFn = std::uint64_t (*)(const std::byte* p, std::size_t size);

// Below this many bytes the narrow reader (below) is the floor: inlined into the caller's loop, it
// reads 64 bytes in 2.2 ns on the Intel Xeon guest of docs/performance.md, where a call to a wider
// reader took 4, longer than the CRC of the same 64 bytes.
inline constexpr std::size_t read_wide_from = 512;

// The widest reader `features` can run (AVX-512, AVX2; else the narrow one), for read_wide_from
// bytes and more.
ReadFn read_wide(CpuFeatureSet features);

// What the vector loop left: whole words, then bytes.
inline std::uint64_t read_rest(const std::byte* p, std::size_t size, std::uint64_t acc) {
    std::size_t at = 0;
    for (; at + 8 <= size; at += 8) {
        std::uint64_t w;
        std::memcpy(&w, p + at, sizeof w);
        acc ^= w;
    }
    for (; at < size; ++at) acc ^= static_cast<std::uint8_t>(p[at]);
    return acc;
}

// SSE2 (which every x86-64 CPU has) in eight independent chains, 16 bytes a load; elsewhere words.
#if defined(__x86_64__)
inline std::uint64_t read_narrow(const std::byte* p, std::size_t size) {
    std::size_t at = 0;
    __m128i a0 = _mm_setzero_si128(), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0;
    for (; at + 128 <= size; at += 128) {
        const auto* v = reinterpret_cast<const __m128i*>(p + at);
        a0 = _mm_xor_si128(a0, _mm_loadu_si128(v + 0));
        a1 = _mm_xor_si128(a1, _mm_loadu_si128(v + 1));
        a2 = _mm_xor_si128(a2, _mm_loadu_si128(v + 2));
        a3 = _mm_xor_si128(a3, _mm_loadu_si128(v + 3));
        a4 = _mm_xor_si128(a4, _mm_loadu_si128(v + 4));
        a5 = _mm_xor_si128(a5, _mm_loadu_si128(v + 5));
        a6 = _mm_xor_si128(a6, _mm_loadu_si128(v + 6));
        a7 = _mm_xor_si128(a7, _mm_loadu_si128(v + 7));
    }
    for (; at + 16 <= size; at += 16) a0 = _mm_xor_si128(a0, _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at)));
    const __m128i all = _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(a0, a1), _mm_xor_si128(a2, a3)),
                                      _mm_xor_si128(_mm_xor_si128(a4, a5), _mm_xor_si128(a6, a7)));
    const auto acc = static_cast<std::uint64_t>(_mm_cvtsi128_si64(all)) ^
                     static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(all, all)));
    return read_rest(p + at, size - at, acc);
}
#else
inline std::uint64_t read_narrow(const std::byte* p, std::size_t size) { return read_rest(p, size, 0); }
#endif

}  // namespace hashscope::bench::detail
