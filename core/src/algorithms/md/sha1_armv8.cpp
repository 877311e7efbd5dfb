// SHA-1 compression with the ARMv8 SHA-1 instructions (compiled with -march=armv8-a+crypto, on
// this file only; call it only where the CPU has the sha1 feature). Plain arrays, no C++ library
// templates: an inline function compiled here could be the copy the linker keeps for every caller.
//
// sha1c / sha1p / sha1m run four rounds (choose, parity, majority) on {a, b, c, d} (a in lane 0),
// taking e separately and the four message words plus constant; sha1h gives the next group's e
// (a rotated by 30, from the state before the rounds). The schedule
// W[t] = rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) runs in groups of four: sha1su0 xors
// W[t-16], W[t-14] and W[t-8], sha1su1 adds W[t-3] (with the dependency inside the group) and
// rotates.
#include <arm_neon.h>

#include "algorithms/md/md_kernels.hpp"

namespace hashscope::detail::md {

void compress_sha1_armv8(std::uint32_t* state, const std::byte* data, std::size_t blocks) {
    constexpr std::uint32_t kK[4] = {0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6};
    uint32x4_t abcd = vld1q_u32(state);
    std::uint32_t e = state[4];

    for (std::size_t block = 0; block < blocks; ++block, data += 64) {
        const uint32x4_t abcd_in = abcd;
        const std::uint32_t e_in = e;
        // w[j % 4] holds message group j (words 4j..4j+3).
        uint32x4_t w[4];
#pragma GCC unroll 20
        for (int j = 0; j < 20; ++j) {
            if (j < 4) {  // big-endian words
                w[j] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(reinterpret_cast<const std::uint8_t*>(data) + 16 * j)));
            } else {  // from groups j - 4, j - 3, j - 2 and j - 1
                w[j % 4] = vsha1su1q_u32(vsha1su0q_u32(w[j % 4], w[(j + 1) % 4], w[(j + 2) % 4]), w[(j + 3) % 4]);
            }
            const uint32x4_t wk = vaddq_u32(w[j % 4], vdupq_n_u32(kK[j / 5]));
            const std::uint32_t e_next = vsha1h_u32(vgetq_lane_u32(abcd, 0));
            // clang-format off
            switch (j / 5) {
            case 0: abcd = vsha1cq_u32(abcd, e, wk); break;
            case 2: abcd = vsha1mq_u32(abcd, e, wk); break;
            default: abcd = vsha1pq_u32(abcd, e, wk); break;
            }
            // clang-format on
            e = e_next;
        }
        abcd = vaddq_u32(abcd, abcd_in);
        e += e_in;
    }

    vst1q_u32(state, abcd);
    state[4] = e;
}

}  // namespace hashscope::detail::md
