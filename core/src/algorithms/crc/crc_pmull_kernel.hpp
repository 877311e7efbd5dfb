// The PMULL folding kernel, a port of crc_pclmul.cpp to AArch64 Advanced SIMD: the same lanes,
// constants and steps (see that file for the method), with these translations. A 128-bit lane
// loaded little-endian has the same layout in a NEON register as in an XMM one (64-bit half 0 =
// bytes 0..7 = PCLMULQDQ's "low" half), so vmull_p64 of two halves gives what PCLMULQDQ gives;
// TBL returns zero for an index of 16 or more, as PSHUFB does for one with its top bit set, so the
// same byte-shift controls serve; BSL replaces PBLENDVB.
//
// SIMD intrinsics live here, so ONLY crc_pmull.cpp and crc32c_pmull.cpp may include this header:
// each compiles it with its own -march. Everything is in an unnamed namespace (internal linkage),
// so the CRC32-instruction build of a helper can never be the copy a CPU without CRC32 calls.
#pragma once

#include <arm_acle.h>
#include <arm_neon.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "algorithms/crc/polynomial.hpp"

#define HASHSCOPE_PMULL_INLINE inline __attribute__((always_inline))

namespace hashscope::crc {
namespace {

using Lane = uint64x2_t;

// TBL controls for byte shifts by a variable count r (0..16), read 16 bytes from offset r:
//   m        : byte i <- x[i + r - 16] (zero below 16 - r)  = x shifted up by 16 - r bytes
//   m ^ 0x80 : byte i <- x[i + r]      (zero from 16 - r)   = x shifted down by r bytes
// and m's top bits mark the bytes below 16 - r (the BSL mask).
alignas(64) inline constexpr std::uint8_t pmull_shift_controls[32] = {
    0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x8d, 0x8e, 0x8f,
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
};

HASHSCOPE_PMULL_INLINE Lane loadu(const std::byte* p) {
    return vreinterpretq_u64_u8(vld1q_u8(reinterpret_cast<const std::uint8_t*>(p)));
}
HASHSCOPE_PMULL_INLINE Lane load_pair(const std::uint64_t* pair) { return vld1q_u64(pair); }
HASHSCOPE_PMULL_INLINE Lane xor_lanes(Lane a, Lane b) { return veorq_u64(a, b); }
// A 64-bit value in half 0, zero in half 1.
HASHSCOPE_PMULL_INLINE Lane from_low(std::uint64_t v) { return vcombine_u64(vcreate_u64(v), vcreate_u64(0)); }

// Carry-less products of halves: lo * lo, hi * hi, lo * (b's hi).
HASHSCOPE_PMULL_INLINE Lane clmul_lo(Lane a, Lane b) {
    return vreinterpretq_u64_p128(
        vmull_p64(static_cast<poly64_t>(vgetq_lane_u64(a, 0)), static_cast<poly64_t>(vgetq_lane_u64(b, 0))));
}
HASHSCOPE_PMULL_INLINE Lane clmul_hi(Lane a, Lane b) {
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}
HASHSCOPE_PMULL_INLINE Lane clmul_lo_by(Lane a, std::uint64_t k) {
    return vreinterpretq_u64_p128(vmull_p64(static_cast<poly64_t>(vgetq_lane_u64(a, 0)), static_cast<poly64_t>(k)));
}

// lane * (its constant pair).
HASHSCOPE_PMULL_INLINE Lane mul_pair(Lane lane, Lane k) { return xor_lanes(clmul_lo(lane, k), clmul_hi(lane, k)); }
// x * k + data
HASHSCOPE_PMULL_INLINE Lane fold(Lane x, Lane k, Lane data) { return xor_lanes(mul_pair(x, k), data); }

HASHSCOPE_PMULL_INLINE uint8x16_t shift_control(unsigned r) { return vld1q_u8(pmull_shift_controls + r); }
HASHSCOPE_PMULL_INLINE Lane table_lookup(Lane v, uint8x16_t control) {
    return vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(v), control));
}

template <class Poly>
constexpr std::uint64_t value_mask = Poly::width == 32 ? 0xFFFFFFFFULL : ~0ULL;

// Lane V (the last 16 bytes of the message) -> T, deg T < 128, with T == V * x^64 mod P^:
// the low (high-degree) half times x^128, the high half moved down (times x^64).
template <class Poly>
HASHSCOPE_PMULL_INLINE Lane fold_lane_to_end(Lane v) {
    const Lane down = vcombine_u64(vget_high_u64(v), vcreate_u64(0));
    return xor_lanes(clmul_lo_by(v, fold_tables<Poly>.by_distance[2 * 63]), down);
}

