// SplitDigest: a message hashed as pieces — fed in random splits, in random piece order, partly
// from several threads — gives the digest the registry's hasher gives in one pass; and the BLAKE3
// subtree building blocks against the portable hasher.
#include "hashscope/split_digest.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "algorithms/blake3/blake3_kernel.hpp"
#include "algorithms/blake3/blake3_portable.hpp"
#include "algorithms/blake3/blake3_subtree.hpp"
#include "implementation_fixture.hpp"

namespace hashscope {
namespace {

constexpr std::uint64_t KiB = 1024;

std::vector<std::byte> random_bytes(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::byte> out(n);
    for (auto& b : out) b = static_cast<std::byte>(rng());
    return out;
}

// Update sizes of every scale: single bytes, sizes around BLAKE3's blocks and chunks, large runs.
std::size_t random_split(std::mt19937_64& rng, std::size_t left) {
    std::size_t n = 0;
    switch (rng() % 4) {
        case 0:
            n = 1 + rng() % 16;
            break;
        case 1:
            n = 1 + rng() % 2048;
            break;
        case 2:
            n = 1 + rng() % (64 * KiB);
            break;
        default:
            n = left;
            break;
    }
    return std::min(n, left);
}

void feed(SplitDigest::Piece& piece, std::span<const std::byte> bytes, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    while (!bytes.empty()) {
        const std::size_t n = random_split(rng, bytes.size());
        piece.update(bytes.first(n));
        bytes = bytes.subspan(n);
    }
}

std::span<const std::byte> piece_bytes(std::span<const std::byte> data, std::uint64_t piece_size, std::size_t i) {
    const std::size_t start = i * piece_size;
    return data.subspan(start, std::min<std::size_t>(piece_size, data.size() - start));
}

// Hashes `data` as pieces in a shuffled order; with `threads`, three jthreads take every third
// piece of that order and feed them at the same time.
Digest split_hash(const Implementation& impl, std::span<const std::byte> data, std::uint64_t piece_size,
                  std::uint64_t seed, bool threads) {
    auto made = SplitDigest::make(Registry::host(), impl.algorithm, impl.id, data.size(), piece_size);
    EXPECT_TRUE(made.ok()) << made.error().message;
    if (!made) return {};
    SplitDigest& split = *made.value();
    EXPECT_EQ(split.pieces(), std::max<std::size_t>(1, (data.size() + piece_size - 1) / piece_size));

    std::vector<std::size_t> order(split.pieces());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::mt19937_64 rng(seed);
    std::shuffle(order.begin(), order.end(), rng);

    if (!threads) {
        for (const std::size_t i : order) feed(split.piece(i), piece_bytes(data, piece_size, i), seed + i);
    } else {
        constexpr std::size_t kThreads = 3;
        // Each thread gets its piece references before starting, so no thread calls into `split`
        // other than through its own pieces.
        std::vector<std::vector<std::pair<SplitDigest::Piece*, std::size_t>>> work(kThreads);
        for (std::size_t k = 0; k < order.size(); ++k)
            work[k % kThreads].emplace_back(&split.piece(order[k]), order[k]);
        {
            std::vector<std::jthread> team;
            for (const auto& mine : work) {
                team.emplace_back([&mine, data, piece_size, seed] {
                    for (const auto& [piece, i] : mine) feed(*piece, piece_bytes(data, piece_size, i), seed + i);
                });
            }
        }  // joined here
    }
    return split.finish();
}

Digest one_shot(const Implementation& impl, std::span<const std::byte> data) {
    auto hasher = Registry::host().make_hasher(impl.algorithm, impl.id);
    EXPECT_TRUE(hasher.ok()) << hasher.error().message;
    if (!hasher) return {};
    hasher.value()->update(data);
    return hasher.value()->finish();
}

std::vector<const Implementation*> combinable_implementations() {
    std::vector<const Implementation*> out;
    for (const auto& impl : all_implementations()) {
        const auto* info = find_algorithm(impl.algorithm);
        if (info != nullptr && info->combinable) out.push_back(&impl);
    }
    return out;
}

class SplitDigestTest : public testing::TestWithParam<const Implementation*> {
protected:
    void SetUp() override {
        if (!Registry::host().available(*GetParam())) {
            GTEST_SKIP() << GetParam()->algorithm << " · " << GetParam()->id << " needs CPU features this CPU lacks";
        }
    }
};

TEST_P(SplitDigestTest, EqualsOneShotDigestForEverySize) {
    const Implementation& impl = *GetParam();
    std::mt19937_64 rng(0x5eed);
    // One buffer, prefixes of it: the largest case below is 16 pieces of 128 KiB.
    const auto data = random_bytes(16 * 128 * KiB + 1, 7);
    int case_no = 0;
    for (const std::uint64_t p : {64 * KiB, 128 * KiB}) {
        std::vector<std::uint64_t> sizes = {0, 1, 1023, 1024, 1025, p - 1, p, p + 1, 2 * p, 3 * p + 17, 16 * p};
        for (int r = 0; r < 4; ++r) sizes.push_back(rng() % (8 * p));
        for (const std::uint64_t size : sizes) {
            const auto message = std::span(data).first(static_cast<std::size_t>(size));
            const bool threads = (case_no++ % 2) == 1;
            const Digest expected = one_shot(impl, message);
            const Digest got = split_hash(impl, message, p, rng(), threads);
            EXPECT_EQ(got, expected) << impl.algorithm << " · " << impl.id << ", " << size << " bytes in pieces of "
                                     << p << (threads ? ", threads" : "") << ": " << got.hex() << " vs "
                                     << expected.hex();
        }
    }
}

TEST_P(SplitDigestTest, BestNamesTheSameResult) {
    const Implementation& impl = *GetParam();
    const auto data = random_bytes(5 * 64 * KiB + 3, 11);
    auto made = SplitDigest::make(Registry::host(), impl.algorithm, "best", data.size(), 64 * KiB);
    ASSERT_TRUE(made.ok()) << made.error().message;
    for (std::size_t i = 0; i < made.value()->pieces(); ++i) {
        made.value()->piece(i).update(piece_bytes(data, 64 * KiB, i));
    }
    EXPECT_EQ(made.value()->finish(), one_shot(impl, data));
}

INSTANTIATE_TEST_SUITE_P(Combinable, SplitDigestTest, testing::ValuesIn(combinable_implementations()),
                         test::implementation_name);

// ---------------------------------------------------------------------------------------------
// Errors and counts

TEST(SplitDigestMake, RefusesWhatCannotBeSplit) {
    const auto& registry = Registry::host();
    for (const char* algorithm : {"sha256", "md5", "blake2b", "xxh3"}) {
        auto made = SplitDigest::make(registry, algorithm, "best", 1 << 20, 64 * KiB);
        ASSERT_FALSE(made.ok()) << algorithm;
        EXPECT_NE(made.error().message.find("pieces"), std::string::npos) << made.error().message;
        EXPECT_FALSE(splittable(algorithm)) << algorithm;
    }
    auto unknown = SplitDigest::make(registry, "nope", "best", 1 << 20, 64 * KiB);
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().message.find("unknown algorithm"), std::string::npos) << unknown.error().message;
    EXPECT_FALSE(splittable("nope"));

