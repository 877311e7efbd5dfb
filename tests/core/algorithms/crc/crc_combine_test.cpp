// combine(crc(a), crc(b), len(b)) == crc(a || b) for the four CRCs.
#include "algorithms/crc/crc_combine.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "algorithms/crc/crc_table.hpp"
#include "algorithms/crc/polynomial.hpp"

namespace hashscope::crc {
namespace {

struct Case {
    const char* name;
    std::uint64_t (*extend)(std::uint64_t, const std::byte*, std::size_t);  // table reference
    std::uint64_t (*combine)(std::uint64_t, std::uint64_t, std::uint64_t);
    std::uint64_t (*shift)(std::uint64_t, std::uint64_t);
    std::uint64_t (*generic_shift)(std::uint64_t, std::uint64_t);  // polynomial.hpp's square-and-multiply
    std::uint64_t mask;
};

template <class P>
std::uint64_t generic_shift(std::uint64_t c, std::uint64_t n) {
    return P::shift(static_cast<typename P::Word>(c), n);
}

const Case kCases[] = {
    {"crc32",
     [](std::uint64_t v, const std::byte* p, std::size_t n) -> std::uint64_t {
         return crc32_table_extend(static_cast<std::uint32_t>(v), p, n);
     },
     [](std::uint64_t a, std::uint64_t b, std::uint64_t n) -> std::uint64_t {
         return crc32_combine(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b), n);
     },
     [](std::uint64_t c, std::uint64_t n) -> std::uint64_t { return crc32_shift(static_cast<std::uint32_t>(c), n); },
     generic_shift<Crc32Poly>, 0xFFFFFFFFULL},
    {"crc32c",
     [](std::uint64_t v, const std::byte* p, std::size_t n) -> std::uint64_t {
         return crc32c_table_extend(static_cast<std::uint32_t>(v), p, n);
     },
     [](std::uint64_t a, std::uint64_t b, std::uint64_t n) -> std::uint64_t {
         return crc32c_combine(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b), n);
     },
     [](std::uint64_t c, std::uint64_t n) -> std::uint64_t { return crc32c_shift(static_cast<std::uint32_t>(c), n); },
     generic_shift<Crc32cPoly>, 0xFFFFFFFFULL},
    {"crc64nvme", [](std::uint64_t v, const std::byte* p, std::size_t n) { return crc64nvme_table_extend(v, p, n); },
     crc64nvme_combine, crc64nvme_shift, generic_shift<Crc64NvmePoly>, ~0ULL},
    {"crc64xz", [](std::uint64_t v, const std::byte* p, std::size_t n) { return crc64xz_table_extend(v, p, n); },
     crc64xz_combine, crc64xz_shift, generic_shift<Crc64XzPoly>, ~0ULL},
};

class CombineTest : public ::testing::TestWithParam<Case> {};

TEST_P(CombineTest, EverySplitOfEveryLengthUpTo600) {
    const Case& c = GetParam();
    std::mt19937_64 rng(42);
    std::vector<std::byte> data(600);
    for (auto& b : data) b = static_cast<std::byte>(rng());
    // prefix[L] = crc(data[0, L))
    std::vector<std::uint64_t> prefix(data.size() + 1);
    prefix[0] = c.extend(0, data.data(), 0);
    for (std::size_t i = 0; i < data.size(); ++i) prefix[i + 1] = c.extend(prefix[i], data.data() + i, 1);
    ASSERT_EQ(prefix[data.size()], c.extend(0, data.data(), data.size()));
    for (std::size_t k = 0; k <= data.size(); ++k) {
        std::uint64_t suffix = 0;  // crc(data[k, L))
        for (std::size_t len = k; len <= data.size(); ++len) {
            ASSERT_EQ(c.combine(prefix[k], suffix, len - k), prefix[len]) << "split " << k << " of " << len;
            if (len < data.size()) suffix = c.extend(suffix, data.data() + len, 1);
        }
    }
}

TEST_P(CombineTest, EmptyPiecesAreNeutral) {
    const Case& c = GetParam();
    std::mt19937_64 rng(1);
    for (int i = 0; i < 100; ++i) {
        const std::uint64_t crc = rng() & c.mask;
        EXPECT_EQ(c.combine(crc, 0, 0), crc);  // crc(empty) == 0 with these conventions
        EXPECT_EQ(c.combine(0, crc, rng() % 1000), crc) << "crc(empty || b) == crc(b)";
    }
}

