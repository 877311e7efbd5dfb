// Tests of the portable BLAKE3 against the official test vectors, plus the
// incremental-API properties (splits, seek, finalize-then-continue, reset, copy).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/blake3/blake3_portable.hpp"
#include "blake3_vectors.hpp"

namespace {

namespace b3 = hashscope::blake3;
using namespace hashscope::test::blake3_vectors;

b3::Hasher make_hasher(Mode mode) {
    switch (mode) {
        case Mode::hash:
            return b3::Hasher();
        case Mode::keyed_hash: {
            const std::string& key = vectors().key;
            if (key.size() != b3::key_size) throw std::runtime_error("test key is not 32 bytes");
            std::array<std::uint8_t, b3::key_size> key_bytes;
            std::copy(key.begin(), key.end(), key_bytes.begin());
            return b3::Hasher::keyed(key_bytes);
        }
        case Mode::derive_key:
            return b3::Hasher::derive_key(vectors().context);
    }
    throw std::logic_error("bad mode");
}

Bytes finalize(const b3::Hasher& hasher, std::size_t len, std::uint64_t seek = 0) {
    Bytes out(len);
    hasher.finalize(out, seek);
    return out;
}

Bytes prefix(const Bytes& bytes, std::size_t len) { return Bytes(bytes.begin(), bytes.begin() + len); }

// Feeds `input` in pieces whose sizes come from `next_size` (clamped to what is left).
template <typename NextSize>
void feed_in_pieces(b3::Hasher& hasher, const Bytes& input, NextSize next_size) {
    std::size_t pos = 0;
    while (pos < input.size()) {
        const std::size_t n = std::min(next_size(), input.size() - pos);
        hasher.update(input.data() + pos, n);
        pos += n;
    }
}

// Runs `check(c, input, mode)` for every official vector in every mode, traced by both.
template <typename Check>
void for_every_vector(Check check) {
    for (const auto& c : vectors().cases) {
        const Bytes input = make_input(c.input_len);
        for (Mode mode : all_modes) {
            SCOPED_TRACE(testing::Message() << "input_len=" << c.input_len << " mode=" << mode_name(mode));
            check(c, input, mode);
        }
    }
}

// A hasher of `mode` that has taken all of `input` at once.
b3::Hasher hashed_at_once(Mode mode, const Bytes& input) {
    b3::Hasher hasher = make_hasher(mode);
    hasher.update(input.data(), input.size());
    return hasher;
}

TEST(Blake3Portable, VectorFileLoads) {
    const auto& v = vectors();
    ASSERT_EQ(v.key.size(), b3::key_size);
    ASSERT_FALSE(v.cases.empty());
    for (const auto& c : v.cases) {
        for (Mode mode : all_modes) {
            ASSERT_GT(c.expected(mode).size(), b3::out_size) << c.input_len << " " << mode_name(mode);
        }
    }
}

TEST(Blake3Portable, OfficialVectorsOneShot) {
    for_every_vector([](const Case& c, const Bytes& input, Mode mode) {
        const Bytes& expected = c.expected(mode);
        const b3::Hasher hasher = hashed_at_once(mode, input);
        EXPECT_EQ(finalize(hasher, b3::out_size), prefix(expected, b3::out_size));
        EXPECT_EQ(finalize(hasher, expected.size()), expected);
    });
}

TEST(Blake3Portable, OneByteUpdates) {
    for_every_vector([](const Case& c, const Bytes& input, Mode mode) {
        b3::Hasher hasher = make_hasher(mode);
        feed_in_pieces(hasher, input, [] { return std::size_t{1}; });
        EXPECT_EQ(finalize(hasher, c.expected(mode).size()), c.expected(mode));
    });
}

TEST(Blake3Portable, RandomSizedUpdates) {
    std::mt19937 rng(20240501);  // fixed seed: reproducible splits
    // Sizes up to a bit over two chunks so pieces both start mid-block and span chunks.
    std::uniform_int_distribution<std::size_t> size_dist(0, 2 * b3::chunk_size + 100);
    std::uniform_int_distribution<std::size_t> small_dist(0, 2 * b3::block_size + 1);
    for_every_vector([&](const Case& c, const Bytes& input, Mode mode) {
        for (int trial = 0; trial < 3; ++trial) {
            auto& dist = (trial % 2 == 0) ? size_dist : small_dist;
            b3::Hasher hasher = make_hasher(mode);
            feed_in_pieces(hasher, input, [&] { return dist(rng); });
            EXPECT_EQ(finalize(hasher, c.expected(mode).size()), c.expected(mode)) << "trial " << trial;
        }
    });
}

TEST(Blake3Portable, ZeroLengthUpdateIsNoOp) {
    const Case& c = vectors().find(1025);
    const Bytes input = make_input(c.input_len);
    b3::Hasher hasher;
    hasher.update(nullptr, 0);
    hasher.update(input.data(), 1024);
    hasher.update(input.data() + 1024, 0);  // at a chunk boundary: must not close the chunk
    hasher.update(input.data() + 1024, 1);
    hasher.update(nullptr, 0);
    EXPECT_EQ(finalize(hasher, c.hash.size()), c.hash);
}

TEST(Blake3Portable, SeekReturnsSliceOfLongOutput) {
    for_every_vector([](const Case& c, const Bytes& input, Mode mode) {
        const Bytes& expected = c.expected(mode);
        const b3::Hasher hasher = hashed_at_once(mode, input);
        for (std::size_t seek : {0, 1, 31, 32, 63, 64, 65, 100, 127, 128, 130}) {
            for (std::size_t len : {0, 1, 3, 32, 64, 67}) {
                const std::size_t n = std::min(len, expected.size() - seek);
                const Bytes want(expected.begin() + seek, expected.begin() + seek + n);
                EXPECT_EQ(finalize(hasher, n, seek), want) << "seek=" << seek << " len=" << n;
            }
        }
    });
}

TEST(Blake3Portable, SeekIsConsistentFarIntoTheStream) {
    // No official vectors here; check that slices agree with each other, across
    // block boundaries and with block counters above 2^32.
    const Bytes input = make_input(3073);
    b3::Hasher hasher;
    hasher.update(input.data(), input.size());
    const Bytes long_out = finalize(hasher, 1000);
    for (std::size_t seek = 0; seek < 1000; seek += 37) {
        const std::size_t n = std::min<std::size_t>(150, 1000 - seek);
        EXPECT_EQ(finalize(hasher, n, seek), Bytes(long_out.begin() + seek, long_out.begin() + seek + n))
            << "seek=" << seek;
    }
    for (std::uint64_t base : {std::uint64_t{1} << 38, (std::uint64_t{1} << 63) + 5, ~std::uint64_t{0} - 300}) {
        const Bytes whole = finalize(hasher, 200, base);
        EXPECT_EQ(finalize(hasher, 100, base + 100), Bytes(whole.begin() + 100, whole.end())) << base;
        EXPECT_EQ(finalize(hasher, 7, base + 61), Bytes(whole.begin() + 61, whole.begin() + 68)) << base;
    }
}

TEST(Blake3Portable, FinalizeDoesNotDisturbUpdates) {
    // Split points on and around block and chunk boundaries, where lazy
    // finalization of the last block/chunk matters most.
    const std::size_t splits[] = {0, 1, 63, 64, 65, 1023, 1024, 1025, 2048, 3072, 4096, 5000};
    for (std::size_t len : {1025, 3073, 8193, 102400}) {
        const Case& c = vectors().find(len);
        const Bytes input = make_input(len);
        for (Mode mode : all_modes) {
            for (std::size_t split : splits) {
                if (split > len) continue;
                SCOPED_TRACE(testing::Message() << "len=" << len << " split=" << split << " mode=" << mode_name(mode));
                b3::Hasher hasher = make_hasher(mode);
                hasher.update(input.data(), split);
                const Bytes early = finalize(hasher, b3::out_size);
                EXPECT_EQ(finalize(hasher, b3::out_size), early) << "finalize must be repeatable";
                hasher.update(input.data() + split, len - split);
                EXPECT_EQ(finalize(hasher, c.expected(mode).size()), c.expected(mode));
            }
        }
    }
}

TEST(Blake3Portable, ResetStartsOverWithSameMode) {
    const Case& c = vectors().find(2049);
    const Bytes input = make_input(c.input_len);
    const Bytes junk(5000, 0xAB);
    for (Mode mode : all_modes) {
        SCOPED_TRACE(mode_name(mode));
        b3::Hasher hasher = make_hasher(mode);
        hasher.update(junk.data(), junk.size());
        hasher.reset();
        EXPECT_EQ(finalize(hasher, c.expected(mode).size()), vectors().find(0).expected(mode));
        hasher.update(input.data(), input.size());
        EXPECT_EQ(finalize(hasher, c.expected(mode).size()), c.expected(mode));
        hasher.reset();
        hasher.update(input.data(), input.size());
        EXPECT_EQ(finalize(hasher, c.expected(mode).size()), c.expected(mode));
    }
}

TEST(Blake3Portable, CopyContinuesIndependently) {
    // The input of a shorter vector is a prefix of a longer one's, so a copy
    // taken at the shorter length can be checked against both.
    const std::pair<std::size_t, std::size_t> pairs[] = {
        {0, 65}, {64, 1025}, {1024, 2049}, {4096, 8193}, {8192, 102400}};
    for (const auto& [short_len, long_len] : pairs) {
        const Case& short_case = vectors().find(short_len);
        const Case& long_case = vectors().find(long_len);
        const Bytes input = make_input(long_len);
        for (Mode mode : all_modes) {
            SCOPED_TRACE(testing::Message() << short_len << "->" << long_len << " mode=" << mode_name(mode));
            b3::Hasher original = make_hasher(mode);
            original.update(input.data(), short_len);
            b3::Hasher copy = original;
            original.update(input.data() + short_len, long_len - short_len);
            EXPECT_EQ(finalize(original, long_case.expected(mode).size()), long_case.expected(mode));
            EXPECT_EQ(finalize(copy, short_case.expected(mode).size()), short_case.expected(mode));
            copy.update(input.data() + short_len, long_len - short_len);
            EXPECT_EQ(finalize(copy, long_case.expected(mode).size()), long_case.expected(mode));

            b3::Hasher assigned;
            assigned = original;  // copy assignment, then diverge
            assigned.reset();
            EXPECT_EQ(finalize(original, long_case.expected(mode).size()), long_case.expected(mode));
        }
    }
}

TEST(Blake3Portable, DeriveKeyContextIsHashedFirst) {
    // Different contexts must give different keys for the same material.
    const Bytes material = make_input(100);
    b3::Hasher a = b3::Hasher::derive_key("context A");
    b3::Hasher b = b3::Hasher::derive_key("context B");
    a.update(material.data(), material.size());
    b.update(material.data(), material.size());
    EXPECT_NE(finalize(a, b3::out_size), finalize(b, b3::out_size));
}

}  // namespace
