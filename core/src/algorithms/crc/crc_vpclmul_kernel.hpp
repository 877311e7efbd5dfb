// The VPCLMULQDQ folding kernel (AVX-512), written once for all four CRCs and instantiated in
// crc_vpclmul.cpp (crc32, crc64nvme, crc64xz) and crc32c_vpclmul.cpp (crc32c, which adds its
// CRC32-instruction loops through the kernel's Interleave parameter).
//
// AVX-512 intrinsics live here, so ONLY those two files may include this header: both compile it
// with -mavx512f -mavx512bw -mavx512vl -mvpclmulqdq -mpclmul -msse4.2. Like crc_clmul_common.hpp,
// everything is in an unnamed namespace, so no AVX-512 code can be merged into another kernel.
//
// The message is cut into 16-byte lanes; a lane d lanes before the last is multiplied by
// x^(128 d + 64) (the x^64 belongs to the final reduction), all lanes in parallel, and one
// Barrett reduction of their 128-bit sum gives the CRC. By size:
//   1..16 bytes   one lane, the CRC register shifted into place with pshufb.
//   17..256       lanes cut from the message's START (the register xors into its first bytes),
//                 the last lane zero-padded after the message and the padding divided out by
//                 the constants (FoldTables::by_tail); 17..32 in one 256-bit vector, 33..256 in up
//                 to four 512-bit chunks, straight-line. The register's term is a separate product
//                 added at the end, so a chain of calls (streaming) does not wait for the lanes.
//   more          lanes cut from the message's END: r = ((n - 1) mod 16) + 1 bytes in the first
//                 lane, which starts at base = p + r - 16 and is padded in front with 16 - r zero
//                 bytes (a masked load reads none of them), the register added on the first two
//                 lanes shifted by 16 - r bytes; four accumulators of four lanes fold forward by
//                 2048 bits per 256 bytes, then accumulators and the remaining lanes are carried to
//                 the end with FoldTables::by_distance.
//
// crc32c has the SSE4.2 CRC32 instruction, which computes V * x^32 mod P of 8 bytes at a time:
// it replaces the final reduction (lanes multiplied by x^(128 d) only: by_distance_exact,
// by_tail_exact) and the whole computation below 16 bytes; both are chosen here by
// has_crc32_instruction.
#pragma once

#include "algorithms/crc/crc_clmul_common.hpp"

