// Why the widest loads: with 16-byte loads the floor read a buffer in L2 at 80-92 GB/s on the
// Intel Xeon guest of docs/performance.md, slower than the CRC kernels that fold the same buffer
// with 64-byte loads (114-122 GB/s), so it was no floor there; with 64-byte loads it reads 185.
// Each reader keeps eight independent chains so that only the loads set the pace, then reads one
// vector at a time, then words and bytes.
#include "bench/read_floor.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace hashscope::bench::detail {
namespace {

#if defined(__x86_64__)
__attribute__((target("avx2"))) std::uint64_t read_avx2(const std::byte* p, std::size_t size) {
    std::size_t at = 0;
    __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0;
    for (; at + 256 <= size; at += 256) {
        const auto* v = reinterpret_cast<const __m256i*>(p + at);
        a0 = _mm256_xor_si256(a0, _mm256_loadu_si256(v + 0));
        a1 = _mm256_xor_si256(a1, _mm256_loadu_si256(v + 1));
        a2 = _mm256_xor_si256(a2, _mm256_loadu_si256(v + 2));
        a3 = _mm256_xor_si256(a3, _mm256_loadu_si256(v + 3));
        a4 = _mm256_xor_si256(a4, _mm256_loadu_si256(v + 4));
        a5 = _mm256_xor_si256(a5, _mm256_loadu_si256(v + 5));
        a6 = _mm256_xor_si256(a6, _mm256_loadu_si256(v + 6));
        a7 = _mm256_xor_si256(a7, _mm256_loadu_si256(v + 7));
    }
    for (; at + 32 <= size; at += 32) {
        a0 = _mm256_xor_si256(a0, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + at)));
    }
    const __m256i all = _mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256(a0, a1), _mm256_xor_si256(a2, a3)),
                                         _mm256_xor_si256(_mm256_xor_si256(a4, a5), _mm256_xor_si256(a6, a7)));
    const __m128i half = _mm_xor_si128(_mm256_castsi256_si128(all), _mm256_extracti128_si256(all, 1));
    const auto acc = static_cast<std::uint64_t>(_mm_cvtsi128_si64(half)) ^
                     static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(half, half)));
    return read_rest(p + at, size - at, acc);
}

#if defined(HASHSCOPE_AVX512_KERNELS)
__attribute__((target("avx512f"))) std::uint64_t read_avx512(const std::byte* p, std::size_t size) {
    std::size_t at = 0;
    __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0;
    for (; at + 512 <= size; at += 512) {
        const std::byte* const v = p + at;
        a0 = _mm512_xor_si512(a0, _mm512_loadu_si512(v));
        a1 = _mm512_xor_si512(a1, _mm512_loadu_si512(v + 64));
        a2 = _mm512_xor_si512(a2, _mm512_loadu_si512(v + 128));
        a3 = _mm512_xor_si512(a3, _mm512_loadu_si512(v + 192));
        a4 = _mm512_xor_si512(a4, _mm512_loadu_si512(v + 256));
        a5 = _mm512_xor_si512(a5, _mm512_loadu_si512(v + 320));
        a6 = _mm512_xor_si512(a6, _mm512_loadu_si512(v + 384));
        a7 = _mm512_xor_si512(a7, _mm512_loadu_si512(v + 448));
    }
    for (; at + 64 <= size; at += 64) a0 = _mm512_xor_si512(a0, _mm512_loadu_si512(p + at));
    const __m512i all = _mm512_xor_si512(_mm512_xor_si512(_mm512_xor_si512(a0, a1), _mm512_xor_si512(a2, a3)),
                                         _mm512_xor_si512(_mm512_xor_si512(a4, a5), _mm512_xor_si512(a6, a7)));
    alignas(64) std::uint64_t lanes[8];
    _mm512_store_si512(lanes, all);
    std::uint64_t acc = 0;
    for (const std::uint64_t lane : lanes) acc ^= lane;
    return read_rest(p + at, size - at, acc);
}
#endif
#endif

}  // namespace

ReadFn read_wide([[maybe_unused]] CpuFeatureSet features) {
#if defined(__x86_64__)
#if defined(HASHSCOPE_AVX512_KERNELS)
    if (features.has(CpuFeature::avx512f)) return read_avx512;
#endif
    if (features.has(CpuFeature::avx2)) return read_avx2;
#endif
    return read_narrow;
}

}  // namespace hashscope::bench::detail
