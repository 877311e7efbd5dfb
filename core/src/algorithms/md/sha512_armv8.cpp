// SHA-512 compression with the ARMv8.2 SHA-512 instructions (compiled with -march=armv8.2-a+sha3,
// on this file only; call it only where the CPU has the sha512 feature). Plain arrays, no C++
// library templates: an inline function compiled here could be the copy the linker keeps for
// every caller.
//
// The state is held as four pairs {a, b}, {c, d}, {e, f}, {g, h} (lane 0 first). sha512h and
// sha512h2 together run two rounds: sha512h takes {g, h} plus the two rounds' K + W (swapped, so
// that h meets the first), {f, g} and {d, e}, and gives both rounds' T1 without d (the second in
// lane 0); adding {c, d} makes the new {e, f}. sha512h2 takes those T1, {c, d} and {a, b} and
// gives the new {a, b}; the old {a, b} and {e, f} become {c, d} and {g, h}. The message schedule
// runs in pairs: W[t..t+1] = sha512su1(sha512su0(W[t-16..t-15], W[t-14..t-13]), W[t-2..t-1],
// W[t-7..t-6]), where sha512su0 adds σ0 and sha512su1 adds σ1 and W[t-7].
#include <arm_neon.h>

#include "algorithms/md/md_kernels.hpp"

namespace hashscope::detail::md {
namespace {

// FIPS 180-4 §4.2.3.
alignas(16) constexpr std::uint64_t kK[80] = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
    0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
    0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
    0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
    0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
    0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
    0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
    0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
    0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
    0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
    0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
    0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
    0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
};

}  // namespace

void compress_sha512_armv8(std::uint64_t* state, const std::byte* data, std::size_t blocks) {
    uint64x2_t ab = vld1q_u64(state);
    uint64x2_t cd = vld1q_u64(state + 2);
    uint64x2_t ef = vld1q_u64(state + 4);
    uint64x2_t gh = vld1q_u64(state + 6);

    for (std::size_t block = 0; block < blocks; ++block, data += 128) {
        const uint64x2_t ab_in = ab;
        const uint64x2_t cd_in = cd;
        const uint64x2_t ef_in = ef;
        const uint64x2_t gh_in = gh;
        // w[j % 8] holds message pair j (words 2j and 2j + 1).
        uint64x2_t w[8];
#pragma GCC unroll 40
        for (std::size_t j = 0; j < 40; ++j) {
            if (j < 8) {  // big-endian words
                w[j] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(reinterpret_cast<const std::uint8_t*>(data) + 16 * j)));
            } else {  // from pairs j - 8, j - 7, j - 4 and j - 3 (together W[t-7..t-6]), and j - 1
                w[j % 8] = vsha512su1q_u64(vsha512su0q_u64(w[j % 8], w[(j + 1) % 8]), w[(j + 7) % 8],
                                           vextq_u64(w[(j + 4) % 8], w[(j + 5) % 8], 1));
            }
            const uint64x2_t wk = vaddq_u64(w[j % 8], vld1q_u64(kK + 2 * j));
            const uint64x2_t t1 =
                vsha512hq_u64(vaddq_u64(vextq_u64(wk, wk, 1), gh), vextq_u64(ef, gh, 1), vextq_u64(cd, ef, 1));
            const uint64x2_t ab_next = vsha512h2q_u64(t1, cd, ab);
            gh = ef;
            ef = vaddq_u64(cd, t1);
            cd = ab;
            ab = ab_next;
        }
        ab = vaddq_u64(ab, ab_in);
        cd = vaddq_u64(cd, cd_in);
        ef = vaddq_u64(ef, ef_in);
        gh = vaddq_u64(gh, gh_in);
    }

    vst1q_u64(state, ab);
    vst1q_u64(state + 2, cd);
    vst1q_u64(state + 4, ef);
    vst1q_u64(state + 6, gh);
}

}  // namespace hashscope::detail::md
