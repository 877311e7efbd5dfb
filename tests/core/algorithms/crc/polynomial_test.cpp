// The constant generator of polynomial.hpp: against naive long division, against the byte table,
// and against the constants published with Intel's paper, zlib/Linux and ISA-L.
#include "algorithms/crc/polynomial.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "algorithms/crc/crc_table.hpp"

namespace hashscope::crc {
namespace {

// ---- independent naive references (normal form, bit i <-> x^i) ----

// x^k mod G by k shift-and-subtract steps, G = x^64 + g (normal form, degree exactly 64).
std::uint64_t naive_xpow_mod64(std::uint64_t k, std::uint64_t g) {
    std::uint64_t r = 1;
    for (std::uint64_t i = 0; i < k; ++i) {
        const bool carry = (r >> 63) != 0;
        r <<= 1;
        if (carry) r ^= g;
    }
    return r;
}

// x^k mod P for a CRC of width w (P = x^w + normal), by k steps.
std::uint64_t naive_xpow(std::uint64_t k, unsigned w, std::uint64_t normal) {
    const std::uint64_t top = std::uint64_t{1} << (w - 1);
    const std::uint64_t mask = w == 64 ? ~0ULL : (std::uint64_t{1} << w) - 1;
    std::uint64_t r = 1;
    for (std::uint64_t i = 0; i < k; ++i) {
        const bool carry = (r & top) != 0;
        r = (r << 1) & mask;
        if (carry) r ^= normal;
    }
    return r;
}

struct U128 {
    std::uint64_t lo = 0, hi = 0;
};
// carry-less a * b
U128 clmul(std::uint64_t a, std::uint64_t b) {
    U128 r;
    for (unsigned i = 0; i < 64; ++i) {
        if ((b >> i) & 1U) {
            r.lo ^= a << i;
            if (i != 0) r.hi ^= a >> (64 - i);
        }
    }
    return r;
}
// (hi:lo) mod (x^64 + g), bit by bit
std::uint64_t naive_mod64(U128 v, std::uint64_t g) {
    for (int i = 63; i >= 0; --i) {
        if ((v.hi >> i) & 1U) {
            // subtract G * x^i: x^(64+i) clears the bit; g * x^i lands in hi:lo
            v.hi ^= std::uint64_t{1} << i;
            v.lo ^= g << i;
            if (i != 0) v.hi ^= g >> (64 - i);
        }
    }
    return v.lo;
}

template <class Poly>
std::uint64_t lifted_normal() {  // P^ = P * x^(64-w) without x^64, normal form
    return Poly::normal << (64 - Poly::width);
}

template <class Poly>
class PolynomialTest : public ::testing::Test {};

using Polys = ::testing::Types<Crc32Poly, Crc32cPoly, Crc64XzPoly, Crc64NvmePoly>;
struct PolyNames {
    template <class T>
    static std::string GetName(int) {
        if (std::is_same_v<T, Crc32Poly>) return "crc32";
        if (std::is_same_v<T, Crc32cPoly>) return "crc32c";
        if (std::is_same_v<T, Crc64XzPoly>) return "crc64xz";
        return "crc64nvme";
    }
};
TYPED_TEST_SUITE(PolynomialTest, Polys, PolyNames);

TYPED_TEST(PolynomialTest, NormalFormIsTheReflectionOfTheReflectedOne) {
    using P = TypeParam;
    EXPECT_EQ(gf2::reflect(P::normal, P::width), P::reflected);
}

TYPED_TEST(PolynomialTest, XpowMatchesNaiveLongDivision) {
    using P = TypeParam;
    // every k up to 3000, stepping the naive remainder along
    std::uint64_t naive = 1;
    const std::uint64_t top = std::uint64_t{1} << (P::width - 1);
    const std::uint64_t mask = P::width == 64 ? ~0ULL : (std::uint64_t{1} << P::width) - 1;
    for (std::uint64_t k = 0; k <= 3000; ++k) {
        ASSERT_EQ(P::xpow(k), gf2::reflect(naive, P::width)) << "k=" << k;
        const bool carry = (naive & top) != 0;
        naive = (naive << 1) & mask;
        if (carry) naive ^= P::normal;
    }
    // and some scattered larger k
    std::mt19937_64 rng(7);
    for (int i = 0; i < 20; ++i) {
        const std::uint64_t k = rng() % 200000;
        EXPECT_EQ(P::xpow(k), gf2::reflect(naive_xpow(k, P::width, P::normal), P::width)) << "k=" << k;
    }
}

TYPED_TEST(PolynomialTest, LiftedXpowMatchesNaiveLongDivisionModuloLiftedPolynomial) {
    using P = TypeParam;
    for (std::uint64_t k = 0; k <= 1200; ++k) {
        ASSERT_EQ(P::lifted_xpow(k), gf2::reflect(naive_xpow_mod64(k, lifted_normal<P>()), 64)) << "k=" << k;
    }
    std::mt19937_64 rng(11);
    for (int i = 0; i < 20; ++i) {
        const std::uint64_t k = rng() % 100000;
        EXPECT_EQ(P::lifted_xpow(k), gf2::reflect(naive_xpow_mod64(k, lifted_normal<P>()), 64)) << "k=" << k;
    }
}

TYPED_TEST(PolynomialTest, MultiplyMatchesNaiveProductModP) {
    using P = TypeParam;
    using W = typename P::Word;
    std::mt19937_64 rng(3);
    const std::uint64_t mask = P::width == 64 ? ~0ULL : (std::uint64_t{1} << P::width) - 1;
    for (int i = 0; i < 2000; ++i) {
        const std::uint64_t a = rng() & mask;
        const std::uint64_t b = rng() & mask;
        // naive: normal forms, carry-less product, reduce modulo P^ (= P * x^(64-w)), scale back
        const std::uint64_t an = gf2::reflect(a, P::width);
        const std::uint64_t bn = gf2::reflect(b, P::width);
        U128 prod = clmul(an, bn);
        // multiply by x^(64-w) so reducing modulo P^ gives (a b mod P) * x^(64-w)
        const unsigned s = 64 - P::width;
        if (s != 0) {
            prod.hi = (prod.hi << s) | (prod.lo >> (64 - s));
            prod.lo <<= s;
        }
        const std::uint64_t rem = naive_mod64(prod, lifted_normal<P>()) >> s;
        ASSERT_EQ(P::multiply(static_cast<W>(a), static_cast<W>(b)), gf2::reflect(rem, P::width));
    }
    // x^a * x^b == x^(a+b)
    for (std::uint64_t a = 0; a < 300; a += 7) {
        for (std::uint64_t b = 0; b < 300; b += 13) EXPECT_EQ(P::multiply(P::xpow(a), P::xpow(b)), P::xpow(a + b));
    }
}

TYPED_TEST(PolynomialTest, ShiftEqualsFeedingZeroBytesThroughTheTable) {
    using P = TypeParam;
    using W = typename P::Word;
    std::mt19937_64 rng(5);
    const std::vector<std::byte> zeros(5000, std::byte{0});
    for (std::size_t n : {0, 1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 100, 255, 256, 1000, 4096, 4999}) {
        for (int i = 0; i < 8; ++i) {
            const auto reg = static_cast<W>(rng());
            // feeding zeros multiplies the register by x^(8n); the table works on the finished CRC ~reg
            const W fed = static_cast<W>(~table_extend<W, P::reflected>(static_cast<W>(~reg), zeros.data(), n));
            ASSERT_EQ(P::shift(reg, n), fed) << "n=" << n;
        }
    }
}

TYPED_TEST(PolynomialTest, ShiftIsSquareAndMultiplyConsistent) {
    using P = TypeParam;
    using W = typename P::Word;
    std::mt19937_64 rng(9);
    for (int i = 0; i < 50; ++i) {
        const auto c = static_cast<W>(rng());
        const std::uint64_t a = rng() >> 4;
        const std::uint64_t b = rng() >> 4;
        EXPECT_EQ(P::shift(P::shift(c, a), b), P::shift(c, a + b));
        EXPECT_EQ(P::shift(c, a), P::multiply(c, P::xpow(8 * a)));
    }
}

TYPED_TEST(PolynomialTest, TextbookBarrettMuIsTheQuotient) {
    using P = TypeParam;
    // x^(2w) = mu * P + r with deg r < w
    const gf2::Poly192 mu = P::mu();
    EXPECT_EQ(mu.degree(), static_cast<int>(P::width));
    gf2::Poly192 product;
    const gf2::Poly192 full = P::full();
    for (unsigned i = 0; i <= P::width; ++i) {
        if (mu.bit(i)) product ^= full.shifted(i);
    }
    product ^= gf2::Poly192::monomial(2 * P::width);
    EXPECT_LT(product.degree(), static_cast<int>(P::width));
}

// The kernels' reduction, done in software with the generated constants: T (128 bits) -> T mod P^.
TYPED_TEST(PolynomialTest, BarrettConstantsReduceLikeLongDivision) {
    using P = TypeParam;
    std::mt19937_64 rng(13);
    for (int i = 0; i < 3000; ++i) {
        const std::uint64_t t_lo = rng();  // R128 low half: the high-degree half, R64 form
        const std::uint64_t t_hi = rng();
        const U128 q128 = clmul(t_lo, P::barrett_mu);
        const std::uint64_t q = q128.lo;
        const U128 qp = clmul(q, P::barrett_poly);
        std::uint64_t r = qp.hi ^ t_hi;
        if (P::barrett_poly_has_unit) r ^= q;
        // T + q * P^ has degree < 64: its high-degree half (R128 low half) vanishes exactly
        ASSERT_EQ(qp.lo ^ t_lo, 0U);
        // reference: T normal = reflect(t_lo) * x^64 + reflect(t_hi), reduced modulo P^
        const U128 tn{gf2::reflect(t_hi, 64), gf2::reflect(t_lo, 64)};
        ASSERT_EQ(r, gf2::reflect(naive_mod64(tn, lifted_normal<P>()), 64));
    }
}

TYPED_TEST(PolynomialTest, FoldConstantMultipliesByXPowerUnderClmul) {
    using P = TypeParam;
    // clmul(R64(h), fold_constant(e)) is the R128 form of something == h * x^e (mod P^)
    std::mt19937_64 rng(17);
    for (std::uint64_t e : {64, 128, 192, 512, 576, 1024, 1088, 2048, 2112, 4096, 4160, 8191}) {
        const std::uint64_t h = rng();
        const U128 prod = clmul(h, P::fold_constant(e));
        // R128 form -> normal: bit k <-> x^(127-k)
        const U128 normal{gf2::reflect(prod.hi, 64), gf2::reflect(prod.lo, 64)};
        const std::uint64_t got = naive_mod64(normal, lifted_normal<P>());
        // h * x^e: h normal times x^e mod P^
        const std::uint64_t hn = gf2::reflect(h, 64);
        const U128 want128 = clmul(hn, naive_xpow_mod64(e, lifted_normal<P>()));
        EXPECT_EQ(got, naive_mod64(want128, lifted_normal<P>())) << "e=" << e;
    }
}

TYPED_TEST(PolynomialTest, DistanceTableHoldsLaneCarryConstants) {
    using P = TypeParam;
    const auto& t = fold_tables<P>;
    constexpr std::size_t dmax = FoldTables<P>::max_distance;
    for (std::size_t d = 0; d < dmax; ++d) {
        const std::size_t i = dmax - 1 - d;
        EXPECT_EQ(t.by_distance[2 * i], P::fold_constant(128 * d + 128)) << d;
        EXPECT_EQ(t.by_distance[2 * i + 1], P::fold_constant(128 * d + 64)) << d;
    }
    for (std::size_t i = 2 * dmax; i < 2 * (dmax + 4); ++i) EXPECT_EQ(t.by_distance[i], 0U);
    EXPECT_EQ(t.fold_16b[0], P::fold_constant(192));
    EXPECT_EQ(t.fold_16b[1], P::fold_constant(128));
    EXPECT_EQ(t.fold_256b[0], P::fold_constant(2048 + 64));
    EXPECT_EQ(t.fold_256b[1], P::fold_constant(2048));
}

TYPED_TEST(PolynomialTest, InverseOfXAndConstantsModuloPForAnyExponent) {
    using P = TypeParam;
    using W = typename P::Word;
    constexpr unsigned s = 64 - P::width;
    const auto word = [](std::uint64_t r64) { return static_cast<W>(r64 >> s); };
    EXPECT_EQ(P::multiply(word(P::inverse_x), P::xpow(1)), P::one);
    for (std::int64_t e = -200; e <= 300; ++e) {
        const W c = word(P::fold_constant_mod_p(e));
        // c == x^(e-1) mod P: times x^(1-e) is 1
        if (e <= 1) {
            EXPECT_EQ(P::multiply(c, P::xpow(static_cast<std::uint64_t>(1 - e))), P::one) << e;
        } else {
            EXPECT_EQ(c, P::xpow(static_cast<std::uint64_t>(e - 1))) << e;
        }
    }
}

// A lane's {lo, hi} constants carry it by x^e: clmul(R64(lo half), lo) + clmul(R64(hi half), hi)
// == lane * x^e, checked modulo P on the w-bit values (reflected arithmetic).
template <class P>
bool pair_multiplies_by(const std::uint64_t* pair, std::int64_t e, bool hi_half_used = true) {
    using W = typename P::Word;
    // clmul(R64(h), c) == R128(h * c~ * x); for a half h as a polynomial of degree < 64 the
    // constant must be c~ == x^(e-1) modulo P, i.e. fold_constant_mod_p(e) modulo P. Constants
    // here are reduced modulo P^ (or P); compare their residues modulo P.
    const auto residue = [](std::uint64_t r64) {
        // R64 value of a polynomial of degree < 64 -> w-bit residue modulo P: reduce by feeding
        // its 64 coefficients, highest first, through multiply-by-x.
        W acc = 0;
        for (unsigned i = 0; i < 64; ++i) {
            acc = P::multiply(acc, P::xpow(1));
            if ((r64 >> i) & 1U) acc = static_cast<W>(acc ^ P::one);
        }
        return acc;
    };
    const W want_lo = residue(P::fold_constant_mod_p(e + 64));
    const W want_hi = residue(P::fold_constant_mod_p(e));
    return residue(pair[0]) == want_lo && (!hi_half_used || residue(pair[1]) == want_hi);
}

TYPED_TEST(PolynomialTest, TailTablesDivideThePaddingOut) {
    using P = TypeParam;
    const auto& t = fold_tables<P>;
    constexpr std::size_t lanes = FoldTables<P>::tail_lanes;
    for (std::size_t pad = 0; pad < 16; ++pad) {
        for (std::size_t d = 0; d < lanes; ++d) {
            const std::size_t i = 2 * (lanes * pad + lanes - 1 - d);
            const auto e = static_cast<std::int64_t>(128 * d + 64) - static_cast<std::int64_t>(8 * pad);
            const bool hi_used = d > 0 || pad < 8;  // a last lane of 8 bytes or fewer has a zero high half
            EXPECT_TRUE(pair_multiplies_by<P>(t.by_tail + i, e, hi_used)) << "pad " << pad << " d " << d;
            EXPECT_TRUE(pair_multiplies_by<P>(t.by_tail_exact + i, e - 64, hi_used)) << "pad " << pad << " d " << d;
        }
    }
    for (std::size_t d = 0; d < FoldTables<P>::max_distance; ++d) {
        const std::size_t i = 2 * (FoldTables<P>::max_distance - 1 - d);
        EXPECT_TRUE(pair_multiplies_by<P>(t.by_distance_exact + i, static_cast<std::int64_t>(128 * d))) << d;
    }
}

// ---- published constants ----

// Intel's paper / zlib / Linux crc32-pclmul: "(x^k mod P(x))' << 1" (32-bit reflection, shifted),
// mu' and P' as 33-bit reflections.
template <class P>
std::uint64_t intel_constant(std::uint64_t k) {
    return std::uint64_t{P::xpow(k)} << 1;
}
template <class P>
std::uint64_t reflect33(const gf2::Poly192& p) {
    std::uint64_t r = 0;
    for (unsigned i = 0; i <= 32; ++i) {
        if (p.bit(i)) r |= std::uint64_t{1} << (32 - i);
    }
    return r;
}

TEST(PublishedConstants, Crc32IntelPaperAndZlib) {
    using P = Crc32Poly;
    EXPECT_EQ(intel_constant<P>(4 * 128 + 32), 0x154442bd4U);  // k1
    EXPECT_EQ(intel_constant<P>(4 * 128 - 32), 0x1c6e41596U);  // k2
    EXPECT_EQ(intel_constant<P>(128 + 32), 0x1751997d0U);      // k3
    EXPECT_EQ(intel_constant<P>(128 - 32), 0x0ccaa009eU);      // k4
    EXPECT_EQ(intel_constant<P>(64), 0x163cd6124U);            // k5
    EXPECT_EQ(intel_constant<P>(32), 0x1db710640U);            // k6
    EXPECT_EQ(reflect33<P>(P::mu()), 0x1F7011641U);            // mu'
    EXPECT_EQ(reflect33<P>(P::full()), 0x1DB710641U);          // P'
    // This kernel's forms: x^(128-1) mod P^ is Intel's k4; P^ in S form is Intel's P'.
    EXPECT_EQ(P::fold_constant(128), 0x0ccaa009eU);
    EXPECT_EQ(P::barrett_poly, 0x1DB710641U);
}

TEST(PublishedConstants, Crc32cIsal) {
    // ISA-L crc/crc32_iscsi_by16_10.asm: rk1, rk15, rk16, rk19, rk7 and rk8 (mu', P' without x^32)
    using P = Crc32cPoly;
    EXPECT_EQ(P::fold_constant(128), 0x493c7d27U);             // rk1: fold by 128 bits, high half
    EXPECT_EQ(P::fold_constant(512), 0x9e4addf8U);             // rk15: fold by 512 bits, high half
    EXPECT_EQ(P::fold_constant(512 + 64), 0x740eef02U);        // rk16: fold by 512 bits, low half
    EXPECT_EQ(P::fold_constant(256), 0xba4fc28eU);             // rk19
    EXPECT_EQ(reflect33<P>(P::mu()) & ~1ULL, 0xdea713f0U);     // rk7
    EXPECT_EQ(reflect33<P>(P::full()) & ~1ULL, 0x105ec76f0U);  // rk8
    EXPECT_EQ(intel_constant<P>(4 * 128 + 32), 0x740eef02U);   // Linux crc32c-pcl-intel K1 form
}

TEST(PublishedConstants, Crc64XzIsalEcmaRefl) {
    // ISA-L crc/crc64_ecma_refl_by8.asm
    using P = Crc64XzPoly;
    EXPECT_EQ(P::fold_constant(128), 0xdabe95afc7875f40ULL);    // rk1
    EXPECT_EQ(P::fold_constant(192), 0xe05dd497ca393ae4ULL);    // rk2
    EXPECT_EQ(P::fold_constant(1024), 0xd7d86b2af73de740ULL);   // rk3
    EXPECT_EQ(P::fold_constant(1088), 0x8757d71d4fcc1000ULL);   // rk4
    EXPECT_EQ(P::fold_constant(256), 0x3be653a30fe1af51ULL);    // rk19
    EXPECT_EQ(P::barrett_mu, 0x9c3e466c172963d5ULL);            // rk7 = floor(x^128 / P)
    EXPECT_EQ(P::barrett_poly & ~1ULL, 0x92d8af2baf0e1e84ULL);  // rk8 = P (x^64 term dropped)
}

TEST(PublishedConstants, Crc64NvmeIsalRocksoftRefl) {
    // ISA-L crc/crc64_rocksoft_refl_by8.asm (Rocksoft = the NVMe polynomial 0xAD93D23594C93659)
    using P = Crc64NvmePoly;
    EXPECT_EQ(P::normal, 0xAD93D23594C93659ULL);
    EXPECT_EQ(P::fold_constant(128), 0x21e9761e252621acULL);    // rk1
    EXPECT_EQ(P::fold_constant(192), 0xeadc41fd2ba3d420ULL);    // rk2
    EXPECT_EQ(P::fold_constant(1024), 0x5f852fb61e8d92dcULL);   // rk3
    EXPECT_EQ(P::fold_constant(1088), 0xa1ca681e733f9c40ULL);   // rk4
    EXPECT_EQ(P::fold_constant(256), 0xe1e0bb9d45d7a44cULL);    // rk19
    EXPECT_EQ(P::barrett_mu, 0x27ecfa329aef9f77ULL);            // rk7
    EXPECT_EQ(P::barrett_poly & ~1ULL, 0x34d926535897936aULL);  // rk8
}

TEST(PublishedConstants, NormalForms) {
    EXPECT_EQ(Crc32Poly::normal, 0x04C11DB7U);
    EXPECT_EQ(Crc32cPoly::normal, 0x1EDC6F41U);
    EXPECT_EQ(Crc64XzPoly::normal, 0x42F0E1EBA9EA3693ULL);
    EXPECT_EQ(Crc64NvmePoly::normal, 0xAD93D23594C93659ULL);
}

}  // namespace
}  // namespace hashscope::crc