namespace hashscope::crc {
namespace {

HASHSCOPE_CRC_INLINE __m512i ternary_xor(__m512i a, __m512i b, __m512i c) {
    return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}
HASHSCOPE_CRC_INLINE __m512i load_table(const std::uint64_t* c) { return _mm512_loadu_si512(c); }
HASHSCOPE_CRC_INLINE __m512i loadu(const void* p) { return _mm512_loadu_si512(p); }
HASHSCOPE_CRC_INLINE __m512i loadz(__mmask64 m, const void* p) { return _mm512_maskz_loadu_epi8(m, p); }
HASHSCOPE_CRC_INLINE const void* at(std::uintptr_t a) { return reinterpret_cast<const void*>(a); }
HASHSCOPE_CRC_INLINE __m512i broadcast(const std::uint64_t* pair) {
    return _mm512_broadcast_i32x4(_mm_load_si128(reinterpret_cast<const __m128i*>(pair)));
}

// The 256 bytes 8 KiB ahead of the folding loop, as the AVX2 kernel asks for them
// (crc_pclmul_kernel.hpp). Without it, beyond L2 the hardware prefetcher fell behind on the Intel
// Xeon guest: a 64 MiB buffer in L3 folded at 24.5 GB/s against AVX2's 27.9 (docs/performance.md).
HASHSCOPE_CRC_INLINE void prefetch_ahead(std::uintptr_t a) {
    for (std::uintptr_t line = 0; line < 256; line += 64) _mm_prefetch(at(a + 8192 + line), _MM_HINT_T0);
}

// x * k + acc, lane by lane (k's two halves multiply x's two halves)
HASHSCOPE_CRC_INLINE __m512i fold_into(__m512i x, __m512i k, __m512i acc) {
    return ternary_xor(acc, _mm512_clmulepi64_epi128(x, k, 0x00), _mm512_clmulepi64_epi128(x, k, 0x11));
}

HASHSCOPE_CRC_INLINE __m128i xor_lanes(__m512i z) {
    const __m256i y = _mm256_xor_si256(_mm512_castsi512_si256(z), _mm512_extracti64x4_epi64(z, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}

// Bytes [0, b) of a 64-byte chunk, b in 1..64.
HASHSCOPE_CRC_INLINE __mmask64 first_bytes(std::size_t b) { return b >= 64 ? ~__mmask64{0} : (__mmask64{1} << b) - 1; }

// Sum over `lanes` whole lanes in memory at a, the last of them the message's last, each carried
// to the end with the constants from c on.
HASHSCOPE_CRC_INLINE __m512i carry_lanes(std::uintptr_t a, std::size_t lanes, const std::uint64_t* c, __m512i acc) {
    std::size_t bytes = 16 * lanes;
    while (bytes >= 64) {
        acc = fold_into(loadu(at(a)), load_table(c), acc);
        a += 64;
        c += 8;
        bytes -= 64;
    }
    if (bytes != 0) acc = fold_into(loadz(first_bytes(bytes), at(a)), load_table(c), acc);
    return acc;
}
// 17..256 bytes: lanes cut from the message's start, the last lane zero-padded after the
// message, each lane multiplied by its by_tail constants (which divide the padding out again).
// By linearity the CRC register, which belongs on the message's first bytes (lane 0's low half),
// is one more product with lane 0's constant, added at the end: the data lanes do not wait for
// it, so a chain of calls (streaming) is not held up by them.
template <class Poly>
HASHSCOPE_CRC_INLINE const std::uint64_t* tail_constants(std::size_t n) {
    constexpr std::size_t max_lanes = FoldTables<Poly>::tail_lanes;
    const std::size_t lanes = (n + 15) / 16;
    const std::size_t pad = 16 * lanes - n;
    if constexpr (has_crc32_instruction<Poly>) {
        return fold_tables<Poly>.by_tail_exact + 2 * (max_lanes * pad + max_lanes - lanes);
    } else {
        return fold_tables<Poly>.by_tail + 2 * (max_lanes * pad + max_lanes - lanes);
    }
}

HASHSCOPE_CRC_INLINE __m128i register_term(std::uint64_t reg, const std::uint64_t* c) {
    return _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(reg)),
                                _mm_loadu_si128(reinterpret_cast<const __m128i*>(c)), 0x00);
}

// 17..32 bytes: two lanes in a 256-bit vector. Returns the 128-bit sum to reduce.
template <class Poly>
HASHSCOPE_CRC_INLINE __m128i two_lanes(std::uint64_t reg, const std::byte* p, std::size_t n) {
    const std::uint64_t* const c = tail_constants<Poly>(n);
    const __m256i x = _mm256_maskz_loadu_epi8(static_cast<__mmask32>(0xFFFFFFFFU >> (32 - n)), p);
    const __m256i k = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(c));
    const __m256i y = _mm256_xor_si256(_mm256_clmulepi64_epi128(x, k, 0x00), _mm256_clmulepi64_epi128(x, k, 0x11));
    return _mm_ternarylogic_epi64(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1), register_term(reg, c),
                                  0x96);
}

