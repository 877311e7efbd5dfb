// The rotations of BLAKE3's G in SSE4.1 registers, for the two SSE4.1 files (the four-input batches
// and the one-block rows). Rotations by whole bytes are one byte shuffle; the others two shifts and
// an or. Include this ONLY from files compiled with -msse4.1.
#pragma once

#include <immintrin.h>

namespace hashscope::blake3::sse41 {

template <int Shift>
[[gnu::always_inline]] inline __m128i rot(__m128i x) {
    if constexpr (Shift == 16) {
        return _mm_shuffle_epi8(x, _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
    } else if constexpr (Shift == 8) {
        return _mm_shuffle_epi8(x, _mm_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12));
    } else {
        return _mm_or_si128(_mm_srli_epi32(x, Shift), _mm_slli_epi32(x, 32 - Shift));
    }
}

}  // namespace hashscope::blake3::sse41
