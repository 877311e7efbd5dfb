// The SSE4.2 CRC-32C kernel against the byte-at-a-time reference (crc_table.hpp): the check value,
// every length 0..4096 at every alignment 0..63 (each input ends exactly at the end of its
// allocation, so a sanitizer sees any over-read), any starting value, random splits into successive
// extend calls, the lengths around the three-way blocks, and a few large inputs. Skipped, saying
// why, on a CPU without SSE4.2.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <random>
#include <set>
#include <string_view>
#include <vector>

#include "algorithms/crc/crc32c_sse42.hpp"
#include "algorithms/crc/crc_table.hpp"
#include "crc_test_support.hpp"

namespace hashscope::crc {
namespace {

std::uint64_t reference(std::uint64_t v, const std::byte* p, std::size_t n) {
    return crc32c_table_extend(static_cast<std::uint32_t>(v), p, n);
}

using test::expect_every_length_at_every_alignment;
using test::random_bytes;

class Crc32cSse42Test : public ::testing::Test {
protected:
    void SetUp() override {
        if (!__builtin_cpu_supports("sse4.2"))
            GTEST_SKIP() << "this CPU lacks SSE4.2: the crc32 instruction kernel cannot run";
    }
};

TEST_F(Crc32cSse42Test, CheckValue) {
    const std::string_view check = "123456789";
    const auto* p = reinterpret_cast<const std::byte*>(check.data());
    EXPECT_EQ(extend_crc32c_sse42(0, p, check.size()), 0xE3069283U);
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < check.size(); ++i) v = extend_crc32c_sse42(v, p + i, 1);
    EXPECT_EQ(v, 0xE3069283U);
    EXPECT_EQ(extend_crc32c_sse42(0, p, 0), 0U);
    EXPECT_EQ(extend_crc32c_sse42(0x1234, nullptr, 0), 0x1234U);
}

TEST_F(Crc32cSse42Test, ValueTravelsInTheLowHalf) {
    const auto data = random_bytes(5000, 7);
    for (const std::size_t n : {std::size_t{0}, std::size_t{5}, std::size_t{100}, std::size_t{5000}}) {
        const std::uint64_t low = extend_crc32c_sse42(0x89ABCDEFU, data.data(), n);
        EXPECT_EQ(low >> 32, 0U);
        EXPECT_EQ(extend_crc32c_sse42(0xFFFF'FFFF'89AB'CDEFULL, data.data(), n), low);
    }
}

TEST_F(Crc32cSse42Test, EveryLengthAtEveryAlignment) {
    expect_every_length_at_every_alignment(extend_crc32c_sse42, reference, "");
}

TEST_F(Crc32cSse42Test, AnyStartingValue) {
    // Long enough for passes of the three smallest rungs.
    const auto message = random_bytes(3 * crc32c_sse42_blocks[crc32c_sse42_blocks.size() - 3] + 600, 2);
    std::mt19937_64 rng(3);
    for (std::size_t trial = 0; trial < 32; ++trial) {
        const std::uint64_t start = trial == 0 ? 0xFFFFFFFFU : rng() & 0xFFFFFFFFU;
        const std::byte* const p = message.data() + trial % 8;  // shifting alignment
        std::uint64_t expected = start;
        for (std::size_t n = 0; n + 8 <= message.size(); ++n) {
            ASSERT_EQ(extend_crc32c_sse42(start, p, n), expected) << "length " << n << " start " << std::hex << start;
            expected = reference(expected, p + n, 1);
        }
    }
}

// Lengths where the three-way passes start, repeat and hand over to the next rung: each block ±
// 1, 2, 7, 8, 9 bytes and its multiples (the small rungs up to 12×, so that 3×block ± d and several
// passes are in), and sums of passes of several rungs at once.
TEST_F(Crc32cSse42Test, LengthsAroundTheStreamBlocks) {
    std::set<std::size_t> lengths;
    for (const std::size_t block : crc32c_sse42_blocks) {
        const std::size_t multiples = block <= 5184 ? 12 : 4;
        for (std::size_t m = 1; m <= multiples; ++m) {
            for (const std::size_t d : {0, 1, 2, 7, 8, 9}) {
                lengths.insert(m * block + d);
                lengths.insert(m * block - d);
            }
        }
    }
    std::size_t all_once = 0;     // one pass of every rung
    std::size_t small_twice = 0;  // two passes of every rung up to 5184
    for (const std::size_t block : crc32c_sse42_blocks) {
        all_once += 3 * block;
        if (block <= 5184) small_twice += 6 * block;
    }
    for (const std::size_t base :
         {all_once, small_twice, 3 * crc32c_sse42_blocks[0] + 3 * crc32c_sse42_blocks.back()}) {
        for (const std::size_t d : {0, 1, 2, 7, 8, 9}) {
            lengths.insert(base + d);
            lengths.insert(base - d);
        }
    }
    const std::size_t longest = *lengths.rbegin();
    const auto message = random_bytes(longest + 64, 8);
    for (const std::size_t n : lengths) {
        const bool small = n < 20000;
        for (const std::size_t offset : {0, 1, 5, 8}) {
            if (!small && offset != 5) continue;
            const std::byte* const p = message.data() + offset;
            EXPECT_EQ(extend_crc32c_sse42(0, p, n), reference(0, p, n)) << "length " << n << " offset " << offset;
            if (small) {
                EXPECT_EQ(extend_crc32c_sse42(0x5EED, p, n), reference(0x5EED, p, n))
                    << "length " << n << " offset " << offset << " from 0x5eed";
            }
        }
    }
}

TEST_F(Crc32cSse42Test, RandomSplitsAgreeWithOneShot) {
    const auto message = random_bytes(1300000, 4);  // a few passes of even the largest rung
    std::mt19937_64 rng(5);
    for (int trial = 0; trial < 300; ++trial) {
        const std::size_t limit = trial < 200 ? 3000 : trial < 290 ? 70000 : message.size();
        const std::size_t offset = rng() % 64;
        const std::size_t len = std::min<std::size_t>(rng() % limit, message.size() - offset);
        const std::byte* const p = message.data() + offset;
        const std::uint64_t expected = reference(0, p, len);
        const std::uint64_t v = test::extend_in_random_pieces(extend_crc32c_sse42, p, len, rng, limit / 2);
        ASSERT_EQ(v, expected) << "trial " << trial << " length " << len << " offset " << offset;
    }
}

TEST_F(Crc32cSse42Test, LargeInputs) {
    const auto& message = test::large_message();
    for (const std::size_t length : test::large_lengths) {
        for (const std::size_t offset : test::large_offsets) {
            EXPECT_EQ(extend_crc32c_sse42(0, message.data() + offset, length),
                      reference(0, message.data() + offset, length))
                << "length " << length << " offset " << offset;
        }
    }
}

}  // namespace
}  // namespace hashscope::crc
