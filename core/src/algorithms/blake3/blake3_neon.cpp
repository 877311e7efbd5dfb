// BLAKE3, 4 inputs at once in NEON registers (aarch64 builds only; Advanced SIMD is part of
// ARMv8-A, so this file needs no extra flags). What is narrower than a batch, and single blocks,
// go to the portable code: a one-block NEON compression has a single chain of dependent vector
// operations, which gains little over the scalar one on the wide aarch64 cores.
#include <arm_neon.h>

#include <bit>

#include "algorithms/blake3/blake3_kernel.hpp"
#include "algorithms/blake3/blake3_lanes.hpp"

// The message words are read straight from memory as little-endian 32-bit words.
static_assert(std::endian::native == std::endian::little, "the NEON BLAKE3 kernel is for little-endian aarch64");

namespace hashscope::blake3 {
namespace {

struct Neon {
    using Reg = uint32x4_t;
    static constexpr std::size_t lanes = 4;

    static Reg set1(std::uint32_t x) { return vdupq_n_u32(x); }
    static Reg load(const std::uint32_t* p) { return vld1q_u32(p); }
    static Reg add(Reg a, Reg b) { return vaddq_u32(a, b); }
    static Reg xor_(Reg a, Reg b) { return veorq_u32(a, b); }

    // Right rotations. By 16: swap the halfwords of each word (REV32). By 8: a byte table lookup
    // (TBL), which Neoverse N1 issues on either vector pipe where its shifts use only one (LLVM's
    // model of it predicts fewer cycles per block than with two shifts). By 12 and 7: shift right,
    // then shift left and insert the bits shifted out (SLI).
    static Reg rot16(Reg x) { return vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x))); }
    static Reg rot12(Reg x) { return vsliq_n_u32(vshrq_n_u32(x, 12), x, 20); }
    static Reg rot8(Reg x) {
        static constexpr std::uint8_t kRot8[16] = {1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12};
        return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(x), vld1q_u8(kRot8)));
    }
    static Reg rot7(Reg x) { return vsliq_n_u32(vshrq_n_u32(x, 7), x, 25); }

    // Rows r0..r3 (four words of four inputs) become columns (one word of all four inputs):
    // TRN1/TRN2 transpose the 2x2 blocks of words, then the 64-bit halves trade places.
    [[gnu::always_inline]] static void transpose(Reg& r0, Reg& r1, Reg& r2, Reg& r3) {
        const uint64x2_t t0 = vreinterpretq_u64_u32(vtrn1q_u32(r0, r1));
        const uint64x2_t t1 = vreinterpretq_u64_u32(vtrn2q_u32(r0, r1));
        const uint64x2_t t2 = vreinterpretq_u64_u32(vtrn1q_u32(r2, r3));
        const uint64x2_t t3 = vreinterpretq_u64_u32(vtrn2q_u32(r2, r3));
        r0 = vreinterpretq_u32_u64(vtrn1q_u64(t0, t2));
        r1 = vreinterpretq_u32_u64(vtrn1q_u64(t1, t3));
        r2 = vreinterpretq_u32_u64(vtrn2q_u64(t0, t2));
        r3 = vreinterpretq_u32_u64(vtrn2q_u64(t1, t3));
    }

    // Byte loads (LD1 of bytes) have no alignment requirement, as the inputs may sit anywhere.
    [[gnu::always_inline]] static Reg load_bytes(const std::uint8_t* p) { return vreinterpretq_u32_u8(vld1q_u8(p)); }

    static void load_transposed(const std::uint8_t* input, std::size_t stride, std::size_t offset, Reg (&m)[16]) {
#pragma GCC unroll 4
        for (std::size_t q = 0; q < 4; ++q) {
#pragma GCC unroll 4
            for (std::size_t i = 0; i < 4; ++i) m[4 * q + i] = load_bytes(input + i * stride + offset + 16 * q);
            transpose(m[4 * q], m[4 * q + 1], m[4 * q + 2], m[4 * q + 3]);
        }
    }

    static void store_transposed(Reg (&h)[8], detail::ChainingValue* out) {
        transpose(h[0], h[1], h[2], h[3]);
        transpose(h[4], h[5], h[6], h[7]);
#pragma GCC unroll 4
        for (std::size_t i = 0; i < 4; ++i) {
            vst1q_u8(reinterpret_cast<std::uint8_t*>(out[i].data()), vreinterpretq_u8_u32(h[i]));
            vst1q_u8(reinterpret_cast<std::uint8_t*>(out[i].data() + 4), vreinterpretq_u8_u32(h[4 + i]));
        }
    }
};

}  // namespace

namespace detail {

void hash_many_neon(const std::uint8_t* input, std::size_t stride, std::size_t count, std::size_t blocks,
                    const ChainingValue& key, std::uint64_t counter, bool increment_counter, std::uint32_t flags,
                    std::uint32_t flags_start, std::uint32_t flags_end, ChainingValue* out) {
    const std::size_t done = lanes::hash_batches<Neon>(input, stride, count, blocks, key, counter, increment_counter,
                                                       flags, flags_start, flags_end, out);
    lanes::hash_rest(hash_many_portable, done, input, stride, count, blocks, key, counter, increment_counter, flags,
                     flags_start, flags_end, out);
}

}  // namespace detail

}  // namespace hashscope::blake3
