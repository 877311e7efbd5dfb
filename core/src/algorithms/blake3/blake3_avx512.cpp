// BLAKE3, 16 inputs at once in AVX-512 registers, and 8 or 4 with AVX-512VL (compiled with
// -mavx512f -mavx512vl on this file only, and only when the build has AVX-512 kernels:
// cmake -DHASHSCOPE_AVX512=OFF leaves it out).
// GCC 12 flags the deliberately undefined pass-through operand of its own AVX-512 intrinsics
// (_mm512_undefined_epi32 inside _mm512_ror_epi32, the unpacks and shuffles) as uninitialized;
// silenced for the intrinsics' header only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop
#else
#include <immintrin.h>
#endif

#include "algorithms/blake3/blake3_kernel.hpp"
#include "algorithms/blake3/blake3_lanes.hpp"
#include "algorithms/blake3/blake3_x86_words.hpp"

namespace hashscope::blake3 {
namespace {

struct Avx512 {
    using Reg = __m512i;
    static constexpr std::size_t lanes = 16;

    static Reg set1(std::uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
    static Reg load(const std::uint32_t* p) { return _mm512_load_si512(p); }
    static Reg add(Reg a, Reg b) { return _mm512_add_epi32(a, b); }
    static Reg xor_(Reg a, Reg b) { return _mm512_xor_si512(a, b); }
    static Reg rot16(Reg x) { return _mm512_ror_epi32(x, 16); }
    static Reg rot12(Reg x) { return _mm512_ror_epi32(x, 12); }
    static Reg rot8(Reg x) { return _mm512_ror_epi32(x, 8); }
    static Reg rot7(Reg x) { return _mm512_ror_epi32(x, 7); }

    // r[i] = the sixteen words of input i  ->  r[j] = word j of the sixteen inputs.
    [[gnu::always_inline]] static void transpose(Reg (&r)[16]) {
        Reg t[16];
        Reg u[16];
#pragma GCC unroll 8
        for (std::size_t k = 0; k < 8; ++k) {
            t[2 * k] = _mm512_unpacklo_epi32(r[2 * k], r[2 * k + 1]);
            t[2 * k + 1] = _mm512_unpackhi_epi32(r[2 * k], r[2 * k + 1]);
        }
        // u[4g + j], for the inputs 4g..4g+3: words j, j+4, j+8, j+12 in its four 128-bit lanes.
#pragma GCC unroll 4
        for (std::size_t g = 0; g < 4; ++g) {
            u[4 * g + 0] = _mm512_unpacklo_epi64(t[4 * g], t[4 * g + 2]);
            u[4 * g + 1] = _mm512_unpackhi_epi64(t[4 * g], t[4 * g + 2]);
            u[4 * g + 2] = _mm512_unpacklo_epi64(t[4 * g + 1], t[4 * g + 3]);
            u[4 * g + 3] = _mm512_unpackhi_epi64(t[4 * g + 1], t[4 * g + 3]);
        }
        // Gather the 128-bit lanes of one word from the four groups: 0x88 picks lanes 0 and 2 of
        // each operand, 0xDD lanes 1 and 3.
#pragma GCC unroll 4
        for (std::size_t j = 0; j < 4; ++j) {
            const Reg x0 = _mm512_shuffle_i32x4(u[j], u[4 + j], 0x88);  // words j, j+8 of groups 0, 1
            const Reg x1 = _mm512_shuffle_i32x4(u[j], u[4 + j], 0xDD);  // words j+4, j+12 of groups 0, 1
            const Reg y0 = _mm512_shuffle_i32x4(u[8 + j], u[12 + j], 0x88);
            const Reg y1 = _mm512_shuffle_i32x4(u[8 + j], u[12 + j], 0xDD);
            r[j] = _mm512_shuffle_i32x4(x0, y0, 0x88);
            r[j + 8] = _mm512_shuffle_i32x4(x0, y0, 0xDD);
            r[j + 4] = _mm512_shuffle_i32x4(x1, y1, 0x88);
            r[j + 12] = _mm512_shuffle_i32x4(x1, y1, 0xDD);
        }
    }

    // Half a block of input a in the lower 256 bits, the same half of input b in the upper.
    [[gnu::always_inline]] static Reg load_pair(const std::uint8_t* a, const std::uint8_t* b) {
        return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a))),
                                  _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b)), 1);
    }

    // Four registers whose 128-bit lanes each hold four words of inputs i0..i3 at the same place
    // become four registers holding, per 128-bit lane, one word of those four inputs.
    [[gnu::always_inline]] static void transpose_in_lanes(Reg* r) {
        const Reg t0 = _mm512_unpacklo_epi32(r[0], r[1]);
        const Reg t1 = _mm512_unpackhi_epi32(r[0], r[1]);
        const Reg t2 = _mm512_unpacklo_epi32(r[2], r[3]);
        const Reg t3 = _mm512_unpackhi_epi32(r[2], r[3]);
        r[0] = _mm512_unpacklo_epi64(t0, t2);
        r[1] = _mm512_unpackhi_epi64(t0, t2);
        r[2] = _mm512_unpacklo_epi64(t1, t3);
        r[3] = _mm512_unpackhi_epi64(t1, t3);
    }

    // The loads already place whole 256-bit halves, which saves the transpose one of its four
    // shuffle stages. For words 8h..8h+7 (half h) and input groups g (inputs 4g..4g+3): z[4p + i]
    // holds words 8h..8h+7 of input 4(2p)+i below and of input 4(2p+1)+i above, p = 0, 1. After
    // the in-lane transposes, z[4p + j] has word 8h+j of groups 2p and 2p+1 in its 128-bit lanes
    // 0 and 2, word 8h+4+j in lanes 1 and 3; one shuffle of p = 0 with p = 1 gathers each word.
    static void load_transposed(const std::uint8_t* input, std::size_t stride, std::size_t offset, Reg (&m)[16]) {
#pragma GCC unroll 2
        for (std::size_t h = 0; h < 2; ++h) {
            Reg z[8];
#pragma GCC unroll 2
            for (std::size_t p = 0; p < 2; ++p) {
#pragma GCC unroll 4
                for (std::size_t i = 0; i < 4; ++i) {
                    const std::uint8_t* a = input + (8 * p + i) * stride + offset + 32 * h;
                    z[4 * p + i] = load_pair(a, a + 4 * stride);
                    // Sixteen streams a chunk apart are more than the hardware prefetchers follow:
                    // the same place in the next batch's chunk (sixteen chunks on), into L2. On the
                    // Zen 4 guest that ran 21 % faster from memory than twelve blocks ahead into
                    // L1 (as Words256 does, which the AVX2 batches keep: at their speed this
                    // change lost 2.5 % there), and a mapped file of 256 MiB on one thread in 51
                    // instead of 62 ms; in cache the same within 1 %.
                    if (h == 0) {
                        const std::size_t ahead = 16 * stride;
                        _mm_prefetch(reinterpret_cast<const char*>(a + ahead), _MM_HINT_T1);
                        _mm_prefetch(reinterpret_cast<const char*>(a + 4 * stride + ahead), _MM_HINT_T1);
                    }
                }
                transpose_in_lanes(z + 4 * p);
            }
#pragma GCC unroll 4
            for (std::size_t j = 0; j < 4; ++j) {
                m[8 * h + j] = _mm512_shuffle_i32x4(z[j], z[4 + j], 0x88);
                m[8 * h + 4 + j] = _mm512_shuffle_i32x4(z[j], z[4 + j], 0xDD);
            }
        }
    }

    // The output side is rare (once per sixteen chunks or parents): the same transpose, upper
    // half unused.
    static void store_transposed(Reg (&h)[8], detail::ChainingValue* out) {
        Reg r[16];
#pragma GCC unroll 8
        for (std::size_t i = 0; i < 8; ++i) {
            r[i] = h[i];
            r[i + 8] = _mm512_setzero_si512();
        }
        transpose(r);
#pragma GCC unroll 16
        for (std::size_t i = 0; i < 16; ++i) {
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[i].data()), _mm512_castsi512_si256(r[i]));
        }
    }
};

