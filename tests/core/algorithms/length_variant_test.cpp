// Length variants (AlgorithmInfo::length_step): BLAKE2b-8 ... BLAKE2b-504, as `b2sum -l` computes
// them. Their names, where they are found and where not, which implementations make them, and that
// those implementations agree at every message length. The CLI test (tests/cli/blake2b_length_test.sh)
// checks every length against coreutils' b2sum.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "hashscope/algorithm.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::test {
namespace {

const AlgorithmInfo& blake2b() { return *find_algorithm("blake2b"); }

TEST(LengthVariants, EveryMultipleOfEightBitsBelowTheDigestIsNamedAsB2sumNamesIt) {
    for (std::size_t bytes = 1; bytes < 64; ++bytes) {
        const std::string bits = std::to_string(bytes * 8);
        const auto* v = with_digest_size(blake2b(), bytes);
        ASSERT_NE(v, nullptr) << bytes;
        EXPECT_EQ(v->id, "blake2b-" + bits);
        EXPECT_EQ(v->bsd_tag, "BLAKE2b-" + bits);
        EXPECT_EQ(v->digest_size, bytes);
        EXPECT_EQ(v->variant_of, &blake2b());
        EXPECT_EQ(&family_of(*v), &blake2b());
        EXPECT_EQ(find_algorithm("BLAKE2b-" + bits), v);  // ids match case-insensitively
        EXPECT_EQ(with_digest_size(*v, bytes), v);        // made once: the same row every time
    }
    EXPECT_EQ(with_digest_size(blake2b(), 64), &blake2b());
    EXPECT_EQ(find_algorithm("blake2b-512"), &blake2b());
}

TEST(LengthVariants, OtherLengthsAndAlgorithmsHaveNone) {
    for (const char* id : {"blake2b-0", "blake2b-12", "blake2b-520", "blake2b-", "blake2b-x", "blake2b--8",
                           "blake2b-256x", "sha256-128", "blake2s-128", "blake3-128", "-256"}) {
        EXPECT_EQ(find_algorithm(id), nullptr) << id;
    }
    EXPECT_EQ(with_digest_size(blake2b(), 0), nullptr);
    EXPECT_EQ(with_digest_size(blake2b(), 65), nullptr);
    EXPECT_EQ(with_digest_size(*find_algorithm("sha256"), 16), nullptr);
    EXPECT_EQ(with_digest_size(*find_algorithm("sha256"), 32), find_algorithm("sha256"));
}

TEST(LengthVariants, AreNotListedBenchmarkedOrPlanned) {
    for (const auto& a : algorithms()) EXPECT_EQ(a.variant_of, nullptr) << a.id;
}

TEST(LengthVariants, AreMadeOnlyByImplementationsThatTakeTheLength) {
    const auto& registry = Registry::host();
    const auto ids = [&](std::string_view algorithm) {
        std::vector<std::string_view> out;
        for (const auto* impl : registry.implementations_of(algorithm)) out.push_back(impl->id);
        return out;
    };
    EXPECT_EQ(ids("blake2b-256"), (std::vector<std::string_view>{"own", "libsodium", "libb2"}));
    EXPECT_EQ(ids("blake2b-128"), (std::vector<std::string_view>{"own", "libsodium", "libb2"}));
    EXPECT_EQ(ids("blake2b-120"), (std::vector<std::string_view>{"own", "libb2"}));  // libsodium: 16 bytes or more
    EXPECT_EQ(registry.best("blake2b-256")->id, "own");
    EXPECT_EQ(registry.best("blake2b-8", 100)->id, "own");

    const auto refused = registry.make_hasher("blake2b-256", "openssl");
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("blake2b-256"), std::string::npos) << refused.error().message;

    auto made = registry.make_hasher("blake2b-256");
    ASSERT_TRUE(made.ok()) << made.error().message;
    const std::string abc = "abc";
    made.value()->update(std::as_bytes(std::span(abc.data(), abc.size())));
    const Digest d = made.value()->finish();
    EXPECT_EQ(d.algorithm(), "blake2b-256");
    // coreutils 9.1: printf abc | b2sum -l 256
    EXPECT_EQ(d.hex(), "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319");
}

// Every implementation of every length variant agrees with libb2 (the BLAKE2 authors' library),
// for messages of every length 0..4096 (every length up to 300, then every 37th), fed whole to
// libb2 and in random pieces to the others.
TEST(LengthVariants, EveryImplementationAgreesWithLibb2AtEveryLength) {
    const auto& registry = Registry::host();
    std::mt19937_64 rng(0x6232);
    std::vector<std::byte> data(4096);
    for (auto& b : data) b = static_cast<std::byte>(rng());
    for (std::size_t bytes = 1; bytes < 64; ++bytes) {
        const auto* v = with_digest_size(blake2b(), bytes);
        auto reference = registry.make_hasher(v->id, "libb2").value();
        for (const auto* impl : registry.implementations_of(v->id)) {
            if (impl->id == "libb2") continue;
            auto hasher = registry.make_hasher(v->id, impl->id).value();
            for (std::size_t len = 0; len <= data.size(); len += (len < 300 ? 1 : 37)) {
                reference->reset();
                reference->update(std::span(data.data(), len));
                hasher->reset();
                for (std::size_t at = 0; at < len;) {
                    const std::size_t piece = std::min<std::size_t>(len - at, rng() % 300);
                    hasher->update(std::span(data.data() + at, piece));
                    at += piece;
                }
                const Digest expected = reference->finish();
                const Digest got = hasher->finish();
                ASSERT_EQ(got.size(), bytes);
                ASSERT_EQ(got.algorithm(), v->id);
                ASSERT_EQ(got.hex(), expected.hex())
                    << v->id << " · " << impl->id << ", message of " << len << " bytes";
            }
        }
    }
}

}  // namespace
}  // namespace hashscope::test
