// The 128-bit folding kernel shared by crc_pclmul.cpp (PCLMULQDQ, SSE4.2) and
// crc_pclmul_avx2.cpp (the same kernel with its long loop on 256-bit VPCLMULQDQ vectors).
//
// PCLMULQDQ folding kernel (SSE4.2 + PCLMULQDQ). Compiled with -msse4.2 -mpclmul.
//
// The message is cut into 16-byte lanes aligned to its END. When its length is not a multiple
// of 16, the first 16 bytes F (with the CRC register xored in) and the r bytes after them are
// re-cut, with byte shuffles only, into two lanes H (F's first r bytes, right-aligned) and
// L (F's other bytes followed by the r bytes), since F * x^(8r) + R == H * x^128 + L.
// Every lane at distance d lanes from the end then only needs multiplying by x^(128 d + 64)
// (by_distance) and xoring, the last one by x^64 alone (one multiplication and a shift): for up
// to 16 lanes that is all done in parallel; longer messages first fold eight accumulators
// forward by 1024 bits per 128 bytes. One Barrett reduction gives the CRC.
//
// crc32c uses the CRC32 instruction (SSE4.2) as well: below 16 bytes, for the final reduction
// (lanes multiplied by x^(128 d) only, by_distance_exact), and, from about 1.1 KiB up, in three
// scalar streams beside a four-accumulator vector loop: each block of
// FoldTables::hybrid_sse_block bytes is 256 bytes for the vector loop followed by three 256-byte
// regions for the scalar streams, whose registers are multiplied into the accumulators, with
// fixed constants, one block later.
//
// Wide: the long-message loop (no crc32c hybrid) folds eight 256-bit accumulators (two lanes
// each) forward by 2048 bits per 256 bytes with VPCLMULQDQ on YMM registers, then folds them
// into the eight 128-bit accumulators of the narrow loop, whose tail finishes the message; crc32c
// takes that pure-folding path too (the hybrid 128-bit loop stays the narrow kernel's). Cores whose
// 256-bit carry-less multiplier runs at the rate of the 128-bit one (AMD Zen 3, Intel Ice Lake and
// later without AVX-512) do twice the work per instruction; calibration chooses per CPU.
//
// Intrinsics live here, so ONLY crc_pclmul.cpp and crc_pclmul_avx2.cpp may include this header,
// each with its own ISA flags; like crc_clmul_common.hpp everything is in an unnamed namespace.
#pragma once

#include <array>

#include "algorithms/crc/crc_clmul_common.hpp"

namespace hashscope::crc {
namespace {

// lane * (its constant pair).
HASHSCOPE_CRC_INLINE __m128i mul_pair(__m128i lane, __m128i k) {
    return _mm_xor_si128(_mm_clmulepi64_si128(lane, k, 0x00), _mm_clmulepi64_si128(lane, k, 0x11));
}
HASHSCOPE_CRC_INLINE __m128i load_pair(const std::uint64_t* pair) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(pair));
}
HASHSCOPE_CRC_INLINE __m128i loadu(const std::byte* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
HASHSCOPE_CRC_INLINE __m128i loadu(std::uintptr_t a) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(a)); }
// x * k + data
HASHSCOPE_CRC_INLINE __m128i fold(__m128i x, __m128i k, __m128i data) { return _mm_xor_si128(mul_pair(x, k), data); }

// The four accumulators folded by k onto the 64 bytes at a, the last block's scalar registers
// multiplied into the first lanes with their fixed constants.
template <class Poly>
HASHSCOPE_CRC_INLINE void fold_injected(__m128i (&x)[4], __m128i k, std::uintptr_t a,
                                        const std::uint64_t (&pending)[FoldTables<Poly>::hybrid_sse_streams]) {
    using T = FoldTables<Poly>;
#pragma GCC unroll 4
    for (std::size_t j = 0; j < 4; ++j) {
        __m128i data = loadu(a + 16 * j);
        if (j < T::hybrid_sse_streams) {
            data = _mm_xor_si128(
                data, _mm_clmulepi64_si128(
                          _mm_cvtsi64_si128(static_cast<long long>(pending[j < T::hybrid_sse_streams ? j : 0])),
                          load_pair(fold_tables<Poly>.hybrid_sse_inject + 2 * j), 0x00));
        }
        x[j] = fold(x[j], k, data);
    }
}

