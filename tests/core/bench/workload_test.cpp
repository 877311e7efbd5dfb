// The workloads on one buffer set take turns on one ring: each starts at the buffer after the last
// one any of them hashed, so that on a cold set every operation finds a buffer that has had time to
// leave the cache, whichever workload hashed before it. Short hot messages fill a page, so that
// every offset in a page comes round (buffers.hpp says why).
#include <gtest/gtest.h>

#include <bitset>
#include <cstdint>
#include <memory>

#include "bench/buffers.hpp"
#include "bench/workload.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::bench::detail {
namespace {

std::unique_ptr<Workload> workload_on(BufferSet& set, const Participant& participant) {
    auto made = make_workload(participant, Registry::host(), set, {Mode::oneshot, 0});
    EXPECT_TRUE(made) << (made ? "" : made.error().message);
    return made ? std::move(made.value()) : nullptr;
}

TEST(Workloads, OnAColdSetContinueWhereTheLastOneStopped) {
    // 4 MiB buffers in a pool of 64 MiB (four times the smallest last-level cache it assumes).
    BufferSet set(4U << 20, Placement::cold, 1, 1U << 20);
    ASSERT_EQ(set.count(), 16U);
    const auto harness = workload_on(set, {std::string(null_algorithm), std::string(null_implementation)});
    const auto crc = workload_on(set, {"crc32c", std::string(Registry::host().best("crc32c")->id)});
    ASSERT_TRUE(harness && crc);
    EXPECT_EQ(set.next(), 0U);
    harness->run(3);
    EXPECT_EQ(set.next(), 3U);
    crc->run(5);  // buffers 3 to 7, not 0 to 4, which the harness has just read
    EXPECT_EQ(set.next(), 8U);
    harness->run(set.count() + 9);  // once round the ring and past its end
    EXPECT_EQ(set.next(), 1U);
}

TEST(Buffers, ColdMessagesOfAnotherSizeAreCutFromOnePool) {
    // A pool of 64 MiB (four times the smallest last-level cache it assumes) in 4 MiB messages.
    const BufferSet pool(4U << 20, Placement::cold, 1, 1U << 20);
    ASSERT_EQ(pool.bytes(), std::size_t{64} << 20);
    const auto cut = BufferSet::cut_from(pool, 16U << 20, 1U << 20);
    ASSERT_TRUE(cut.has_value());
    EXPECT_TRUE(cut->cold());
    EXPECT_EQ(cut->size(), std::size_t{16} << 20);
    EXPECT_EQ(cut->count(), 4U);
    EXPECT_EQ(cut->buffer(0), pool.buffer(0));  // the same bytes, not a copy
    EXPECT_EQ(cut->buffer(1), pool.buffer(4));
    // Too few bytes for the pool a set of that size needs (two messages of 64 MiB), or hot bytes.
    EXPECT_FALSE(BufferSet::cut_from(pool, 64U << 20, 1U << 20).has_value());
    EXPECT_FALSE(BufferSet::cut_from(pool, 16U << 20, 64U << 20).has_value());
    EXPECT_FALSE(BufferSet::cut_from(BufferSet(64, Placement::hot, 1, 1U << 20), 64, 1U << 20).has_value());
}

TEST(Buffers, ShortHotMessagesStartAtEveryLineOfAPage) {
    for (const std::size_t size : {1U, 16U, 63U, 64U, 100U, 256U, 1000U, 1024U, 2048U}) {
        SCOPED_TRACE(size);
        const BufferSet set(size, Placement::hot, 1, 1U << 20);
        ASSERT_GE(set.count(), 2U);
        const auto span = static_cast<std::size_t>(set.buffer(set.count() - 1) - set.buffer(0)) + size;
        EXPECT_LE(span, BufferSet::kPage);         // a page of data: it stays in L1
        std::bitset<BufferSet::kPage / 64> lines;  // the lines of a page some message covers
        for (std::size_t i = 0; i < set.count(); ++i) {
            const auto at = reinterpret_cast<std::uintptr_t>(set.buffer(i));
            EXPECT_EQ(at % 64, 0U);
            for (std::uintptr_t byte = at; byte < at + size; byte += 64) lines.set(byte % BufferSet::kPage / 64);
        }
        EXPECT_TRUE(lines.all()) << lines;
    }
    EXPECT_EQ(BufferSet(2049, Placement::hot, 1, 1U << 20).count(), 1U);
}

TEST(Workloads, OnAShortHotSetGoRoundThePage) {
    BufferSet set(64, Placement::hot, 1, 1U << 20);
    ASSERT_EQ(set.count(), 64U);
    const auto harness = workload_on(set, {std::string(null_algorithm), std::string(null_implementation)});
    const auto crc = workload_on(set, {"crc32c", std::string(Registry::host().best("crc32c")->id)});
    ASSERT_TRUE(harness && crc);
    crc->run(100);  // once round and 36 more
    EXPECT_EQ(set.next(), 36U);
    harness->run(28);  // to the ring's end exactly
    EXPECT_EQ(set.next(), 0U);
    crc->run(3 * 64 + 1);
    EXPECT_EQ(set.next(), 1U);
    harness->run(0);
    EXPECT_EQ(set.next(), 1U);
}

TEST(Workloads, OnAHotSetAllHashTheOneBuffer) {
    BufferSet set(4096, Placement::hot, 1, 1U << 20);
    ASSERT_EQ(set.count(), 1U);
    const auto crc = workload_on(set, {"crc32c", std::string(Registry::host().best("crc32c")->id)});
    ASSERT_TRUE(crc);
    crc->run(7);
    EXPECT_EQ(set.next(), 0U);
}

}  // namespace
}  // namespace hashscope::bench::detail
