// GF(2) arithmetic for reflected CRC polynomials of width 32 and 64: the one generator from which
// every constant of every CRC kernel (folding, Barrett reduction, combining) is derived.
//
// Conventions (all CRCs here are reflected, see crc_table.hpp):
//
//  * A CRC value of width w is a w-bit word in which bit i holds the coefficient of x^(w-1-i)
//    ("reflected"). The polynomial P = x^w + p is given by p in that form (crc32: 0xEDB88320).
//  * The carry-less-multiply kernels work on 128-bit lanes loaded little-endian from memory, in
//    which bit k holds the coefficient of x^(127-k); the lane's low 64-bit half holds the
//    high-degree half. A 64-bit half h is in "R64" form: bit i <-> x^(63-i).
//  * To let one kernel serve both widths, the kernels reduce modulo the degree-64 polynomial
//    P^ = P * x^(64-w) (P itself for w = 64). Because P divides P^, a value congruent modulo P^
//    is congruent modulo P, and (A * x^64 mod P^) = (A * x^w mod P) * x^(64-w), whose R64 form is
//    the w-bit CRC register in the low w bits. In R64 form, multiplication by x modulo P^ is
//    "(a & 1) ? (a >> 1) ^ p : a >> 1" with p the reflected polynomial zero-extended to 64 bits.
//  * PCLMULQDQ on two R64 values gives the R128 form of a * b * x (one extra factor of x, the
//    well-known artefact of bit reflection), so a constant meant to multiply by x^e is stored as
//    x^(e-1) mod P^ (fold_constant).
//  * Barrett constants are in "S" form: a polynomial b of degree <= 64 stored in 64 bits with bit
//    i <-> x^(64-i) (its x^0 term, if any, dropped; the kernel adds it back where it matters).
//    PCLMULQDQ of an R64 value a and S(b) gives exactly the R128 form of a * (b - b0).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace hashscope::crc {

namespace gf2 {

// The low `bits` bits of v in reverse order.
constexpr std::uint64_t reflect(std::uint64_t v, unsigned bits) {
    std::uint64_t r = 0;
    for (unsigned i = 0; i < bits; ++i) {
        if ((v >> i) & 1U) r |= std::uint64_t{1} << (bits - 1 - i);
    }
    return r;
}

// A dense polynomial over GF(2) of degree < 192 in normal form (bit i of the number <-> x^i).
// Slow and obvious; used only at compile time (and by tests) for quotients such as Barrett's mu.
struct Poly192 {
    std::array<std::uint64_t, 3> w{};