// Barrett: T (deg < 128, R128 form) -> T mod P^ in R64 form, which for a 32-bit CRC is the
// register in the low 32 bits.  q = floor(T_hi-degree * mu / x^64); T mod P^ = T + q * P^.
template <class Poly>
HASHSCOPE_PMULL_INLINE std::uint64_t barrett_reduce(Lane t) {
    const Lane q = clmul_lo_by(t, fold_tables<Poly>.barrett[0]);  // half 0: q
    Lane r = clmul_lo_by(q, fold_tables<Poly>.barrett[1]);        // q * (P^ - 1)
    if constexpr (Poly::barrett_poly_has_unit) {                  // + q * 1
        r = xor_lanes(r, vcombine_u64(vcreate_u64(0), vget_low_u64(q)));
    }
    return vgetq_lane_u64(xor_lanes(r, t), 1);
}

template <class Word>
HASHSCOPE_PMULL_INLINE Word load_le(const std::byte* p) {
    Word w;
    std::memcpy(&w, p, sizeof w);
    return w;
}

// 1..15 bytes, no read outside [p, p + n): the finished CRC extended by them.
template <class Poly>
HASHSCOPE_PMULL_INLINE std::uint64_t extend_short(std::uint64_t reg, const std::byte* p, std::size_t n) {
    // The message left-aligned in a lane (bytes n.. zero), from overlapping scalar loads.
    std::uint64_t lo;
    std::uint64_t hi = 0;
    if (n >= 8) {
        lo = load_le<std::uint64_t>(p);
        if (n > 8) hi = load_le<std::uint64_t>(p + n - 8) >> (8 * (16 - n));
    } else if (n >= 4) {
        lo = load_le<std::uint32_t>(p) | (std::uint64_t{load_le<std::uint32_t>(p + n - 4)} << (8 * (n - 4)));
    } else {
        lo = std::uint64_t{static_cast<std::uint8_t>(p[0])} |
             (std::uint64_t{static_cast<std::uint8_t>(p[n / 2])} << (8 * (n / 2))) |
             (std::uint64_t{static_cast<std::uint8_t>(p[n - 1])} << (8 * (n - 1)));
    }
    // The register covers the first w/8 message bytes; what lies past the message (n < w/8) is
    // cut off by the shift below and comes back as reg * x^(8n) = reg >> 8n.
    const Lane v = vcombine_u64(vcreate_u64(lo ^ reg), vcreate_u64(hi));
    const Lane lane = table_lookup(v, shift_control(static_cast<unsigned>(n)));  // right-align
    std::uint64_t res = barrett_reduce<Poly>(fold_lane_to_end<Poly>(lane));
    if (8 * n < Poly::width) res ^= reg >> (8 * n);
    return res;
}

// crc32c has the CRC32C instructions, which compute V * x^32 mod P of 8 bytes at a time.
template <class Poly>
constexpr bool has_crc32_instruction = std::is_same_v<Poly, Crc32cPoly>;

// The per-lane constants for carrying lanes to the message's last lane: with the x^64 of the
// Barrett finish, or without it (multiplier x^(128 d), modulo P) for the CRC32-instruction finish.
template <class Poly>
HASHSCOPE_PMULL_INLINE const std::uint64_t* distance_table() {
    if constexpr (has_crc32_instruction<Poly>) {
        return fold_tables<Poly>.by_distance_exact;
    } else {
        return fold_tables<Poly>.by_distance;
    }
}

// The message's last lane carried to the end: times x^64 (one multiplication and a shift), or
// as it is for the CRC32-instruction finish.
template <class Poly>
HASHSCOPE_PMULL_INLINE Lane end_lane(Lane v) {
    if constexpr (has_crc32_instruction<Poly>) {
        return v;
    } else {
        return fold_lane_to_end<Poly>(v);
    }
}

// T (the message's lanes carried to its last lane with distance_table) -> the CRC register.
template <class Poly>
HASHSCOPE_PMULL_INLINE std::uint64_t finish(Lane t) {
    if constexpr (has_crc32_instruction<Poly>) {
        return __crc32cd(__crc32cd(0, vgetq_lane_u64(t, 0)), vgetq_lane_u64(t, 1));
    } else {
        return barrett_reduce<Poly>(t);
    }
}

