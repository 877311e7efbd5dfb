// SHA-256 compression with the ARMv8 SHA-256 instructions (compiled with -march=armv8-a+crypto,
// on this file only; call it only where the CPU has the sha2 feature). Plain arrays, no C++
// library templates: an inline function compiled here could be the copy the linker keeps for
// every caller.
//
// sha256h and sha256h2 together run four rounds on the state held as {a, b, c, d} and
// {e, f, g, h} (lane 0 first), each computing one half from both. The message schedule runs in
// groups of four: W[t..t+3] = sha256su1(sha256su0(W[t-16..t-13], W[t-12..t-9]), W[t-8..t-5],
// W[t-4..t-1]), where sha256su0 adds σ0 and sha256su1 adds W[t-7] and σ1 (with the dependency
// inside the group).
#include <arm_neon.h>

#include "algorithms/md/md_kernels.hpp"

namespace hashscope::detail::md {
namespace {

alignas(16) constexpr std::uint32_t kK[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

}  // namespace

void compress_sha256_armv8(std::uint32_t* state, const std::byte* data, std::size_t blocks) {
    uint32x4_t abcd = vld1q_u32(state);
    uint32x4_t efgh = vld1q_u32(state + 4);

    for (std::size_t block = 0; block < blocks; ++block, data += 64) {
        const uint32x4_t abcd_in = abcd;
        const uint32x4_t efgh_in = efgh;
        // w[j % 4] holds message group j (words 4j..4j+3).
        uint32x4_t w[4];
#pragma GCC unroll 16
        for (int j = 0; j < 16; ++j) {
            if (j < 4) {  // big-endian words
                w[j] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(reinterpret_cast<const std::uint8_t*>(data) + 16 * j)));
            } else {  // from groups j - 4, j - 3, j - 2 and j - 1
                w[j % 4] = vsha256su1q_u32(vsha256su0q_u32(w[j % 4], w[(j + 1) % 4]), w[(j + 2) % 4], w[(j + 3) % 4]);
            }
            const uint32x4_t wk = vaddq_u32(w[j % 4], vld1q_u32(kK + 4 * j));
            const uint32x4_t abcd_before = abcd;
            abcd = vsha256hq_u32(abcd, efgh, wk);
            efgh = vsha256h2q_u32(efgh, abcd_before, wk);
        }
        abcd = vaddq_u32(abcd, abcd_in);
        efgh = vaddq_u32(efgh, efgh_in);
    }

    vst1q_u32(state, abcd);
    vst1q_u32(state + 4, efgh);
}

}  // namespace hashscope::detail::md