TEST_P(CombineTest, ShiftAgreesWithSquareAndMultiplyForHugeLengths) {
    const Case& c = GetParam();
    std::mt19937_64 rng(2);
    const std::uint64_t lengths[] = {1ULL << 33, (1ULL << 33) + 12345, 1ULL << 40, (1ULL << 62) + 3,
                                     ~0ULL,      0xDEADBEEFCAFEULL};
    for (const std::uint64_t n : lengths) {
        for (int i = 0; i < 5; ++i) {
            const std::uint64_t crc = rng() & c.mask;
            EXPECT_EQ(c.shift(crc, n), c.generic_shift(crc, n)) << n;
            // shift(crc, 2n) == shift(shift(crc, n), n) and shift(a + b) == shift(shift(a), b)
            if (n < (1ULL << 62)) {
                EXPECT_EQ(c.shift(crc, 2 * n), c.shift(c.shift(crc, n), n)) << n;
            }
            EXPECT_EQ(c.shift(crc, n / 3 + n / 5), c.shift(c.shift(crc, n / 3), n / 5)) << n;
        }
    }
}

TEST_P(CombineTest, ZeroRunsOfHugeLengthsDoubleConsistently) {
    // crc(0^n) == shift(1, n) + 1 (the all-ones init shifted through n zero bytes, then xorout);
    // combining two runs of 2^32 zeros must give the run of 2^33.
    const Case& c = GetParam();
    const auto zeros_crc = [&](std::uint64_t n) { return c.generic_shift(c.mask, n) ^ c.mask; };
    const std::vector<std::byte> zeros(3000, std::byte{0});
    for (std::size_t n : {0, 1, 5, 64, 2999}) EXPECT_EQ(zeros_crc(n), c.extend(0, zeros.data(), n)) << n;
    for (const std::uint64_t n : {1ULL << 32, 1ULL << 33, 1ULL << 40, 3ULL << 50}) {
        EXPECT_EQ(c.combine(zeros_crc(n), zeros_crc(n), n), zeros_crc(2 * n)) << n;
        EXPECT_EQ(c.combine(zeros_crc(n), zeros_crc(12345), 12345), zeros_crc(n + 12345)) << n;
    }
}

TEST_P(CombineTest, AssociativeOverLongAndShortPieces) {
    const Case& c = GetParam();
    std::mt19937_64 rng(3);
    for (int i = 0; i < 50; ++i) {
        const std::uint64_t a = rng() & c.mask;
        const std::uint64_t b = rng() & c.mask;
        const std::uint64_t d = rng() & c.mask;
        const std::uint64_t lb = rng() >> (rng() % 64);
        const std::uint64_t ld = rng() >> (1 + rng() % 63);
        if (lb > ~0ULL - ld) continue;
        EXPECT_EQ(c.combine(c.combine(a, b, lb), d, ld), c.combine(a, c.combine(b, d, ld), lb + ld));
    }
}

TEST_P(CombineTest, RealDataOfAMebibyte) {
    const Case& c = GetParam();
    std::mt19937_64 rng(4);
    std::vector<std::byte> data((1U << 20) + 777);
    for (auto& b : data) b = static_cast<std::byte>(rng());
    const std::uint64_t whole = c.extend(0, data.data(), data.size());
    for (std::size_t cut :
         {std::size_t{0}, std::size_t{1}, std::size_t{4096}, std::size_t{500000}, data.size() - 1, data.size()}) {
        const std::uint64_t a = c.extend(0, data.data(), cut);
        const std::uint64_t b = c.extend(0, data.data() + cut, data.size() - cut);
        EXPECT_EQ(c.combine(a, b, data.size() - cut), whole) << cut;
    }
}

INSTANTIATE_TEST_SUITE_P(Crcs, CombineTest, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& param_info) {
                             return std::string(param_info.param.name);
                         });

TEST(CombineCheckValues, Catalogue) {
    const char* s = "123456789";
    const auto* p = reinterpret_cast<const std::byte*>(s);
    EXPECT_EQ(crc32_combine(crc32_table_extend(0, p, 4), crc32_table_extend(0, p + 4, 5), 5), 0xcbf43926U);
    EXPECT_EQ(crc32c_combine(crc32c_table_extend(0, p, 4), crc32c_table_extend(0, p + 4, 5), 5), 0xe3069283U);
    EXPECT_EQ(crc64nvme_combine(crc64nvme_table_extend(0, p, 4), crc64nvme_table_extend(0, p + 4, 5), 5),
              0xae8b14860a799888ULL);
    EXPECT_EQ(crc64xz_combine(crc64xz_table_extend(0, p, 4), crc64xz_table_extend(0, p + 4, 5), 5),
              0x995dc9bbdf1939faULL);
}

}  // namespace
}  // namespace hashscope::crc
