// SHA-1 compression with the x86 SHA extensions (compiled with -msha -msse4.1, on this file only;
// call it only where the CPU has both). Plain arrays, no C++ library templates: an inline function
// compiled here with SHA-NI flags could be the copy the linker keeps for every caller.
//
// sha1rnds4 runs four rounds on {a, b, c, d} (a in the highest lane), taking the four message words
// with e already added to the first of them; sha1nexte computes that next e (a rotated by 30) and
// adds it to the next four words. The schedule W[t] = rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16])
// runs in groups of four: sha1msg1 xors W[t-16] with W[t-14], a plain xor adds W[t-8], and
// sha1msg2 adds W[t-3] (with the dependency inside the group) and rotates. The state is converted
// to and from that layout once per call, not once per block.
#include "algorithms/md/md_kernels.hpp"

#include <immintrin.h>

namespace hashscope::detail::md {

void compress_sha1_shani(std::uint32_t* state, const std::byte* data, std::size_t blocks) {
    // Reverses all 16 bytes: big-endian words, the first word in the highest lane.
    const __m128i swap = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);

    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(state)), 0x1B);
    __m128i e_vec = _mm_set_epi32(static_cast<int>(state[4]), 0, 0, 0);

    for (std::size_t block = 0; block < blocks; ++block, data += 64) {
        __builtin_prefetch(data + kPrefetchAhead);  // md_kernels.hpp says why
        const __m128i abcd_in = abcd;
        const __m128i e_in = e_vec;
        // w[j % 4] holds message group j (words 4j..4j+3) from when it is complete.
        __m128i w[4];
        __m128i before = abcd;  // the state before the last sha1rnds4: the source of the next e
#pragma GCC unroll 20
        for (int j = 0; j < 20; ++j) {
            if (j < 4) {
                w[j] = _mm_shuffle_epi8(
                    _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + std::ptrdiff_t{16} * j)), swap);
            }
            const __m128i e = j == 0 ? _mm_add_epi32(e_vec, w[0]) : _mm_sha1nexte_epu32(before, w[j % 4]);
            before = abcd;
            // The round function changes every 20 rounds; the intrinsic needs it as a constant.
            // clang-format off
            switch (j / 5) {
            case 0: abcd = _mm_sha1rnds4_epu32(abcd, e, 0); break;
            case 1: abcd = _mm_sha1rnds4_epu32(abcd, e, 1); break;
            case 2: abcd = _mm_sha1rnds4_epu32(abcd, e, 2); break;
            default: abcd = _mm_sha1rnds4_epu32(abcd, e, 3); break;
            }
            // clang-format on
            if (j >= 3 && j <= 18) {  // finish group j + 1
                w[(j + 1) % 4] = _mm_sha1msg2_epu32(w[(j + 1) % 4], w[j % 4]);
            }
            if (j >= 1 && j <= 16) {  // begin group j + 3 in the slot of group j - 1
                w[(j + 3) % 4] = _mm_sha1msg1_epu32(w[(j + 3) % 4], w[j % 4]);
            }
            if (j >= 2 && j <= 17) {  // group j + 2 takes W[t-8] from this group
                w[(j + 2) % 4] = _mm_xor_si128(w[(j + 2) % 4], w[j % 4]);
            }
        }
        e_vec = _mm_sha1nexte_epu32(before, e_in);
        abcd = _mm_add_epi32(abcd, abcd_in);
    }

    _mm_storeu_si128(reinterpret_cast<__m128i*>(state), _mm_shuffle_epi32(abcd, 0x1B));
    state[4] = static_cast<std::uint32_t>(_mm_extract_epi32(e_vec, 3));
}

}  // namespace hashscope::detail::md