// crc32c: blocks of 256 bytes for a four-accumulator vector loop + three 256-byte regions for
// CRC32 streams (see the top of the file), while at least a block and 64 bytes are left; the
// accumulators then hold the 64 bytes before a, as after the plain loop.
template <class Poly>
HASHSCOPE_CRC_INLINE void hybrid_blocks(__m128i (&x)[4], std::uintptr_t& a, std::size_t& left) {
    using T = FoldTables<Poly>;
    constexpr std::size_t block_lanes = T::hybrid_sse_block / 16;
    const __m128i k = load_pair(fold_tables<Poly>.fold_64b);
    const __m128i kgap = load_pair(fold_tables<Poly>.hybrid_sse_gap);
    std::uint64_t pending[T::hybrid_sse_streams] = {};  // last block's scalar registers
    __m128i kfirst = k;                                 // the first block follows the accumulators directly
    do {
        const std::uintptr_t s = a + 64 * T::hybrid_sse_iterations;
        std::uint64_t c[T::hybrid_sse_streams] = {};
        fold_injected<Poly>(x, kfirst, a, pending);
        static_assert(T::hybrid_sse_stream_step % 32 == 0);
        for (std::size_t h = 0; h < T::hybrid_sse_stream_step; h += 32)
            scalar_step(c, s + h, T::hybrid_sse_scalar_bytes);
        for (std::size_t i = 1; i < T::hybrid_sse_iterations; ++i) {
            const std::uintptr_t v = a + 64 * i;
            x[0] = fold(x[0], k, loadu(v));
            x[1] = fold(x[1], k, loadu(v + 16));
            x[2] = fold(x[2], k, loadu(v + 32));
            x[3] = fold(x[3], k, loadu(v + 48));
            for (std::size_t h = 0; h < T::hybrid_sse_stream_step; h += 32) {
                scalar_step(c, s + T::hybrid_sse_stream_step * i + h, T::hybrid_sse_scalar_bytes);
            }
        }
        for (std::size_t j = 0; j < T::hybrid_sse_streams; ++j) pending[j] = c[j];
        kfirst = kgap;
        a += T::hybrid_sse_block;
        left -= block_lanes;
    } while (left >= block_lanes + 4);
    // across the last block's scalar part: the next 64 bytes, and its registers
    fold_injected<Poly>(x, kgap, a, pending);
    a += 64;
    left -= 4;
}

#if defined(__AVX2__) && defined(__VPCLMULQDQ__)
// x * k, two lanes at a time.
HASHSCOPE_CRC_INLINE __m256i mul256(__m256i x, __m256i k) {
    return _mm256_xor_si256(_mm256_clmulepi64_epi128(x, k, 0x00), _mm256_clmulepi64_epi128(x, k, 0x11));
}
// x * k + data, two lanes at a time.
HASHSCOPE_CRC_INLINE __m256i fold256(__m256i x, __m256i k, __m256i data) {
    return _mm256_xor_si256(_mm256_xor_si256(_mm256_clmulepi64_epi128(x, k, 0x00), data),
                            _mm256_clmulepi64_epi128(x, k, 0x11));
}
HASHSCOPE_CRC_INLINE __m256i loadu256(const std::byte* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
HASHSCOPE_CRC_INLINE __m256i load_constants256(const std::uint64_t* pairs) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(pairs));
}
// The 256 bytes 8 KiB ahead of the wide loops, asked for before they are needed: beyond L2
// (Zen 3: 8 MiB, crc32c 17 -> 25 GB/s) one stream read at this rate outruns the hardware prefetcher.
HASHSCOPE_CRC_INLINE void prefetch_ahead(const std::byte* q) {
    for (std::size_t line = 0; line < 256; line += 64)
        _mm_prefetch(reinterpret_cast<const char*>(q + 8192 + line), _MM_HINT_T0);
}
HASHSCOPE_CRC_INLINE __m256i join(__m128i first, __m128i second) { return _mm256_set_m128i(second, first); }