    static constexpr Poly192 monomial(unsigned k) {
        Poly192 p;
        p.w[k / 64] = std::uint64_t{1} << (k % 64);
        return p;
    }
    static constexpr Poly192 from(std::uint64_t lo, std::uint64_t mid = 0) {
        Poly192 p;
        p.w[0] = lo;
        p.w[1] = mid;
        return p;
    }
    [[nodiscard]] constexpr bool bit(unsigned k) const { return ((w[k / 64] >> (k % 64)) & 1U) != 0; }
    constexpr void flip(unsigned k) { w[k / 64] ^= std::uint64_t{1} << (k % 64); }
    // Degree, or -1 for the zero polynomial.
    [[nodiscard]] constexpr int degree() const {
        for (int k = 191; k >= 0; --k) {
            if (bit(static_cast<unsigned>(k))) return k;
        }
        return -1;
    }
    [[nodiscard]] constexpr Poly192 shifted(unsigned s) const {  // * x^s (terms past x^191 lost)
        Poly192 r;
        for (unsigned k = 0; k + s < 192; ++k) {
            if (bit(k)) r.flip(k + s);
        }
        return r;
    }
    constexpr Poly192& operator^=(const Poly192& o) {
        for (std::size_t i = 0; i < 3; ++i) w[i] ^= o.w[i];
        return *this;
    }
    friend constexpr bool operator==(const Poly192&, const Poly192&) = default;
};

struct DivMod {
    Poly192 quotient;
    Poly192 remainder;
};

// Schoolbook long division a = q * b + r, deg r < deg b. b must not be zero.
constexpr DivMod divmod(Poly192 a, const Poly192& b) {
    const int db = b.degree();
    Poly192 q;
    for (int da = a.degree(); da >= db; da = a.degree()) {
        const auto s = static_cast<unsigned>(da - db);
        a ^= b.shifted(s);
        q.flip(s);
    }
    return {q, a};
}

// a * x mod G, reflected (bit i <-> x^(W-1-i)), G = x^W + g with g reflected in `poly`.
template <class Word>
constexpr Word mul_x(Word a, Word poly) {
    return (a & 1U) != 0 ? static_cast<Word>((a >> 1) ^ poly) : static_cast<Word>(a >> 1);
}

// a * b mod G, reflected. Runs a fixed W iterations without data-dependent branches.
template <class Word>
constexpr Word mul_mod(Word a, Word b, Word poly) {
    constexpr unsigned bits = sizeof(Word) * 8;
    Word p = 0;
    for (unsigned i = 0; i < bits; ++i) {
        // bit (bits-1-i) of a is the coefficient of x^i; b holds b * x^i.
        const Word take = static_cast<Word>(0) - static_cast<Word>((a >> (bits - 1 - i)) & 1U);
        p = static_cast<Word>(p ^ (b & take));
        b = mul_x<Word>(b, poly);
    }
    return p;
}

// (base)^e mod G by square-and-multiply: O(log e) multiplications.
template <class Word>
constexpr Word pow_mod(Word base, std::uint64_t e, Word poly) {
    constexpr Word one = static_cast<Word>(Word{1} << (sizeof(Word) * 8 - 1));
    Word r = one;
    while (e != 0) {
        if ((e & 1U) != 0) r = mul_mod<Word>(r, base, poly);
        e >>= 1;
        if (e != 0) base = mul_mod<Word>(base, base, poly);
    }
    return r;
}

}  // namespace gf2

// One reflected CRC polynomial: arithmetic on its values, and every constant the kernels need.
template <unsigned Width, std::uint64_t ReflectedPoly>
struct CrcPolynomial {
    static_assert(Width == 32 || Width == 64, "CRC width must be 32 or 64");
    static_assert(Width == 64 || (ReflectedPoly >> 32) == 0, "32-bit polynomial must fit 32 bits");
    static_assert((ReflectedPoly >> (Width - 1)) & 1U, "P must have a +1 term");

    using Word = std::conditional_t<Width == 32, std::uint32_t, std::uint64_t>;
    static constexpr unsigned width = Width;
    static constexpr Word reflected = static_cast<Word>(ReflectedPoly);
    // P without its x^w term, normal form (bit i <-> x^i): crc32 0x04C11DB7.
    static constexpr std::uint64_t normal = gf2::reflect(ReflectedPoly, Width);
    static constexpr Word value_mask = static_cast<Word>(~Word{0});

    // P in normal form including x^w.
    static constexpr gf2::Poly192 full() {
        gf2::Poly192 p = gf2::Poly192::from(normal);
        p.flip(Width);
        return p;
    }

    // ---- arithmetic on w-bit values (reflected), modulo P ----

    static constexpr Word one = static_cast<Word>(Word{1} << (Width - 1));  // the polynomial 1
    static constexpr Word x8 = gf2::pow_mod<Word>(static_cast<Word>(one >> 1), 8, reflected);

    static constexpr Word multiply(Word a, Word b) { return gf2::mul_mod<Word>(a, b, reflected); }
    // x^k mod P, O(log k) multiplications.
    static constexpr Word xpow(std::uint64_t k) {
        return gf2::pow_mod<Word>(static_cast<Word>(one >> 1), k, reflected);
    }
    // crc * x^(8 n) mod P by square-and-multiply, O(log n) multiplications.
    static constexpr Word shift(Word crc, std::uint64_t nbytes) {
        return multiply(crc, gf2::pow_mod<Word>(x8, nbytes, reflected));
    }

    // ---- 64-bit forms for the carry-less-multiply kernels (modulo P^ = P * x^(64-w)) ----

    static constexpr std::uint64_t lifted = ReflectedPoly;  // reflected P^ without x^64
    static constexpr std::uint64_t lifted_one = std::uint64_t{1} << 63;
    // R64 form of x^k mod P^.
    static constexpr std::uint64_t lifted_xpow(std::uint64_t k) {
        return gf2::pow_mod<std::uint64_t>(lifted_one >> 1, k, lifted);
    }
    // c with clmul(R64(h), c) == R128 form of (something congruent to) h * x^e modulo P^, e >= 1.
    static constexpr std::uint64_t fold_constant(std::uint64_t e) { return lifted_xpow(e - 1); }