// Fewer than sixteen inputs left: eight or four at a time in 256- or 128-bit registers, still with
// AVX-512's one-instruction rotates and 32 registers (AVX-512VL), which the AVX2 and SSE4.1 tiers
// lack.
struct Avx512x8 : lanes::Words256<Avx512x8, false> {
    static Reg rot16(Reg x) { return _mm256_ror_epi32(x, 16); }
    static Reg rot12(Reg x) { return _mm256_ror_epi32(x, 12); }
    static Reg rot8(Reg x) { return _mm256_ror_epi32(x, 8); }
    static Reg rot7(Reg x) { return _mm256_ror_epi32(x, 7); }
};

struct Avx512x4 : lanes::Words128<Avx512x4> {
    static Reg rot16(Reg x) { return _mm_ror_epi32(x, 16); }
    static Reg rot12(Reg x) { return _mm_ror_epi32(x, 12); }
    static Reg rot8(Reg x) { return _mm_ror_epi32(x, 8); }
    static Reg rot7(Reg x) { return _mm_ror_epi32(x, 7); }
};

}  // namespace

namespace detail {

void hash_many_avx512(const std::uint8_t* input, std::size_t stride, std::size_t count, std::size_t blocks,
                      const ChainingValue& key, std::uint64_t counter, bool increment_counter, std::uint32_t flags,
                      std::uint32_t flags_start, std::uint32_t flags_end, ChainingValue* out) {
    std::size_t done = lanes::hash_batches<Avx512>(input, stride, count, blocks, key, counter, increment_counter, flags,
                                                   flags_start, flags_end, out);
    // What is left: at most one batch of eight, one of four, then one at a time (SSE4.1 rows).
    for (const auto batches : {lanes::hash_batches<Avx512x8>, lanes::hash_batches<Avx512x4>}) {
        done = lanes::hash_rest(batches, done, input, stride, count, blocks, key, counter, increment_counter, flags,
                                flags_start, flags_end, out);
    }
    lanes::hash_rest(hash_many_sse41, done, input, stride, count, blocks, key, counter, increment_counter, flags,
                     flags_start, flags_end, out);
}

}  // namespace detail

}  // namespace hashscope::blake3