// crc32c of fewer than 16 bytes with the CRC32C instructions (register in, register out).
HASHSCOPE_PMULL_INLINE std::uint64_t crc32c_short(std::uint64_t reg, const std::byte* p, std::size_t n) {
    auto c = static_cast<std::uint32_t>(reg);
    if ((n & 8) != 0) {
        c = __crc32cd(c, load_le<std::uint64_t>(p));
        p += 8;
    }
    if ((n & 4) != 0) {
        c = __crc32cw(c, load_le<std::uint32_t>(p));
        p += 4;
    }
    if ((n & 2) != 0) {
        c = __crc32ch(c, load_le<std::uint16_t>(p));
        p += 2;
    }
    if ((n & 1) != 0) c = __crc32cb(c, static_cast<std::uint8_t>(*p));
    return c;
}

// S CRC32C streams over 32 bytes each, at s, s + stride, s + 2 stride, ...
template <std::size_t S>
HASHSCOPE_PMULL_INLINE void scalar_step(std::uint64_t (&c)[S], const std::byte* s, std::size_t stride) {
#pragma GCC unroll 4
    for (std::size_t k = 0; k < 32; k += 8) {
#pragma GCC unroll 4
        for (std::size_t j = 0; j < S; ++j) {
            c[j] = __crc32cd(static_cast<std::uint32_t>(c[j]), load_le<std::uint64_t>(s + j * stride + k));
        }
    }
}

// The four accumulators folded by k onto the 64 bytes at a, the last block's scalar registers
// multiplied into the first lanes with their fixed constants.
template <class Poly>
HASHSCOPE_PMULL_INLINE void fold_injected(Lane (&x)[4], Lane k, const std::byte* a,
                                          const std::uint64_t (&pending)[FoldTables<Poly>::hybrid_sse_streams]) {
    using T = FoldTables<Poly>;
#pragma GCC unroll 4
    for (std::size_t j = 0; j < 4; ++j) {
        Lane data = loadu(a + 16 * j);
        if (j < T::hybrid_sse_streams) {
            data = xor_lanes(data, clmul_lo_by(from_low(pending[j < T::hybrid_sse_streams ? j : 0]),
                                               fold_tables<Poly>.hybrid_sse_inject[2 * j]));
        }
        x[j] = fold(x[j], k, data);
    }
}

