// The slicing-by-16 CRCs against the byte-at-a-time reference (crc_table.hpp): the catalogue check
// values, every length 0..4096 at every alignment 0..63 (each input ends exactly at the end of its
// allocation, so a sanitizer sees any over-read), any starting value, random splits into successive
// extend calls, and a few large inputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/crc/crc_slice16.hpp"
#include "algorithms/crc/crc_table.hpp"
#include "crc_test_support.hpp"

namespace hashscope::crc {
namespace {

using Kernel = std::uint64_t (*)(std::uint64_t, const std::byte*, std::size_t);

struct Case {
    const char* name;
    Kernel kernel;
    Kernel reference;
    std::uint64_t check;  // of "123456789"
    std::uint64_t mask;   // the bits of the value
};

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << c.name; }

const Case kCases[] = {
    {"crc32", extend_crc32_slice16,
     [](std::uint64_t v, const std::byte* p, std::size_t n) -> std::uint64_t {
         return crc32_table_extend(static_cast<std::uint32_t>(v), p, n);
     },
     0xCBF43926U, 0xFFFFFFFFU},
    {"crc32c", extend_crc32c_slice16,
     [](std::uint64_t v, const std::byte* p, std::size_t n) -> std::uint64_t {
         return crc32c_table_extend(static_cast<std::uint32_t>(v), p, n);
     },
     0xE3069283U, 0xFFFFFFFFU},
    {"crc64nvme", extend_crc64nvme_slice16,
     [](std::uint64_t v, const std::byte* p, std::size_t n) -> std::uint64_t {
         return crc64nvme_table_extend(v, p, n);
     },
     0xAE8B14860A799888ULL, ~0ULL},
    {"crc64xz", extend_crc64xz_slice16,
     [](std::uint64_t v, const std::byte* p, std::size_t n) -> std::uint64_t { return crc64xz_table_extend(v, p, n); },
     0x995DC9BBDF1939FAULL, ~0ULL},
};

using test::expect_every_length_at_every_alignment;
using test::random_bytes;

class Slice16Test : public ::testing::TestWithParam<Case> {};

TEST_P(Slice16Test, CheckValue) {
    const std::string_view check = "123456789";
    const auto* p = reinterpret_cast<const std::byte*>(check.data());
    EXPECT_EQ(GetParam().kernel(0, p, check.size()), GetParam().check);
    EXPECT_EQ(GetParam().reference(0, p, check.size()), GetParam().check);
    // One byte at a time gives the same.
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < check.size(); ++i) v = GetParam().kernel(v, p + i, 1);
    EXPECT_EQ(v, GetParam().check);
    EXPECT_EQ(GetParam().kernel(0, p, 0), 0U);
    EXPECT_EQ(GetParam().kernel(0x1234, nullptr, 0), 0x1234U & GetParam().mask);
}

TEST_P(Slice16Test, ThirtyTwoBitValuesIgnoreTheHighHalf) {
    const auto data = random_bytes(100, 7);
    const std::uint64_t low = GetParam().kernel(0x89ABCDEFU, data.data(), data.size());
    EXPECT_EQ(low & ~GetParam().mask, 0U);
    if (GetParam().mask == 0xFFFFFFFFU) {
        EXPECT_EQ(GetParam().kernel(0xFFFF'FFFF'89AB'CDEFULL, data.data(), data.size()), low);
    }
}

TEST_P(Slice16Test, EveryLengthAtEveryAlignment) {
    expect_every_length_at_every_alignment(GetParam().kernel, GetParam().reference, std::string(GetParam().name) + " ");
}

TEST_P(Slice16Test, AnyStartingValue) {
    const auto message = random_bytes(600, 2);
    std::mt19937_64 rng(3);
    for (std::size_t trial = 0; trial < 64; ++trial) {
        const std::uint64_t start = (trial == 0 ? ~0ULL : rng()) & GetParam().mask;
        const std::byte* const p = message.data() + trial % 8;  // shifting alignment
        std::uint64_t expected = start;
        for (std::size_t n = 0; n + 8 <= message.size(); ++n) {
            ASSERT_EQ(GetParam().kernel(start, p, n), expected) << "length " << n << " start " << std::hex << start;
            expected = GetParam().reference(expected, p + n, 1);
        }
    }
}

TEST_P(Slice16Test, RandomSplitsAgreeWithOneShot) {
    const auto message = random_bytes(70000, 4);
    std::mt19937_64 rng(5);
    for (int trial = 0; trial < 300; ++trial) {
        const std::size_t length = rng() % (trial < 200 ? 3000 : message.size());
        const std::size_t offset = rng() % 64;
        const std::size_t len = std::min(length, message.size() - offset);
        const std::byte* const p = message.data() + offset;
        const std::uint64_t expected = GetParam().reference(0, p, len);
        const std::uint64_t v = test::extend_in_random_pieces(GetParam().kernel, p, len, rng, 20000);
        ASSERT_EQ(v, expected) << "trial " << trial << " length " << len << " offset " << offset;
    }
}

TEST_P(Slice16Test, LargeInputs) {
    const auto& message = test::large_message();
    for (const std::size_t length : test::large_lengths) {
        for (const std::size_t offset : test::large_offsets) {
            EXPECT_EQ(GetParam().kernel(0, message.data() + offset, length),
                      GetParam().reference(0, message.data() + offset, length))
                << "length " << length << " offset " << offset;
        }
    }
}

std::string case_name(const ::testing::TestParamInfo<Case>& param) { return param.param.name; }

INSTANTIATE_TEST_SUITE_P(AllFour, Slice16Test, ::testing::ValuesIn(kCases), case_name);

}  // namespace
}  // namespace hashscope::crc
