// The Hasher base's small-update buffer (hasher.hpp): whatever the split, the implementation sees
// the message's bytes in order and never an empty piece; small updates reach it in batches, long
// ones straight away; finish() hands over what is buffered; reset() forgets it.
#include <gtest/gtest.h>

#include <cstddef>
#include <random>
#include <vector>

#include "hashscope/hasher.hpp"

namespace hashscope {
namespace {

// Records what the base hands on.
class RecordingHasher final : public Hasher {
public:
    std::vector<std::byte> seen;
    std::vector<std::size_t> pieces;  // the length of each do_update call
    int resets = 0;

protected:
    void do_update(std::span<const std::byte> data) override {
        seen.insert(seen.end(), data.begin(), data.end());
        pieces.push_back(data.size());
    }
    Digest do_finish() override { return Digest::from_u32("crc32", static_cast<std::uint32_t>(seen.size())); }
    void do_reset() override {
        seen.clear();
        pieces.clear();
        ++resets;
    }
};

std::vector<std::byte> message(std::size_t n) {
    std::vector<std::byte> m(n);
    for (std::size_t i = 0; i < n; ++i) m[i] = static_cast<std::byte>(i * 131 + 7);
    return m;
}

TEST(Hasher, ByteAtATimeArrivesInBatchesOf512) {
    const auto m = message(4096 + 3);
    RecordingHasher h;
    for (std::byte b : m) h.update({&b, 1});
    EXPECT_EQ(h.pieces, std::vector<std::size_t>(8, 512)) << "nothing is handed on before a batch is full";
    (void)h.finish();
    EXPECT_EQ(h.pieces.back(), 3u) << "finish() hands on the rest";
    EXPECT_EQ(h.seen, m);
}

TEST(Hasher, LongUpdatesGoStraightThroughAfterWhatIsBuffered) {
    const auto m = message(1000);
    RecordingHasher h;
    h.update({m.data(), 64});  // long enough: no copy
    EXPECT_EQ(h.pieces, (std::vector<std::size_t>{64}));
    h.update({m.data() + 64, 10});  // buffered
    EXPECT_EQ(h.pieces.size(), 1u);
    h.update({m.data() + 74, 900});  // the 10 first, then the 900 as they are
    EXPECT_EQ(h.pieces, (std::vector<std::size_t>{64, 10, 900}));
    h.update({m.data() + 974, 26});
    (void)h.finish();
    EXPECT_EQ(h.pieces.back(), 26u);
    EXPECT_EQ(h.seen, m);
}

TEST(Hasher, ASmallUpdateThatDoesNotFitStartsTheNextBatch) {
    const auto m = message(600);
    RecordingHasher h;
    std::size_t at = 0;
    for (; at + 63 <= 504; at += 63) h.update({m.data() + at, 63});  // 8 × 63 = 504 buffered
    ASSERT_EQ(at, 504u);
    EXPECT_TRUE(h.pieces.empty());
    h.update({m.data() + at, 9});  // 513 > 512: the 504 go, the 9 wait
    at += 9;
    EXPECT_EQ(h.pieces, (std::vector<std::size_t>{504}));
    h.update({m.data() + at, 600 - at});
    (void)h.finish();
    EXPECT_EQ(h.seen, m);
}

TEST(Hasher, EmptyUpdatesAndEmptyMessagesHandOnNothing) {
    RecordingHasher h;
    h.update({});
    (void)h.finish();
    EXPECT_TRUE(h.pieces.empty());
}

TEST(Hasher, ResetForgetsBufferedBytes) {
    const auto m = message(100);
    RecordingHasher h;
    h.update({m.data(), 30});
    h.reset();
    h.update({m.data() + 30, 20});
    (void)h.finish();
    EXPECT_EQ(h.seen, std::vector<std::byte>(m.begin() + 30, m.begin() + 50));
}

TEST(Hasher, RandomSplitsKeepEveryByteInOrder) {
    std::mt19937 rng(12345);
    for (int round = 0; round < 200; ++round) {
        const auto m = message(std::uniform_int_distribution<std::size_t>(0, 5000)(rng));
        RecordingHasher h;
        std::size_t at = 0;
        while (at < m.size()) {
            // Mostly small pieces around the 64-byte threshold, sometimes long ones.
            const std::size_t want = rng() % 4 == 0 ? rng() % 1500 : rng() % 130;
            const std::size_t n = std::min(want, m.size() - at);
            h.update({m.data() + at, n});
            at += n;
        }
        (void)h.finish();
        EXPECT_EQ(h.seen, m) << "round " << round;
        for (std::size_t p : h.pieces) EXPECT_NE(p, 0u);
    }
}

}  // namespace
}  // namespace hashscope
