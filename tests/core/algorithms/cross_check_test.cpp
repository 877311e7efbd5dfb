// Every implementation against the reference implementation of the same algorithm, on random data
// of every length 0..4096, at shifting alignments, fed whole, in random splits and byte by byte.
#include <algorithm>
#include <map>
#include <random>

#include "implementation_fixture.hpp"

namespace hashscope::test {
namespace {

constexpr std::size_t kMaxLength = 4096;
constexpr std::size_t kMaxAlignment = 64;

// Our own portable code (own, needing no CPU feature) is the reference where it exists; else
// OpenSSL where it has the algorithm (the SHA-NI kernels are checked against it); else the library
// row of lowest priority that needs no CPU feature.
const Implementation* reference_for(std::string_view algorithm) {
    const auto rows = Registry::host().implementations_of(algorithm);
    const auto portable = [](auto* r) { return r->needs.empty(); };
    const auto own =
        std::find_if(rows.rbegin(), rows.rend(), [&](auto* r) { return r->backend == "own" && portable(r); });
    if (own != rows.rend()) return *own;
    const auto openssl = std::find_if(rows.begin(), rows.end(), [](auto* r) { return r->backend == "openssl"; });
    if (openssl != rows.end()) return *openssl;
    return *std::find_if(rows.rbegin(), rows.rend(), portable);
}

const std::vector<std::byte>& random_bytes() {
    static const std::vector<std::byte> data = [] {
        std::mt19937_64 rng(0x4a5348u);
        std::vector<std::byte> bytes(kMaxLength + kMaxAlignment);
        for (auto& b : bytes) b = static_cast<std::byte>(rng());
        return bytes;
    }();
    return data;
}

// Reference digests of random_bytes()[0, len) for every len, computed once per algorithm.
const std::vector<std::string>& reference_digests(std::string_view algorithm) {
    static std::map<std::string_view, std::vector<std::string>> cache;
    auto& digests = cache[algorithm];
    if (digests.empty()) {
        auto hasher = Registry::host().make_hasher(algorithm, reference_for(algorithm)->id).value();
        const auto& data = random_bytes();
        for (std::size_t len = 0; len <= kMaxLength; ++len) {
            hasher->reset();
            hasher->update(std::span(data.data(), len));
            digests.push_back(hasher->finish().hex());
        }
    }
    return digests;
}

TEST_P(ImplementationTest, AgreesWithReferenceAtEveryLengthAndAlignment) {
    const auto& expected = reference_digests(GetParam()->algorithm);
    std::vector<std::byte> shifted(kMaxLength + kMaxAlignment);
    for (std::size_t len = 0; len <= kMaxLength; ++len) {
        // The same bytes placed at alignment len % 64 of a 64-byte aligned-ish buffer.
        const std::size_t align = len % kMaxAlignment;
        std::copy_n(random_bytes().begin(), len, shifted.begin() + static_cast<std::ptrdiff_t>(align));
        ASSERT_EQ(hex_of(std::span(shifted.data() + align, len)), expected[len])
            << "length " << len << ", offset " << align;
    }
}

TEST_P(ImplementationTest, AnySplitGivesTheSameDigest) {
    const auto& expected = reference_digests(GetParam()->algorithm);
    const auto& data = random_bytes();
    std::mt19937 rng(20261130);
    for (std::size_t len = 0; len <= kMaxLength; len += (len < 300 ? 1 : 37)) {
        hasher_->reset();
        std::size_t at = 0;
        while (at < len) {
            const std::size_t piece = std::min<std::size_t>(len - at, rng() % 200);  // includes empty updates
            hasher_->update(std::span(data.data() + at, piece));
            at += piece;
        }
        ASSERT_EQ(hasher_->finish().hex(), expected[len]) << "length " << len;
    }
}

TEST_P(ImplementationTest, ByteAtATimeGivesTheSameDigest) {
    const auto& expected = reference_digests(GetParam()->algorithm);
    const auto& data = random_bytes();
    for (std::size_t len : {1UL, 63UL, 64UL, 65UL, 1023UL, 1024UL, 1025UL, 4096UL}) {
        hasher_->reset();
        for (std::size_t i = 0; i < len; ++i) hasher_->update(std::span(data.data() + i, 1));
        ASSERT_EQ(hasher_->finish().hex(), expected[len]) << "length " << len;
    }
}

// Hashers that collect small updates (value checksums, OpenSSL, our block digests, XXH3) must copy
// them: a caller may reuse its buffer as soon as update() returns, as the verifier's reader does.
TEST_P(ImplementationTest, UpdatesDoNotKeepTheCallersMemory) {
    const auto& expected = reference_digests(GetParam()->algorithm);
    const auto& data = random_bytes();
    std::mt19937 rng(4096);
    std::vector<std::byte> scratch(kMaxLength);
    for (std::size_t len : {100UL, 241UL, 1000UL, 4096UL}) {
        hasher_->reset();
        std::size_t at = 0;
        while (at < len) {
            const bool small = rng() % 2 != 0;  // tiny pieces (collected) and larger ones, mixed
            const std::size_t piece = std::min<std::size_t>(len - at, 1 + rng() % (small ? 8 : 300));
            std::copy_n(data.begin() + static_cast<std::ptrdiff_t>(at), piece, scratch.begin());
            hasher_->update(std::span(scratch.data(), piece));
            std::fill(scratch.begin(), scratch.end(), std::byte{0xA5});  // what a reader's next block would do
            at += piece;
        }
        ASSERT_EQ(hasher_->finish().hex(), expected[len]) << "length " << len;
    }
}

TEST_P(ImplementationTest, ResetStartsAFreshMessage) {
    const auto& expected = reference_digests(GetParam()->algorithm);
    const auto& data = random_bytes();
    hasher_->update(std::span(data.data(), 1000));  // left unfinished on purpose
    hasher_->reset();
    hasher_->update(std::span(data.data(), 100));
    EXPECT_EQ(hasher_->finish().hex(), expected[100]);
}

}  // namespace
}  // namespace hashscope::test
