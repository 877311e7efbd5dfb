// BLAKE3 one block at a time in SSE4.1 registers: the single blocks of every x86 tier (partial
// chunks, the stack's parents, the root) and the inputs too few for a batch (compiled with
// -msse4.1 on this file only). Apart from the four-input batches (blake3_sse41.cpp) because GCC
// compiles this file faster and clang those (core/CMakeLists.txt).
#include <immintrin.h>

#include <cstring>

#include "algorithms/blake3/blake3_kernel.hpp"
#include "algorithms/blake3/blake3_lanes.hpp"
#include "algorithms/blake3/blake3_sse41_rotations.hpp"

namespace hashscope::blake3 {
namespace {

// One block at a time: the state's four rows in four registers. G runs on the four columns at
// once, then the rows are rotated so that the diagonals line up as columns, and back.

[[gnu::always_inline]] inline void g_rows(__m128i& a, __m128i& b, __m128i& c, __m128i& d, __m128i mx, __m128i my) {
    a = _mm_add_epi32(_mm_add_epi32(a, b), mx);
    d = sse41::rot<16>(_mm_xor_si128(d, a));
    c = _mm_add_epi32(c, d);
    b = sse41::rot<12>(_mm_xor_si128(b, c));
    a = _mm_add_epi32(_mm_add_epi32(a, b), my);
    d = sse41::rot<8>(_mm_xor_si128(d, a));
    c = _mm_add_epi32(c, d);
    b = sse41::rot<7>(_mm_xor_si128(b, c));
}

// The message words of one half-round: lane j takes w[s[first + 2j]].
template <std::size_t R, std::size_t First>
[[gnu::always_inline]] inline __m128i gather(const std::uint32_t* w) {
    constexpr const std::uint8_t* s = lanes::kSchedule[R];
    return _mm_setr_epi32(static_cast<int>(w[s[First]]), static_cast<int>(w[s[First + 2]]),
                          static_cast<int>(w[s[First + 4]]), static_cast<int>(w[s[First + 6]]));
}

template <std::size_t R>
[[gnu::always_inline]] inline void round_rows(__m128i& r0, __m128i& r1, __m128i& r2, __m128i& r3,
                                              const std::uint32_t* w) {
    g_rows(r0, r1, r2, r3, gather<R, 0>(w), gather<R, 1>(w));
    // Lane j of the diagonal step is G(j, 4 + (j+1)%4, 8 + (j+2)%4, 12 + (j+3)%4).
    r1 = _mm_shuffle_epi32(r1, _MM_SHUFFLE(0, 3, 2, 1));
    r2 = _mm_shuffle_epi32(r2, _MM_SHUFFLE(1, 0, 3, 2));
    r3 = _mm_shuffle_epi32(r3, _MM_SHUFFLE(2, 1, 0, 3));
    g_rows(r0, r1, r2, r3, gather<R, 8>(w), gather<R, 9>(w));
    r1 = _mm_shuffle_epi32(r1, _MM_SHUFFLE(2, 1, 0, 3));
    r2 = _mm_shuffle_epi32(r2, _MM_SHUFFLE(1, 0, 3, 2));
    r3 = _mm_shuffle_epi32(r3, _MM_SHUFFLE(0, 3, 2, 1));
}

// The state after the rounds (before the feed-forward).
[[gnu::always_inline]] inline void compress_rows(const detail::ChainingValue& cv, const std::uint8_t* block,
                                                 std::uint64_t counter, std::uint32_t block_len, std::uint32_t flags,
                                                 __m128i& r0, __m128i& r1, __m128i& r2, __m128i& r3) {
    std::uint32_t w[16];
    std::memcpy(w, block, sizeof w);  // x86 is little-endian, as the block's words are
    r0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cv.data()));
    r1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cv.data() + 4));
    r2 = _mm_setr_epi32(static_cast<int>(lanes::kIv[0]), static_cast<int>(lanes::kIv[1]),
                        static_cast<int>(lanes::kIv[2]), static_cast<int>(lanes::kIv[3]));
    r3 = _mm_setr_epi32(static_cast<int>(static_cast<std::uint32_t>(counter)),
                        static_cast<int>(static_cast<std::uint32_t>(counter >> 32)), static_cast<int>(block_len),
                        static_cast<int>(flags));
    round_rows<0>(r0, r1, r2, r3, w);
    round_rows<1>(r0, r1, r2, r3, w);
    round_rows<2>(r0, r1, r2, r3, w);
    round_rows<3>(r0, r1, r2, r3, w);
    round_rows<4>(r0, r1, r2, r3, w);
    round_rows<5>(r0, r1, r2, r3, w);
    round_rows<6>(r0, r1, r2, r3, w);
}

}  // namespace

namespace detail {

void hash_rows_sse41(const std::uint8_t* input, std::size_t stride, std::size_t count, std::size_t blocks,
                     const detail::ChainingValue& key, std::uint64_t counter, bool increment_counter,
                     std::uint32_t flags, std::uint32_t flags_start, std::uint32_t flags_end,
                     detail::ChainingValue* out) {
    for (std::size_t i = 0; i < count; ++i) {
        __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(key.data()));
        __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(key.data() + 4));
        for (std::size_t b = 0; b < blocks; ++b) {
            detail::ChainingValue cv;
            _mm_storeu_si128(reinterpret_cast<__m128i*>(cv.data()), lo);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(cv.data() + 4), hi);
            const std::uint32_t block_flags = flags | (b == 0 ? flags_start : 0u) | (b + 1 == blocks ? flags_end : 0u);
            __m128i r0, r1, r2, r3;
            compress_rows(cv, input + i * stride + b * block_size, counter + (increment_counter ? i : 0),
                          static_cast<std::uint32_t>(block_size), block_flags, r0, r1, r2, r3);
            lo = _mm_xor_si128(r0, r2);
            hi = _mm_xor_si128(r1, r3);
        }
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out[i].data()), lo);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out[i].data() + 4), hi);
    }
}

void compress_sse41(const ChainingValue& cv, const std::uint8_t* block, std::uint64_t counter, std::uint32_t block_len,
                    std::uint32_t flags, BlockWords& out) {
    __m128i r0, r1, r2, r3;
    compress_rows(cv, block, counter, block_len, flags, r0, r1, r2, r3);
    const __m128i cv_lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cv.data()));
    const __m128i cv_hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cv.data() + 4));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.data()), _mm_xor_si128(r0, r2));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.data() + 4), _mm_xor_si128(r1, r3));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.data() + 8), _mm_xor_si128(r2, cv_lo));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.data() + 12), _mm_xor_si128(r3, cv_hi));
}

}  // namespace detail

}  // namespace hashscope::blake3