// The wide loop: the eight 128-bit accumulators (lanes 0..7) and the next eight lanes at q become
// eight 256-bit accumulators, folded by 2048 bits per 256 bytes while sixteen lanes are left, then
// folded into eight 128-bit ones again (y[j] by 1024 bits onto y[j + 4]). Needs left >= 24.
template <class Poly>
HASHSCOPE_CRC_INLINE void wide_blocks(__m128i& x0, __m128i& x1, __m128i& x2, __m128i& x3, __m128i& x4, __m128i& x5,
                                      __m128i& x6, __m128i& x7, const std::byte*& q, std::size_t& left) {
    __m256i y0 = join(x0, x1);
    __m256i y1 = join(x2, x3);
    __m256i y2 = join(x4, x5);
    __m256i y3 = join(x6, x7);
    __m256i y4 = loadu256(q);
    __m256i y5 = loadu256(q + 32);
    __m256i y6 = loadu256(q + 64);
    __m256i y7 = loadu256(q + 96);
    q += 128;
    left -= 8;
    const __m256i k = _mm256_broadcastsi128_si256(load_pair(fold_tables<Poly>.fold_256b));
    while (left >= 16) {
        prefetch_ahead(q);
        y0 = fold256(y0, k, loadu256(q));
        y1 = fold256(y1, k, loadu256(q + 32));
        y2 = fold256(y2, k, loadu256(q + 64));
        y3 = fold256(y3, k, loadu256(q + 96));
        y4 = fold256(y4, k, loadu256(q + 128));
        y5 = fold256(y5, k, loadu256(q + 160));
        y6 = fold256(y6, k, loadu256(q + 192));
        y7 = fold256(y7, k, loadu256(q + 224));
        q += 256;
        left -= 16;
    }
    const __m256i k8 = _mm256_broadcastsi128_si256(load_pair(fold_tables<Poly>.fold_128b));
    y0 = fold256(y0, k8, y4);
    y1 = fold256(y1, k8, y5);
    y2 = fold256(y2, k8, y6);
    y3 = fold256(y3, k8, y7);
    x0 = _mm256_castsi256_si128(y0);
    x1 = _mm256_extracti128_si256(y0, 1);
    x2 = _mm256_castsi256_si128(y1);
    x3 = _mm256_extracti128_si256(y1, 1);
    x4 = _mm256_castsi256_si128(y2);
    x5 = _mm256_extracti128_si256(y2, 1);
    x6 = _mm256_castsi256_si128(y3);
    x7 = _mm256_extracti128_si256(y3, 1);
}

// Constants {lo, hi} moving a lane forward by Bits bits (any distance, computed at compile time).
template <class Poly, std::uint64_t Bits>
alignas(16) inline constexpr std::array<std::uint64_t, 2> fold_by = Poly::fold_pair(Bits);