// 33..256 bytes: up to four chunks of four lanes, straight-line, only a partial last chunk
// masked. Returns the 128-bit sum to reduce.
template <class Poly>
HASHSCOPE_CRC_INLINE __m128i short_lanes(std::uint64_t reg, const std::byte* p, std::size_t n) {
    const std::uint64_t* const c = tail_constants<Poly>(n);
    const __m128i regterm = register_term(reg, c);
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    const std::size_t last = (n - 1) / 64;   // index of the last chunk
    const std::size_t tail = n - 64 * last;  // its bytes, 1..64
    const __m512i xl = tail == 64 ? loadu(at(a + 64 * last)) : loadz(first_bytes(tail), at(a + 64 * last));
    const __m512i kl = load_table(c + 8 * last);
    const __m512i pl = _mm512_clmulepi64_epi128(xl, kl, 0x00);
    const __m512i ql = _mm512_clmulepi64_epi128(xl, kl, 0x11);
    __m512i sum;
    switch (last) {
        case 0:
            sum = _mm512_xor_si512(pl, ql);
            break;
        case 1:
            sum = fold_into(loadu(at(a)), load_table(c), _mm512_xor_si512(pl, ql));
            break;
        case 2: {
            const __m512i a0 = fold_into(loadu(at(a)), load_table(c), pl);
            sum = _mm512_xor_si512(a0, fold_into(loadu(at(a + 64)), load_table(c + 8), ql));
            break;
        }
        default: {
            const __m512i a0 = fold_into(loadu(at(a)), load_table(c), pl);
            const __m512i a1 = fold_into(loadu(at(a + 64)), load_table(c + 8), ql);
            sum = fold_into(loadu(at(a + 128)), load_table(c + 16), _mm512_xor_si512(a0, a1));
            break;
        }
    }
    return _mm_xor_si128(xor_lanes(sum), regterm);
}

// 1..16 bytes (lanes cut from the end: one lane, the register shifted into place; what of it lies
// past the message's end is reg * x^(8n) = reg >> 8n).
template <class Poly>
HASHSCOPE_CRC_INLINE std::uint64_t one_lane(std::uint64_t reg, const std::byte* p, std::size_t n) {
    const auto r = static_cast<unsigned>(n);
    const __m128i m = shift_control(r);
    const __m128i regv = _mm_cvtsi64_si128(static_cast<long long>(reg));
    const __m128i reg0 = _mm_shuffle_epi8(regv, m);
    const __m128i reg1 = _mm_shuffle_epi8(regv, _mm_xor_si128(m, _mm_set1_epi8(static_cast<char>(0x80))));
    const __m128i v = _mm_xor_si128(_mm_maskz_loadu_epi8(static_cast<__mmask16>(0xFFFFU << (16 - r)),
                                                         at(reinterpret_cast<std::uintptr_t>(p) + r - 16)),
                                    reg0);
    std::uint64_t res;
    if constexpr (has_crc32_instruction<Poly>) {
        res = finish<Poly>(v);
    } else {
        res = barrett_reduce<Poly>(fold_lane_to_end<Poly>(v));
    }
    return res ^ static_cast<std::uint64_t>(_mm_cvtsi128_si64(reg1));
}

// The Interleave parameter of vpclmul_extend_long: what runs on a message of more than 256 bytes
// between its first 16 lanes and the plain loop. It takes the four accumulators (holding the 256
// bytes before a), may consume lanes, and leaves the accumulators holding the 256 bytes before
// the new a, with `left` lanes still unread. FoldOnly consumes none.
struct FoldOnly {
    template <class Poly>
    HASHSCOPE_CRC_INLINE static void fold(__m512i&, __m512i&, __m512i&, __m512i&, std::uintptr_t&, std::size_t&,
                                          __m512i) {}
};

// Messages of up to 256 bytes, which no Interleave touches.
template <class Poly>
HASHSCOPE_CRC_INLINE std::uint64_t vpclmul_extend_short(std::uint64_t crc, const std::byte* p, std::size_t n) {
    constexpr std::uint64_t mask = value_mask<Poly>;
    const std::uint64_t reg = ~crc & mask;
    // crc32c tests this first: two CRC32 steps at 16 bytes, not the lane's round trip through a
    // vector register, and the shortest path is the first branch's fall-through.
    if constexpr (has_crc32_instruction<Poly>) {
        if (n <= 16) return ~crc32c_short(reg, p, n) & mask;
    }
    if (n <= 32) {
        if (n > 16) return ~finish<Poly>(two_lanes<Poly>(reg, p, n)) & mask;
        if (n == 0) return crc;
        return ~one_lane<Poly>(reg, p, n) & mask;
    }
    return ~finish<Poly>(short_lanes<Poly>(reg, p, n)) & mask;
}