    // Constants {lo, hi} that move a 128-bit lane forward by `bits` bits: the lane's low half
    // (high-degree) is multiplied by x^(bits+64), its high half by x^bits.
    static constexpr std::array<std::uint64_t, 2> fold_pair(std::uint64_t bits) {
        return {fold_constant(bits + 64), fold_constant(bits)};
    }

    // S form of a polynomial of degree <= 64 given in normal form.
    static constexpr std::uint64_t s_form(const gf2::Poly192& b) {
        std::uint64_t s = 0;
        for (unsigned j = 1; j <= 64; ++j) {
            if (b.bit(j)) s |= std::uint64_t{1} << (64 - j);
        }
        return s;
    }
    static constexpr gf2::Poly192 lifted_full() { return full().shifted(64 - Width); }
    // floor(x^128 / P^) = floor(x^(64+w) / P), a polynomial of degree 64, in S form.
    static constexpr std::uint64_t barrett_mu =
        s_form(gf2::divmod(gf2::Poly192::monomial(128), lifted_full()).quotient);
    // P^ in S form (its x^0 term, present only for w = 64, is added by the kernel).
    static constexpr std::uint64_t barrett_poly = s_form(lifted_full());
    static constexpr bool barrett_poly_has_unit = Width == 64;

    // R64 form of x^-1 mod P (= (P + 1) / x): clmul(R64(h), inverse_x) is congruent to h modulo P
    // (not modulo P^), for kernels that finish with a reduction modulo P only.
    static constexpr std::uint64_t inverse_x = gf2::reflect((normal >> 1) | (std::uint64_t{1} << (Width - 1)), Width)
                                               << (64 - Width);
    // Like fold_constant, for any exponent e (also zero or negative), congruent modulo P only:
    // R64 form of x^(e-1) mod P.
    static constexpr std::uint64_t fold_constant_mod_p(std::int64_t e) {
        Word v;
        if (e - 1 >= 0) {
            v = xpow(static_cast<std::uint64_t>(e - 1));
        } else {
            v = gf2::pow_mod<Word>(static_cast<Word>(inverse_x >> (64 - Width)), static_cast<std::uint64_t>(1 - e),
                                   reflected);
        }
        return std::uint64_t{v} << (64 - Width);
    }

    // The textbook Barrett constant mu = floor(x^(2w) / P) (degree w), normal form.
    static constexpr gf2::Poly192 mu() { return gf2::divmod(gf2::Poly192::monomial(2 * Width), full()).quotient; }
};

using Crc32Poly = CrcPolynomial<32, 0xEDB88320U>;                // CRC-32/ISO-HDLC
using Crc32cPoly = CrcPolynomial<32, 0x82F63B78U>;               // CRC-32/ISCSI
using Crc64XzPoly = CrcPolynomial<64, 0xC96C5795D7870F42ULL>;    // CRC-64/XZ (ECMA-182)
using Crc64NvmePoly = CrcPolynomial<64, 0x9A6C9329AC4BC9B5ULL>;  // CRC-64/NVME