// crc32c: blocks of 256 bytes for a four-accumulator vector loop + three 256-byte regions for
// CRC32C streams (crc_pclmul.cpp's layout and constants), while at least a block and 64 bytes are
// left; the accumulators then hold the 64 bytes before a, as after the plain loop.
template <class Poly>
HASHSCOPE_PMULL_INLINE void hybrid_blocks(Lane (&x)[4], const std::byte*& a, std::size_t& left) {
    using T = FoldTables<Poly>;
    constexpr std::size_t block_lanes = T::hybrid_sse_block / 16;
    const Lane k = load_pair(fold_tables<Poly>.fold_64b);
    const Lane kgap = load_pair(fold_tables<Poly>.hybrid_sse_gap);
    std::uint64_t pending[T::hybrid_sse_streams] = {};  // last block's scalar registers
    Lane kfirst = k;                                    // the first block follows the accumulators directly
    do {
        const std::byte* const s = a + 64 * T::hybrid_sse_iterations;
        std::uint64_t c[T::hybrid_sse_streams] = {};
        fold_injected<Poly>(x, kfirst, a, pending);
        static_assert(T::hybrid_sse_stream_step % 32 == 0);
        for (std::size_t h = 0; h < T::hybrid_sse_stream_step; h += 32)
            scalar_step(c, s + h, T::hybrid_sse_scalar_bytes);
        for (std::size_t i = 1; i < T::hybrid_sse_iterations; ++i) {
            const std::byte* const v = a + 64 * i;
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

template <class Poly>
std::uint64_t pmull_extend(std::uint64_t crc, const std::byte* p, std::size_t n) {
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
    const Lane first = xor_lanes(loadu(p), from_low(reg));
    Lane pre0;
    Lane pre1 = vdupq_n_u64(0);
    std::size_t npre;
    const std::byte* q;
    if (r == 0) {
        pre0 = first;
        npre = 1;
        q = p + 16;
    } else {
        const uint8x16_t m = shift_control(r);
        pre0 = table_lookup(first, m);  // H: F's first r bytes, right-aligned
        const Lane down = table_lookup(first, veorq_u8(m, vdupq_n_u8(0x80)));
        const uint8x16_t below = vcltzq_s8(vreinterpretq_s8_u8(m));         // bytes below 16 - r
        pre1 = vbslq_u64(vreinterpretq_u64_u8(below), down, loadu(p + r));  // L
        npre = 2;
        q = p + 16 + r;
    }
    const std::size_t lanes = npre + (n - 16 - r) / 16;  // in all

    if (lanes <= 16) {
        // Every lane but the last carried to the end in parallel, the last by end_lane.
        const std::uint64_t* c = table + 2 * (dmax - lanes);
        Lane t = end_lane<Poly>(lanes == npre ? (npre == 2 ? pre1 : pre0) : loadu(q + 16 * (lanes - npre - 1)));
        if (lanes > 1) {
            t = xor_lanes(t, mul_pair(pre0, load_pair(c)));
            if (npre == 2 && lanes > 2) t = xor_lanes(t, mul_pair(pre1, load_pair(c + 2)));
            c += 2 * npre;
            for (std::size_t i = npre; i + 1 < lanes; ++i, q += 16, c += 2)
                t = xor_lanes(t, mul_pair(loadu(q), load_pair(c)));
        }
        return ~finish<Poly>(t) & mask;
    }

    if constexpr (has_crc32_instruction<Poly>) {
        // Four accumulators: the first four lanes.
        Lane x[4];
        x[0] = pre0;
        std::size_t i = 1;
        if (npre == 2) x[i++] = pre1;
        for (; i < 4; ++i, q += 16) x[i] = loadu(q);
        const std::byte* a = q;
        std::size_t left = lanes - 4;  // lanes not yet read
        if (left >= FoldTables<Poly>::hybrid_sse_block / 16 + 4) hybrid_blocks<Poly>(x, a, left);
        const Lane k = load_pair(fold_tables<Poly>.fold_64b);
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
        Lane t0 = xor_lanes(mul_pair(x[0], load_pair(c)), mul_pair(x[1], load_pair(c + 2)));
        if (left == 0) {
            const Lane t = xor_lanes(xor_lanes(t0, mul_pair(x[2], load_pair(c + 4))), end_lane<Poly>(x[3]));
            return ~finish<Poly>(t) & mask;
        }
        const Lane t1 = xor_lanes(mul_pair(x[2], load_pair(c + 4)), mul_pair(x[3], load_pair(c + 6)));
        c += 8;
        for (std::size_t j = 0; j + 1 < left; ++j, a += 16, c += 2)
            t0 = xor_lanes(t0, mul_pair(loadu(a), load_pair(c)));
        const Lane t = xor_lanes(xor_lanes(t0, t1), end_lane<Poly>(loadu(a)));
        return ~finish<Poly>(t) & mask;
    } else {
        // Eight accumulators: the first eight lanes.
        Lane x0 = pre0;
        Lane x1;
        if (npre == 2) {
            x1 = pre1;
        } else {
            x1 = loadu(q);
            q += 16;
        }
        Lane x2 = loadu(q);
        Lane x3 = loadu(q + 16);
        Lane x4 = loadu(q + 32);
        Lane x5 = loadu(q + 48);
        Lane x6 = loadu(q + 64);
        Lane x7 = loadu(q + 80);
        q += 96;
        std::size_t left = lanes - 8;
        const Lane k = load_pair(fold_tables<Poly>.fold_128b);
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
        Lane t0 = xor_lanes(mul_pair(x0, load_pair(c)), mul_pair(x1, load_pair(c + 2)));
        Lane t1 = xor_lanes(mul_pair(x2, load_pair(c + 4)), mul_pair(x3, load_pair(c + 6)));
        t0 = xor_lanes(t0, xor_lanes(mul_pair(x4, load_pair(c + 8)), mul_pair(x5, load_pair(c + 10))));
        if (left == 0) {
            t1 = xor_lanes(t1, xor_lanes(mul_pair(x6, load_pair(c + 12)), end_lane<Poly>(x7)));
            return ~finish<Poly>(xor_lanes(t0, t1)) & mask;
        }
        t1 = xor_lanes(t1, xor_lanes(mul_pair(x6, load_pair(c + 12)), mul_pair(x7, load_pair(c + 14))));
        c += 16;
        for (std::size_t j = 0; j + 1 < left; ++j, q += 16, c += 2)
            t0 = xor_lanes(t0, mul_pair(loadu(q), load_pair(c)));
        const Lane t = xor_lanes(xor_lanes(t0, t1), end_lane<Poly>(loadu(q)));
        return ~finish<Poly>(t) & mask;
    }
}

}  // namespace
}  // namespace hashscope::crc