// More than 256 bytes: lanes cut from the message's end, the first one padded in front. Without
// Prefetch the plain loop leaves the reading ahead to the hardware prefetchers (crc_vpclmul.cpp
// says where that is faster).
template <class Poly, class Interleave, bool Prefetch = true>
HASHSCOPE_CRC_INLINE std::uint64_t vpclmul_extend_long(std::uint64_t crc, const std::byte* p, std::size_t n) {
    constexpr std::uint64_t mask = value_mask<Poly>;
    const std::uint64_t reg = ~crc & mask;
    const auto r = static_cast<unsigned>(((n - 1) & 15) + 1);  // bytes of the first lane
    const std::size_t lanes = (n + 15) / 16;
    const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(p) + r - 16;
    const __m128i m = shift_control(r);
    const __m128i regv = _mm_cvtsi64_si128(static_cast<long long>(reg));
    const __m128i reg0 = _mm_shuffle_epi8(regv, m);  // the register's part in lane 0
    const __m128i reg1 = _mm_shuffle_epi8(regv, _mm_xor_si128(m, _mm_set1_epi8(static_cast<char>(0x80))));  // lane 1
    const std::uint64_t* const table = distance_table<Poly>();
    constexpr std::size_t dmax = FoldTables<Poly>::max_distance;
    const __m512i regz = _mm512_zextsi256_si512(_mm256_set_m128i(reg1, reg0));
    const __mmask64 head = ~__mmask64{0} << (16 - r);

    // Four accumulators of four lanes: the first 16 lanes.
    __m512i x0 = _mm512_xor_si512(loadz(head, at(base)), regz);
    __m512i x1 = loadu(at(base + 64));
    __m512i x2 = loadu(at(base + 128));
    __m512i x3 = loadu(at(base + 192));
    std::uintptr_t a = base + 256;
    std::size_t left = lanes - 16;  // lanes not yet read
    const __m512i k = broadcast(fold_tables<Poly>.fold_256b);

    Interleave::template fold<Poly>(x0, x1, x2, x3, a, left, k);

    while (left >= 16) {
        if constexpr (Prefetch) prefetch_ahead(a);
        x0 = fold_into(x0, k, loadu(at(a)));
        x1 = fold_into(x1, k, loadu(at(a + 64)));
        x2 = fold_into(x2, k, loadu(at(a + 128)));
        x3 = fold_into(x3, k, loadu(at(a + 192)));
        a += 256;
        left -= 16;
    }
    // 16 + left lanes (left < 16), carried to the end
    const std::uint64_t* c = table + 2 * (dmax - 16 - left);
    __m512i acc = fold_into(x0, load_table(c), _mm512_setzero_si512());
    acc = fold_into(x1, load_table(c + 8), acc);
    acc = fold_into(x2, load_table(c + 16), acc);
    acc = fold_into(x3, load_table(c + 24), acc);
    if (left != 0) acc = carry_lanes(a, left, c + 32, acc);
    return ~finish<Poly>(xor_lanes(acc)) & mask;
}

// The CRC of a message by folding alone (crc32c's shapes choose their Interleave: crc32c_vpclmul.cpp).
template <class Poly>
std::uint64_t vpclmul_extend(std::uint64_t crc, const std::byte* p, std::size_t n) {
    if (n <= 16 * FoldTables<Poly>::tail_lanes) return vpclmul_extend_short<Poly>(crc, p, n);
    return vpclmul_extend_long<Poly, FoldOnly>(crc, p, n);
}

}  // namespace
}  // namespace hashscope::crc