// crc32c's wide kernel, fused with the CRC32 instruction: each 256-byte iteration is four pairs
// of 32-byte lines [scalar, vector]. The scalar line's CRC32 chain (four crc32 steps from zero)
// equals that line's contribution moved onto the first four bytes of the line after it, so it is
// xored into that line's load, which one of four accumulators folds by 2048 bits. The CRC32
// instruction and VPCLMULQDQ issue on different ports, so half the data goes to each. The lanes
// before q (one or two: pre0, pre1) enter as history folded onto the first vector line; at the end
// the accumulators fold onto the last vector line, which is carried to the end with the `left`
// lanes after it, like the short path. Needs left >= 16; returns the CRC register.
template <class Poly>
HASHSCOPE_CRC_INLINE std::uint64_t fused_wide_extend(__m128i pre0, __m128i pre1, std::size_t npre, const std::byte* q,
                                                     std::size_t left) {
    const auto chain = [](const std::byte* line) {
        std::uint64_t c = _mm_crc32_u64(0, load_le<std::uint64_t>(line));
        c = _mm_crc32_u64(c, load_le<std::uint64_t>(line + 8));
        c = _mm_crc32_u64(c, load_le<std::uint64_t>(line + 16));
        return _mm_crc32_u64(c, load_le<std::uint64_t>(line + 24));
    };
    const auto injected = [&chain](const std::byte* pair) {
        return _mm256_xor_si256(loadu256(pair + 32),
                                _mm256_zextsi128_si256(_mm_cvtsi64_si128(static_cast<long long>(chain(pair)))));
    };
    const auto broadcast = [](const std::uint64_t* pair) { return _mm256_broadcastsi128_si256(load_pair(pair)); };
    // The history (the 32 bytes before q) moves 64 bytes forward onto pair 0's vector line.
    const __m256i history = npre == 2 ? join(pre0, pre1) : join(_mm_setzero_si128(), pre0);
    __m256i a0 = fold256(history, broadcast(fold_by<Poly, 512>.data()), injected(q));
    __m256i a1 = injected(q + 64);
    __m256i a2 = injected(q + 128);
    __m256i a3 = injected(q + 192);
    q += 256;
    left -= 16;
    const __m256i k2048 = broadcast(fold_tables<Poly>.fold_256b);
    while (left >= 16) {
        prefetch_ahead(q);
        a0 = fold256(a0, k2048, injected(q));
        a1 = fold256(a1, k2048, injected(q + 64));
        a2 = fold256(a2, k2048, injected(q + 128));
        a3 = fold256(a3, k2048, injected(q + 192));
        q += 256;
        left -= 16;
    }
    // Onto the last vector line (the 32 bytes before q): a0 by 192 bytes, a1 by 128, a2 by 64.
    const __m256i last = _mm256_xor_si256(
        fold256(a0, broadcast(fold_by<Poly, 1536>.data()), a3),
        fold256(a1, broadcast(fold_tables<Poly>.fold_128b), mul256(a2, broadcast(fold_tables<Poly>.fold_64b))));
    // Its two lanes and the `left` after it, carried to the end; the last by end_lane.
    const std::uint64_t* c = distance_table<Poly>() + 2 * (FoldTables<Poly>::max_distance - 2 - left);
    if (left == 0) {
        return finish<Poly>(_mm_xor_si128(mul_pair(_mm256_castsi256_si128(last), load_pair(c)),
                                          end_lane<Poly>(_mm256_extracti128_si256(last, 1))));
    }
    __m256i acc = mul256(last, load_constants256(c));
    c += 4;
    std::size_t i = 0;
    for (; i + 2 < left; i += 2, q += 32, c += 4)
        acc = _mm256_xor_si256(acc, mul256(loadu256(q), load_constants256(c)));
    __m128i t = _mm_xor_si128(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
    for (; i + 1 < left; ++i, q += 16, c += 2) t = _mm_xor_si128(t, mul_pair(loadu(q), load_pair(c)));
    return finish<Poly>(_mm_xor_si128(t, end_lane<Poly>(loadu(q))));
}
#endif

template <class Poly, bool Wide>
std::uint64_t pclmul_extend(std::uint64_t crc, const std::byte* p, std::size_t n) {
    constexpr std::uint64_t mask = value_mask<Poly>;
    const std::uint64_t reg = ~crc & mask;
    if (n < 16) {
        if constexpr (has_crc32_instruction<Poly>) {
            return ~crc32c_short(reg, p, n) & mask;
        } else {
            if (n == 0) return crc;
            return ~extend_short<Poly>(reg, p, n) & mask;
        }
    }
    const std::uint64_t* const table = distance_table<Poly>();
    constexpr std::size_t dmax = FoldTables<Poly>::max_distance;

    // The first one or two lanes, made in registers; then whole lanes from memory at q.
    const auto r = static_cast<unsigned>(n % 16);
    const __m128i first = _mm_xor_si128(loadu(p), _mm_cvtsi64_si128(static_cast<long long>(reg)));
    __m128i pre0;
    __m128i pre1 = _mm_setzero_si128();
    std::size_t npre;
    const std::byte* q;
    if (r == 0) {
        pre0 = first;
        npre = 1;
        q = p + 16;
    } else {
        const __m128i m = shift_control(r);
        pre0 = _mm_shuffle_epi8(first, m);  // H: F's first r bytes, right-aligned
        const __m128i down = _mm_shuffle_epi8(first, _mm_xor_si128(m, _mm_set1_epi8(static_cast<char>(0x80))));
        pre1 = _mm_blendv_epi8(loadu(p + r), down, m);  // L
        npre = 2;
        q = p + 16 + r;
    }
    const std::size_t lanes = npre + (n - 16 - r) / 16;  // in all

    if (lanes <= 16) {
        // Every lane but the last carried to the end in parallel, the last by end_lane.
        const std::uint64_t* c = table + 2 * (dmax - lanes);
        __m128i t = end_lane<Poly>(lanes == npre ? (npre == 2 ? pre1 : pre0) : loadu(q + 16 * (lanes - npre - 1)));
        if (lanes > 1) {
            t = _mm_xor_si128(t, mul_pair(pre0, load_pair(c)));
            if (npre == 2 && lanes > 2) t = _mm_xor_si128(t, mul_pair(pre1, load_pair(c + 2)));
            c += 2 * npre;
            std::size_t i = npre;
#if defined(__AVX2__) && defined(__VPCLMULQDQ__)
            if constexpr (Wide) {
                // Two lanes a multiplication: their constants are neighbours in the table.
                if (i + 2 < lanes) {
                    __m256i acc = mul256(loadu256(q), load_constants256(c));
                    for (i += 2, q += 32, c += 4; i + 2 < lanes; i += 2, q += 32, c += 4)
                        acc = _mm256_xor_si256(acc, mul256(loadu256(q), load_constants256(c)));
                    t = _mm_xor_si128(t, _mm_xor_si128(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1)));
                }
            }
#endif
            for (; i + 1 < lanes; ++i, q += 16, c += 2) t = _mm_xor_si128(t, mul_pair(loadu(q), load_pair(c)));
        }
        return ~finish<Poly>(t) & mask;
    }

#if defined(__AVX2__) && defined(__VPCLMULQDQ__)
    if constexpr (Wide && has_crc32_instruction<Poly>) {
        if (lanes - npre >= 16) return ~fused_wide_extend<Poly>(pre0, pre1, npre, q, lanes - npre) & mask;
    }
#endif
    if constexpr (has_crc32_instruction<Poly> && !Wide) {
        // Four accumulators: the first four lanes.
        __m128i x[4];
        x[0] = pre0;
        std::size_t i = 1;
        if (npre == 2) x[i++] = pre1;
        for (; i < 4; ++i, q += 16) x[i] = loadu(q);
        auto a = reinterpret_cast<std::uintptr_t>(q);
        std::size_t left = lanes - 4;  // lanes not yet read
        if (left >= FoldTables<Poly>::hybrid_sse_block / 16 + 4) hybrid_blocks<Poly>(x, a, left);
        const __m128i k = load_pair(fold_tables<Poly>.fold_64b);
        while (left >= 4) {
            x[0] = fold(x[0], k, loadu(a));
            x[1] = fold(x[1], k, loadu(a + 16));
            x[2] = fold(x[2], k, loadu(a + 32));
            x[3] = fold(x[3], k, loadu(a + 48));
            a += 64;
            left -= 4;
        }
        // 4 + left lanes remain (left < 4): carry each to the end.
        const std::uint64_t* c = table + 2 * (dmax - 4 - left);
        __m128i t0 = _mm_xor_si128(mul_pair(x[0], load_pair(c)), mul_pair(x[1], load_pair(c + 2)));
        if (left == 0) {
            const __m128i t = _mm_xor_si128(_mm_xor_si128(t0, mul_pair(x[2], load_pair(c + 4))), end_lane<Poly>(x[3]));
            return ~finish<Poly>(t) & mask;
        }
        __m128i t1 = _mm_xor_si128(mul_pair(x[2], load_pair(c + 4)), mul_pair(x[3], load_pair(c + 6)));
        c += 8;
        for (std::size_t j = 0; j + 1 < left; ++j, a += 16, c += 2)
            t0 = _mm_xor_si128(t0, mul_pair(loadu(a), load_pair(c)));
        const __m128i t = _mm_xor_si128(_mm_xor_si128(t0, t1), end_lane<Poly>(loadu(a)));
        return ~finish<Poly>(t) & mask;
    } else {
        // Eight accumulators: the first eight lanes.
        __m128i x0 = pre0;
        __m128i x1;
        if (npre == 2) {
            x1 = pre1;
        } else {
            x1 = loadu(q);
            q += 16;
        }
        __m128i x2 = loadu(q);
        __m128i x3 = loadu(q + 16);
        __m128i x4 = loadu(q + 32);
        __m128i x5 = loadu(q + 48);
        __m128i x6 = loadu(q + 64);
        __m128i x7 = loadu(q + 80);
        q += 96;
        std::size_t left = lanes - 8;
#if defined(__AVX2__) && defined(__VPCLMULQDQ__)
        if constexpr (Wide) {
            if (left >= 24) wide_blocks<Poly>(x0, x1, x2, x3, x4, x5, x6, x7, q, left);
        }
#else
        static_assert(!Wide, "the wide kernel is compiled with -mavx2 -mvpclmulqdq");
#endif
        const __m128i k = load_pair(fold_tables<Poly>.fold_128b);
        while (left >= 8) {
            x0 = fold(x0, k, loadu(q));
            x1 = fold(x1, k, loadu(q + 16));
            x2 = fold(x2, k, loadu(q + 32));
            x3 = fold(x3, k, loadu(q + 48));
            x4 = fold(x4, k, loadu(q + 64));
            x5 = fold(x5, k, loadu(q + 80));
            x6 = fold(x6, k, loadu(q + 96));
            x7 = fold(x7, k, loadu(q + 112));
            q += 128;
            left -= 8;
        }
        // 8 + left lanes remain (left < 8): carry each to the end, the last by end_lane.
        const std::uint64_t* c = table + 2 * (dmax - 8 - left);
        __m128i t0 = _mm_xor_si128(mul_pair(x0, load_pair(c)), mul_pair(x1, load_pair(c + 2)));
        __m128i t1 = _mm_xor_si128(mul_pair(x2, load_pair(c + 4)), mul_pair(x3, load_pair(c + 6)));
        t0 = _mm_xor_si128(t0, _mm_xor_si128(mul_pair(x4, load_pair(c + 8)), mul_pair(x5, load_pair(c + 10))));
        if (left == 0) {
            t1 = _mm_xor_si128(t1, _mm_xor_si128(mul_pair(x6, load_pair(c + 12)), end_lane<Poly>(x7)));
            return ~finish<Poly>(_mm_xor_si128(t0, t1)) & mask;
        }
        t1 = _mm_xor_si128(t1, _mm_xor_si128(mul_pair(x6, load_pair(c + 12)), mul_pair(x7, load_pair(c + 14))));
        c += 16;
        for (std::size_t j = 0; j + 1 < left; ++j, q += 16, c += 2)
            t0 = _mm_xor_si128(t0, mul_pair(loadu(q), load_pair(c)));
        const __m128i t = _mm_xor_si128(_mm_xor_si128(t0, t1), end_lane<Poly>(loadu(q)));
        return ~finish<Poly>(t) & mask;
    }
}

}  // namespace
}  // namespace hashscope::crc
