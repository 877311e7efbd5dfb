// BLAKE3, 8 inputs at once in AVX2 registers (compiled with -mavx2 on this file only).
#include <immintrin.h>

#include "algorithms/blake3/blake3_kernel.hpp"
#include "algorithms/blake3/blake3_lanes.hpp"

namespace hashscope::blake3 {
namespace {

struct Avx2 {
    using Reg = __m256i;
    static constexpr std::size_t lanes = 8;

    static Reg set1(std::uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
    static Reg load(const std::uint32_t* p) { return _mm256_load_si256(reinterpret_cast<const Reg*>(p)); }
    static Reg add(Reg a, Reg b) { return _mm256_add_epi32(a, b); }
    static Reg xor_(Reg a, Reg b) { return _mm256_xor_si256(a, b); }
    // AVX2 has no rotate: whole-byte rotations are a byte shuffle, the others two shifts and an or.
    static Reg rot16(Reg x) {
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,  //
                                                       2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
    }
    static Reg rot12(Reg x) { return _mm256_or_si256(_mm256_srli_epi32(x, 12), _mm256_slli_epi32(x, 20)); }
    static Reg rot8(Reg x) {
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12,  //
                                                       1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12));
    }
    static Reg rot7(Reg x) { return _mm256_or_si256(_mm256_srli_epi32(x, 7), _mm256_slli_epi32(x, 25)); }

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
                const std::uint8_t* p = input + i * stride + offset;
                m[8 * half + i] = _mm256_loadu_si256(reinterpret_cast<const Reg*>(p + 32 * half));
                // Eight streams a chunk apart are more than the hardware prefetchers follow.
                if (half == 0) _mm_prefetch(reinterpret_cast<const char*>(p + 256), _MM_HINT_T0);
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

}  // namespace

namespace detail {

void hash_many_avx2(const std::uint8_t* input, std::size_t stride, std::size_t count, std::size_t blocks,
                    const ChainingValue& key, std::uint64_t counter, bool increment_counter, std::uint32_t flags,
                    std::uint32_t flags_start, std::uint32_t flags_end, ChainingValue* out) {
    const std::size_t done = lanes::hash_batches<Avx2>(input, stride, count, blocks, key, counter, increment_counter,
                                                       flags, flags_start, flags_end, out);
    if (done < count) {
        hash_many_sse41(input + done * stride, stride, count - done, blocks, key,
                        counter + (increment_counter ? done : 0), increment_counter, flags, flags_start, flags_end,
                        out + done);
    }
}

}  // namespace detail

}  // namespace hashscope::blake3