// Every constant a folding kernel reads, laid out for 128-, 256- and 512-bit loads. Plain arrays
// (no member functions), so that the SIMD translation units, compiled with their own ISA flags,
// call no inline function that another translation unit might also emit.
template <class Poly>
struct FoldTables {
    // A lane that is d lanes (16 d bytes) before the last lane of the message is carried to the
    // end and multiplied by the x^64 of the final reduction: multiplier x^(128 d + 64).
    // by_distance[2 i], [2 i + 1] are the {lo, hi} constants for d = max_distance - 1 - i, so that
    // consecutive lanes in memory (decreasing d) read consecutive entries. Four zero entries
    // follow, so a 512-bit read that starts at any entry stays inside the table.
    static constexpr std::size_t max_distance = 64;
    alignas(64) std::uint64_t by_distance[2 * (max_distance + 4)]{};
    alignas(16) std::uint64_t fold_16b[2]{};   // move a lane forward by 128 bits
    alignas(16) std::uint64_t fold_64b[2]{};   // by 512 bits
    alignas(16) std::uint64_t fold_128b[2]{};  // by 1024 bits
    alignas(16) std::uint64_t fold_256b[2]{};  // by 2048 bits
    alignas(16) std::uint64_t fold_512b[2]{};  // by 4096 bits
    alignas(16) std::uint64_t barrett[2]{};    // {mu, P^} in S form
    // Like by_distance without the x^64 of the final reduction (multiplier x^(128 d)), for kernels
    // that reduce a 128-bit value V to V * x^w mod P with the CRC32 instruction (crc32c). Entry
    // d = 0 is {x^64, x^0}: clmul keeps the lane as it is, up to a multiple of P.
    alignas(64) std::uint64_t by_distance_exact[2 * (max_distance + 4)]{};
    // For messages of 17..256 bytes cut into lanes from their START, the last lane padded after
    // the message with s = 0..15 zero bytes: lane i of `lanes` lanes is d = lanes - 1 - i lanes
    // before the last, so it is multiplied by x^(128 d + 64 - 8 s) (the padding is divided out).
    // by_tail[s][2 i], [2 i + 1] (32 entries per s) hold {lo, hi} for d = 15 - i. When the last
    // lane holds 8 bytes or fewer (s >= 8) its high half is zero and its constant 0. Four zero
    // entries follow, as in by_distance.
    static constexpr std::size_t tail_lanes = 16;
    alignas(64) std::uint64_t by_tail[2 * tail_lanes * 16 + 8]{};
    // The same without the x^64 (multiplier x^(128 d - 8 s)), congruent modulo P only, for the
    // CRC32-instruction finish of crc32c.
    alignas(64) std::uint64_t by_tail_exact[2 * tail_lanes * 16 + 8]{};

    // Hybrid crc32c loop of the 128-bit kernel (crc_pclmul.cpp; crc_vpclmul.cpp derives its own
    // block shapes' constants): four 16-byte accumulators, 64 vector
    // bytes per iteration, hybrid_sse_iterations iterations per block, three scalar regions with
    // 64 bytes per stream and iteration (xmm PCLMULQDQ is the slower of the two here).
    static constexpr std::size_t hybrid_sse_iterations = 8;
    static constexpr std::size_t hybrid_sse_streams = 3;
    static constexpr std::size_t hybrid_sse_stream_step = 32;
    static constexpr std::size_t hybrid_sse_scalar_bytes =
        hybrid_sse_stream_step * hybrid_sse_iterations;  // per stream
    static constexpr std::size_t hybrid_sse_block =
        64 * hybrid_sse_iterations + hybrid_sse_streams * hybrid_sse_scalar_bytes;
    alignas(16) std::uint64_t hybrid_sse_gap[2]{};     // fold across a block's scalar part + 64 bytes
    alignas(16) std::uint64_t hybrid_sse_inject[8]{};  // {constant, 0}: scalar register j -> accumulator j

