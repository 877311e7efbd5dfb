// SHA-256 compression with the x86 SHA extensions (compiled with -msha -msse4.1, on this file only;
// call it only where the CPU has both). Plain arrays, no C++ library templates: an inline function
// compiled here with SHA-NI flags could be the copy the linker keeps for every caller.
//
// sha256rnds2 runs two rounds on the state held as two vectors, {a, b, e, f} and {c, d, g, h}
// (highest lane first), taking the two message-plus-constant words from the low half of its third
// operand. The message schedule runs four words ahead of the rounds: W[t..t+3] is
//     sha256msg2(sha256msg1(W[t-16..t-13], W[t-12..t-9]) + W[t-7..t-4], W[t-4..t-1]),
// where sha256msg1 adds σ0 and sha256msg2 adds σ1 (with the dependency inside the group), so each
// group of four rounds finishes the next group's words and starts the one three ahead. The state is
// converted to and from that layout once per call, not once per block.
#include "algorithms/md/md_kernels.hpp"

#include <immintrin.h>

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

void compress_sha256_shani(std::uint32_t* state, const std::byte* data, std::size_t blocks) {
    // Byte order of each 32-bit word reversed: the message is big-endian.
    const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    const auto* k = reinterpret_cast<const __m128i*>(kK);

    // Lanes listed lane 0 first: a b c d | e f g h  ->  abef = f e b a, cdgh = h g d c.
    const __m128i t0 = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(state)), 0xB1);  // b a d c
    const __m128i t1 =
        _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(state + 4)), 0x1B);  // h g f e
    __m128i abef = _mm_alignr_epi8(t0, t1, 8);
    __m128i cdgh = _mm_blend_epi16(t1, t0, 0xF0);

    for (std::size_t block = 0; block < blocks; ++block, data += 64) {
        __builtin_prefetch(data + kPrefetchAhead);  // md_kernels.hpp says why
        const __m128i abef_in = abef;
        const __m128i cdgh_in = cdgh;
        // w[j % 4] holds message group j (words 4j..4j+3) from when it is complete.
        __m128i w[4];
#pragma GCC unroll 16
        for (int j = 0; j < 16; ++j) {
            if (j < 4) {
                w[j] = _mm_shuffle_epi8(
                    _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + std::ptrdiff_t{16} * j)), swap);
            }
            __m128i msg = _mm_add_epi32(w[j % 4], _mm_load_si128(k + j));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, msg);
            if (j >= 3 && j < 15) {  // finish group j + 1, begun by sha256msg1 two steps ago
                const __m128i w7 = _mm_alignr_epi8(w[j % 4], w[(j + 3) % 4], 4);
                w[(j + 1) % 4] = _mm_sha256msg2_epu32(_mm_add_epi32(w[(j + 1) % 4], w7), w[j % 4]);
            }
            msg = _mm_shuffle_epi32(msg, 0x0E);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, msg);
            if (j >= 1 && j <= 12) {  // begin group j + 3 in the slot of group j - 1
                w[(j + 3) % 4] = _mm_sha256msg1_epu32(w[(j + 3) % 4], w[j % 4]);
            }
        }
        abef = _mm_add_epi32(abef, abef_in);
        cdgh = _mm_add_epi32(cdgh, cdgh_in);
    }

    const __m128i t2 = _mm_shuffle_epi32(abef, 0x1B);                                     // a b e f
    const __m128i t3 = _mm_shuffle_epi32(cdgh, 0xB1);                                     // g h c d
    _mm_storeu_si128(reinterpret_cast<__m128i*>(state), _mm_blend_epi16(t2, t3, 0xF0));   // a b c d
    _mm_storeu_si128(reinterpret_cast<__m128i*>(state + 4), _mm_alignr_epi8(t3, t2, 8));  // e f g h
}

}  // namespace hashscope::detail::md