    auto no_impl = SplitDigest::make(registry, "crc32", "nosuch", 1 << 20, 64 * KiB);
    ASSERT_FALSE(no_impl.ok());
    EXPECT_NE(no_impl.error().message.find("nosuch"), std::string::npos) << no_impl.error().message;
    EXPECT_FALSE(SplitDigest::make(registry, "blake3", "sse42", 1 << 20, 64 * KiB).ok());
}

TEST(SplitDigestMake, RefusesAnImplementationThisCpuLacks) {
    const Registry bare{CpuFeatureSet{}};
#if defined(HASHSCOPE_X86_KERNELS)
    const char* algorithm = "crc32c";
    const char* needy = "sse42";
#else
    const char* algorithm = "crc64xz";
    const char* needy = "isal";  // needs PMULL on aarch64
#endif
    auto made = SplitDigest::make(bare, algorithm, needy, 1 << 20, 64 * KiB);
    ASSERT_FALSE(made.ok());
    EXPECT_NE(made.error().message.find("lacks"), std::string::npos) << made.error().message;
    // "best" on that CPU is a portable one, which works.
    EXPECT_TRUE(SplitDigest::make(bare, algorithm, "best", 1 << 20, 64 * KiB).ok());
}

TEST(SplitDigestMake, PieceSizeIsAPowerOfTwoOfAtLeast64KiB) {
    const auto& registry = Registry::host();
    for (const std::uint64_t bad : {std::uint64_t{0}, std::uint64_t{1}, 1024 * std::uint64_t{1}, 32 * KiB, 64 * KiB - 1,
                                    64 * KiB + 1, 96 * KiB, 3 * 64 * KiB}) {
        for (const char* algorithm : {"crc32", "adler32", "blake3"}) {
            auto made = SplitDigest::make(registry, algorithm, "best", 1 << 20, bad);
            ASSERT_FALSE(made.ok()) << algorithm << " " << bad;
            EXPECT_NE(made.error().message.find("piece size"), std::string::npos) << made.error().message;
        }
    }
    for (const std::uint64_t good : {64 * KiB, 128 * KiB, std::uint64_t{1} << 30, std::uint64_t{1} << 40}) {
        EXPECT_TRUE(SplitDigest::make(registry, "blake3", "best", 1 << 20, good).ok()) << good;
    }
}

TEST(SplitDigestMake, CountsPieces) {
    const auto& registry = Registry::host();
    const std::uint64_t p = 64 * KiB;
    const std::uint64_t gib = std::uint64_t{1} << 30;
    struct Case {
        std::uint64_t total, piece_size;
        std::size_t pieces;
    };
    const Case cases[] = {
        {0, p, 1},          {1, p, 1},
        {p, p, 1},          {p + 1, p, 2},
        {3 * p + 17, p, 4}, {16 * p, p, 16},
        {16 * p, 2 * p, 8}, {(std::uint64_t{1} << 40) + 1, gib, 1025},  // more than 32 bits of bytes
    };
    for (const auto& c : cases) {
        for (const char* algorithm : {"crc64nvme", "blake3"}) {
            auto made = SplitDigest::make(registry, algorithm, "best", c.total, c.piece_size);
            ASSERT_TRUE(made.ok()) << made.error().message;
            EXPECT_EQ(made.value()->pieces(), c.pieces) << algorithm << " " << c.total;
        }
    }
    EXPECT_TRUE(splittable("crc32"));
    EXPECT_TRUE(splittable("ADLER32"));
    EXPECT_TRUE(splittable("blake3"));
}

TEST(SplitDigestMake, DigestKnowsItsAlgorithm) {
    const auto data = random_bytes(200 * KiB, 3);
    for (const char* algorithm : {"crc32", "crc64xz", "adler32", "blake3"}) {
        auto made = SplitDigest::make(Registry::host(), algorithm, "best", data.size(), 64 * KiB);
        ASSERT_TRUE(made.ok()) << made.error().message;
        for (std::size_t i = 0; i < made.value()->pieces(); ++i) {
            made.value()->piece(i).update(piece_bytes(data, 64 * KiB, i));
        }
        const Digest d = made.value()->finish();
        EXPECT_EQ(d.algorithm(), algorithm);
        EXPECT_EQ(d.size(), find_algorithm(algorithm)->digest_size);
    }
}

// ---------------------------------------------------------------------------------------------
// The BLAKE3 subtree building blocks

using blake3::detail::ChainingValue;

std::array<std::uint8_t, blake3::out_size> portable_hash(std::span<const std::byte> data) {
    blake3::Hasher h;
    h.update(data.data(), data.size());
    std::array<std::uint8_t, blake3::out_size> out{};
    h.finalize(out);
    return out;
}

// The BLAKE3 kernels this CPU can run, the portable one included.
std::vector<const blake3::Kernel*> host_kernels() {
    std::vector<const blake3::Kernel*> out;
    for (const auto* row : Registry::host().implementations_of("blake3")) {
        const blake3::Kernel* kernel = blake3::kernel_for(row->id);
        if (kernel != nullptr && Registry::host().available(*row)) out.push_back(kernel);
    }
    return out;
}

ChainingValue subtree_cv(const blake3::Kernel& kernel, std::span<const std::byte> bytes, std::uint64_t first_chunk,
                         std::uint64_t seed) {
    blake3::SubtreeHasher subtree(kernel, first_chunk);
    std::mt19937_64 rng(seed);
    while (!bytes.empty()) {
        const std::size_t n = random_split(rng, bytes.size());
        subtree.update(reinterpret_cast<const std::uint8_t*>(bytes.data()), n);
        bytes = bytes.subspan(n);
    }
    return subtree.chaining_value();
}

// The root's two children: the left one of the largest power of two of chunks that leaves at
// least one byte, the right one the rest — around every power of two up to 256 chunks.
TEST(Blake3Subtree, EveryRowHasAKernelAndTheHostRunsSeveral) {
    for (const auto* row : Registry::host().implementations_of("blake3")) {
        const blake3::Kernel* kernel = blake3::kernel_for(row->id);
        ASSERT_NE(kernel, nullptr) << row->id;
        EXPECT_EQ(kernel->id, row->id);
    }
    EXPECT_EQ(blake3::kernel_for("sha256"), nullptr);
    EXPECT_GE(host_kernels().size(), 1u);
}

TEST(Blake3Subtree, TwoChildrenMakeTheRootAroundPowersOfTwo) {
    const auto data = random_bytes(260 * KiB, 5);
    std::vector<std::size_t> totals;
    for (std::size_t chunks = 1; chunks <= 256; chunks *= 2) {
        for (const std::size_t t : {chunks * KiB - 1, chunks * KiB, chunks * KiB + 1, chunks * KiB + 1023,
                                    chunks * KiB + 1024, chunks * KiB + 1025}) {
            if (t > KiB) totals.push_back(t);  // one chunk or less is a lone root
        }
    }
    for (const auto* kernel : host_kernels()) {
        for (const std::size_t total : totals) {
            const auto message = std::span(data).first(total);
            const std::size_t left_chunks = std::bit_floor((total - 1) / KiB);
            const std::size_t cut = left_chunks * KiB;
            const std::array<ChainingValue, 2> cvs = {
                subtree_cv(*kernel, message.first(cut), 0, total),
                subtree_cv(*kernel, message.subspan(cut), left_chunks, total + 1)};
            EXPECT_EQ(blake3::root_from_subtrees(cvs), portable_hash(message))
                << kernel->id << ", " << total << " bytes";
        }
    }
}

// Many subtrees of 1, 2 and 4 chunks each (the last one partial or full): the join follows the
// tree rule for every count, not only powers of two.
TEST(Blake3Subtree, ManyEqualSubtreesJoinIntoTheRoot) {
    const auto data = random_bytes(4 * 17 * KiB, 9);
    for (const auto* kernel : host_kernels()) {
        for (const std::size_t chunks : {std::size_t{1}, std::size_t{2}, std::size_t{4}}) {
            const std::size_t piece = chunks * KiB;
            const std::size_t max_count = chunks == 1 ? 33 : 17;  // past 32 and 16: a fifth and sixth level
            for (std::size_t count = 2; count <= max_count; ++count) {
                for (const std::size_t last : {std::size_t{1}, piece / 2 + 7, piece}) {
                    const std::size_t total = (count - 1) * piece + last;
                    const auto message = std::span(data).first(total);
                    std::vector<ChainingValue> cvs;
                    for (std::size_t i = 0; i < count; ++i) {
                        const auto bytes = message.subspan(i * piece, std::min(piece, total - i * piece));
                        cvs.push_back(subtree_cv(*kernel, bytes, i * chunks, i));
                    }
                    EXPECT_EQ(blake3::root_from_subtrees(cvs), portable_hash(message))
                        << kernel->id << ": " << count << " subtrees of " << chunks << " chunks, last " << last
                        << " bytes";
                }
            }
        }
    }
}

TEST(Blake3Subtree, ChainingValueDoesNotChangeTheState) {
    const auto data = random_bytes(5000, 13);
    for (const auto* kernel : host_kernels()) {
        blake3::SubtreeHasher subtree(*kernel, 4);
        subtree.update(reinterpret_cast<const std::uint8_t*>(data.data()), 3000);
        const ChainingValue early = subtree.chaining_value();
        EXPECT_EQ(subtree.chaining_value(), early);
        subtree.update(reinterpret_cast<const std::uint8_t*>(data.data()) + 3000, 2000);
        EXPECT_EQ(subtree.size(), 5000u);
        EXPECT_EQ(subtree.chaining_value(), subtree_cv(blake3::portable_kernel(), data, 4, 1)) << kernel->id;
        EXPECT_NE(subtree.chaining_value(), early);
    }
}

// Pieces of the sizes the verifier uses (whole subtrees of 256 KiB and more, where the kernels'
// wide path and its recursion run), at chunk offsets far into a message: every kernel gives the
// portable kernel's chaining value, fed whole or in random splits.
TEST(Blake3Subtree, KernelsAgreeOnLargeSubtreesAtAnyOffset) {
    const auto data = random_bytes(1024 * KiB + 3 * KiB + 5, 17);
    // 2^32 - 8: the low words of the lanes' counters wrap inside a batch.
    const std::uint64_t first_chunks[] = {0, 1024, (std::uint64_t{1} << 32) - 8, (std::uint64_t{1} << 40) + 2048};
    for (const std::size_t size : {std::size_t{1024 * KiB}, std::size_t{512 * KiB + 3 * KiB + 5}, data.size()}) {
        const auto bytes = std::span(data).first(size);
        for (const std::uint64_t first : first_chunks) {
            const ChainingValue expected = subtree_cv(blake3::portable_kernel(), bytes, first, 0);
            for (const auto* kernel : host_kernels()) {
                blake3::SubtreeHasher whole(*kernel, first);
                whole.update(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
                EXPECT_EQ(whole.chaining_value(), expected)
                    << kernel->id << ", " << size << " bytes at chunk " << first;
                EXPECT_EQ(subtree_cv(*kernel, bytes, first, size + first), expected)
                    << kernel->id << ", split, " << size << " bytes at chunk " << first;
            }
        }
    }
}

}  // namespace
}  // namespace hashscope