    static constexpr FoldTables make() {
        FoldTables t;
        // Entry d is fold_pair(128 d + 64) = {x^(128 d + 127), x^(128 d + 63)} mod P^; walk d
        // upwards multiplying by x^128 rather than exponentiating each one afresh.
        const std::uint64_t step = Poly::lifted_xpow(128);
        std::uint64_t lo = Poly::fold_constant(128);
        std::uint64_t hi = Poly::fold_constant(64);
        for (std::size_t d = 0; d < max_distance; ++d) {
            const std::size_t i = max_distance - 1 - d;
            t.by_distance[2 * i] = lo;
            t.by_distance[2 * i + 1] = hi;
            lo = gf2::mul_mod<std::uint64_t>(lo, step, Poly::lifted);
            hi = gf2::mul_mod<std::uint64_t>(hi, step, Poly::lifted);
        }
        const auto set = [](std::uint64_t(&dst)[2], std::array<std::uint64_t, 2> v) {
            dst[0] = v[0];
            dst[1] = v[1];
        };
        set(t.fold_16b, Poly::fold_pair(128));
        set(t.fold_64b, Poly::fold_pair(512));
        set(t.fold_128b, Poly::fold_pair(1024));
        set(t.fold_256b, Poly::fold_pair(2048));
        set(t.fold_512b, Poly::fold_pair(4096));
        t.barrett[0] = Poly::barrett_mu;
        t.barrett[1] = Poly::barrett_poly;

        // Entry d is {x^(128 d + 63), x^(128 d - 1)}: by_distance's hi at d and its lo at d - 1.
        for (std::size_t d = 0; d < max_distance; ++d) {
            const std::size_t i = max_distance - 1 - d;
            t.by_distance_exact[2 * i] = t.by_distance[2 * i + 1];
            t.by_distance_exact[2 * i + 1] = d == 0 ? Poly::inverse_x : t.by_distance[2 * i + 2];
        }
        // by_tail and by_tail_exact, lane by lane: each lane further from the end multiplies the
        // four constants by x^128 (modulo P^ and modulo P), one product each instead of a power.
        // Only the first lane of each padding is a power (clang's constant evaluator spent tens of
        // seconds per translation unit exponentiating all of them).
        using Word = typename Poly::Word;
        constexpr unsigned word_shift = 64 - Poly::width;
        const Word step_mod_p = Poly::xpow(128);
        const auto word_of = [](std::uint64_t r64) { return static_cast<Word>(r64 >> word_shift); };
        for (std::size_t pad = 0; pad < 16; ++pad) {
            // Lane d's exponent is e = 128 d + 64 - 8 pad; hi is zero while e <= 0 (d = 0, pad >= 8).
            const auto e0 = static_cast<std::int64_t>(64) - static_cast<std::int64_t>(8 * pad);
            std::uint64_t tail_lo = Poly::fold_constant(static_cast<std::uint64_t>(e0 + 64));
            const std::size_t first_hi = e0 > 0 ? 0 : 1;
            std::uint64_t tail_hi =
                Poly::fold_constant(static_cast<std::uint64_t>(e0 + 128 * static_cast<std::int64_t>(first_hi)));
            Word exact_lo = word_of(Poly::fold_constant_mod_p(e0));
            Word exact_hi = word_of(Poly::fold_constant_mod_p(e0 - 64));
            for (std::size_t d = 0; d < tail_lanes; ++d) {
                const std::size_t i = 2 * (tail_lanes * pad + tail_lanes - 1 - d);
                t.by_tail[i] = tail_lo;
                t.by_tail[i + 1] = d < first_hi ? 0 : tail_hi;
                t.by_tail_exact[i] = std::uint64_t{exact_lo} << word_shift;
                t.by_tail_exact[i + 1] = std::uint64_t{exact_hi} << word_shift;
                tail_lo = gf2::mul_mod<std::uint64_t>(tail_lo, step, Poly::lifted);
                if (d >= first_hi) tail_hi = gf2::mul_mod<std::uint64_t>(tail_hi, step, Poly::lifted);
                exact_lo = Poly::multiply(exact_lo, step_mod_p);
                exact_hi = Poly::multiply(exact_hi, step_mod_p);
            }
        }
        set(t.hybrid_sse_gap, Poly::fold_pair(8 * (hybrid_sse_streams * hybrid_sse_scalar_bytes + 64)));
        // Scalar stream j's register s_j == S_j * x^w (S_j its scalar region; the last region ends
        // where the next block begins). When it is injected, after the first vector iteration of
        // the next block, accumulator j ends D_j = 64 - 16 (3 - j) + (bytes of a scalar region)
        // (S - 1 - j) bytes after S_j. A register zero-extended to 64 bits is the R64 form of
        // s_j * x^(64-w); it must become s_j * x^(8 D_j - w) there, so multiply by
        // x^(8 D_j - 64): fold_constant(8 D_j - 64). Accumulators without a stream: 0.
        for (std::size_t j = 0; j < hybrid_sse_streams; ++j) {
            const std::uint64_t dj = 64 - 16 * (3 - j) + hybrid_sse_scalar_bytes * (hybrid_sse_streams - 1 - j);
            t.hybrid_sse_inject[2 * j] = Poly::fold_constant(8 * dj - 64);
        }
        return t;
    }
};

template <class Poly>
inline constexpr FoldTables<Poly> fold_tables = FoldTables<Poly>::make();

}  // namespace hashscope::crc
