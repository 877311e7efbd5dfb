// The workloads on one buffer set take turns on one ring: each starts at the buffer after the last
// one any of them hashed, so that on a cold set every operation finds a buffer that has had time to
// leave the cache, whichever workload hashed before it.
#include <gtest/gtest.h>

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
