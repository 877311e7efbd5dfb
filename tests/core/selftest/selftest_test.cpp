// The self-test: every implementation this CPU can run passes it here; a deliberately wrong one,
// injected through SelfTestOptions::implementations, is reported as failing with the reason; a
// smaller CPU skips what it cannot run; progress and stop behave as the interface says.
#include "hashscope/selftest.hpp"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>
#include <stdexcept>

#include "algorithms/crc/crc_table.hpp"
#include "selftest/cross_check.hpp"
#include "selftest/messages.hpp"

namespace hashscope {
namespace {

constexpr std::uint64_t kSeed = 20261130;

SelfTestOptions seeded(std::size_t messages = 200) {
    SelfTestOptions options;
    options.seed = kSeed;
    options.random_messages = messages;
    return options;
}

// CRC-32C that is off by one bit on every update: wrong on every message.
std::uint64_t wrong_crc32c(std::uint64_t value, const std::byte* data, std::size_t size) {
    return crc::extend_crc32c_table(value, data, size) ^ 1;
}

// CRC-32C that is right except on updates longer than 5000 bytes, as a SIMD path with a bug in
// its large-block loop would be.
std::uint64_t wrong_when_long(std::uint64_t value, const std::byte* data, std::size_t size) {
    const auto crc = crc::extend_crc32c_table(value, data, size);
    return size > 5000 ? crc ^ 0x80 : crc;
}

HasherPtr refusing_factory() { throw std::runtime_error("no provider for this digest"); }

const auto kInjected = std::to_array<Implementation>({
    {"crc32c", "table", "own", {}, 10, "byte-at-a-time table (reference)", nullptr, crc::extend_crc32c_table},
    {"crc32c", "wrong", "own", {}, 90, "deliberately wrong", nullptr, wrong_crc32c},
    {"sha256", "refusing", "openssl", {}, 50, "throws when made", refusing_factory},
});

TEST(SelfTest, EveryImplementationThisCpuRunsPasses) {
    const Registry& registry = Registry::host();
    const auto report = run_self_test(registry, seeded());
    EXPECT_TRUE(report.passed());
    EXPECT_FALSE(report.cancelled);
    EXPECT_EQ(report.seed, kSeed);
    ASSERT_EQ(report.outcomes.size(), all_implementations().size());
    std::size_t unavailable = 0;
    for (const auto& row : all_implementations()) unavailable += registry.available(row) ? 0 : 1;
    EXPECT_EQ(report.count(SelfTestStatus::skipped), unavailable);
    for (const auto& outcome : report.outcomes) {
        SCOPED_TRACE(outcome.algorithm + " · " + outcome.implementation);
        if (outcome.status == SelfTestStatus::skipped) continue;
        EXPECT_EQ(outcome.status, SelfTestStatus::passed) << outcome.message;
        EXPECT_TRUE(outcome.message.empty());
        EXPECT_GT(outcome.vectors, 0U);
        EXPECT_EQ(outcome.random_messages, 200U);
        EXPECT_FALSE(outcome.reference.empty());
    }
}

TEST(SelfTest, OutcomesComeInListOrderWithTheReferenceNamed) {
    const auto report = run_self_test(Registry::host(), seeded(8));
    std::vector<std::string> expected;
    for (const auto& algorithm : algorithms()) {
        for (const auto* impl : Registry::host().implementations_of(algorithm.id)) {
            expected.push_back(std::string(impl->algorithm) + "/" + std::string(impl->id));
        }
    }
    std::vector<std::string> got;
    for (const auto& o : report.outcomes) got.push_back(o.algorithm + "/" + o.implementation);
    EXPECT_EQ(got, expected);
    // The reference is the lowest-priority implementation that needs no CPU feature.
    std::map<std::string, std::string> references;
    for (const auto& algorithm : algorithms()) {
        for (const auto* impl : Registry::host().implementations_of(algorithm.id)) {
            if (impl->needs.empty()) references[std::string(algorithm.id)] = std::string(impl->id);
        }
    }
    EXPECT_EQ(references["crc32c"], "table");
    EXPECT_EQ(references["blake3"], "portable");
    EXPECT_EQ(references["adler32"], "zlib");
    for (const auto& o : report.outcomes) {
        if (o.status != SelfTestStatus::passed) continue;
        EXPECT_EQ(o.reference, references[o.algorithm]) << o.implementation;
    }
}

TEST(SelfTest, AWrongImplementationIsReportedAsFailing) {
    SelfTestOptions options = seeded(50);
    options.implementations = kInjected;
    const auto report = run_self_test(Registry::host(), options);
    EXPECT_FALSE(report.passed());
    ASSERT_EQ(report.outcomes.size(), 3U);
    // Algorithm order, then priority: crc32c wrong (90), crc32c table (10), sha256.
    const auto& wrong = report.outcomes[0];
    EXPECT_EQ(wrong.implementation, "wrong");
    EXPECT_EQ(wrong.status, SelfTestStatus::failed);
    EXPECT_NE(wrong.message.find("known answer for \"123456789\""), std::string::npos) << wrong.message;
    EXPECT_NE(wrong.message.find("expected e3069283"), std::string::npos) << wrong.message;
    // One wrong implementation does not taint the others.
    EXPECT_EQ(report.outcomes[1].implementation, "table");
    EXPECT_EQ(report.outcomes[1].status, SelfTestStatus::passed) << report.outcomes[1].message;
    EXPECT_EQ(report.outcomes[2].status, SelfTestStatus::failed);
    EXPECT_NE(report.outcomes[2].message.find("no provider for this digest"), std::string::npos);
    EXPECT_EQ(report.count(SelfTestStatus::failed), 2U);
}

TEST(SelfTest, CrossCheckCatchesWhatTheVectorsMiss) {
    // Only the long updates are wrong: the cross-check's long random messages find it.
    const Implementation subtle{"crc32c", "subtle", "own", {}, 90, "", nullptr, wrong_when_long};
    const Implementation table{"crc32c", "table", "own", {}, 10, "", nullptr, crc::extend_crc32c_table};
    const selftest::RandomCorpus corpus(kSeed, 200);
    std::vector<Digest> expected;
    auto reference = selftest::make_hasher_for(table);
    ASSERT_TRUE(reference.ok());
    ASSERT_EQ(selftest::reference_digests(**reference, corpus, {}, expected), selftest::CheckEnd::passed);
    auto hasher = selftest::make_hasher_for(subtle);
    ASSERT_TRUE(hasher.ok());
    std::mt19937_64 rng(1);
    std::size_t checked = 0;
    std::string message;
    EXPECT_EQ(selftest::cross_check(**hasher, corpus, expected, "table", rng, {}, checked, message),
              selftest::CheckEnd::failed);
    EXPECT_LT(checked, 200U);
    EXPECT_NE(message.find("random message #"), std::string::npos) << message;
    EXPECT_NE(message.find("table gives"), std::string::npos) << message;
    // The table itself agrees with itself however it is fed.
    checked = 0;
    message.clear();
    EXPECT_EQ(selftest::cross_check(**reference, corpus, expected, "table", rng, {}, checked, message),
              selftest::CheckEnd::passed)
        << message;
    EXPECT_EQ(checked, 200U);
}

TEST(SelfTest, ASmallerCpuSkipsWhatItCannotRun) {
    const Registry nehalem(CpuFeatureSet{CpuFeature::sse41, CpuFeature::sse42});
    const auto report = run_self_test(nehalem, seeded(20));
    EXPECT_TRUE(report.passed());
    EXPECT_GT(report.count(SelfTestStatus::skipped), 0U);
    for (const auto& o : report.outcomes) {
        SCOPED_TRACE(o.algorithm + " · " + o.implementation);
        if (nehalem.features().contains(o.needs)) {
            EXPECT_EQ(o.status, SelfTestStatus::passed) << o.message;
            continue;
        }
        EXPECT_EQ(o.status, SelfTestStatus::skipped);
        EXPECT_EQ(o.message, "needs " + o.needs.without(nehalem.features()).to_string() + ", which this CPU lacks");
        EXPECT_EQ(o.vectors, 0U);
        if (o.algorithm == "crc32c" && o.implementation == "pclmul") {
            EXPECT_EQ(o.message, "needs pclmulqdq, which this CPU lacks");
        }
    }
}

TEST(SelfTest, ProgressAfterEachOutcomeAndStopFromIt) {
    std::stop_source stop;
    std::vector<std::size_t> done;
    const auto report = run_self_test(
        Registry::host(), seeded(10),
        [&](const SelfTestProgress& p, const SelfTestOutcome& finished) {
            EXPECT_EQ(p.total, all_implementations().size());
            EXPECT_FALSE(finished.implementation.empty());
            done.push_back(p.done);
            if (p.done == 3) stop.request_stop();
        },
        stop.get_token());
    EXPECT_TRUE(report.cancelled);
    EXPECT_FALSE(report.passed());
    EXPECT_EQ(report.outcomes.size(), 3U);
    EXPECT_EQ(done, (std::vector<std::size_t>{1, 2, 3}));

    std::stop_source already;
    already.request_stop();
    const auto none = run_self_test(Registry::host(), seeded(10), {}, already.get_token());
    EXPECT_TRUE(none.cancelled);
    EXPECT_TRUE(none.outcomes.empty());
}

TEST(SelfTest, WithoutASeedOneIsChosenAndReported) {
    SelfTestOptions options;
    options.random_messages = 4;
    options.implementations = std::span(kInjected).first(1);  // one quick row is enough
    const auto a = run_self_test(Registry::host(), options);
    const auto b = run_self_test(Registry::host(), options);
    EXPECT_NE(a.seed, b.seed);
}

TEST(SelfTestVectors, EveryAlgorithmHasItsStandardVectors) {
    std::map<std::string_view, std::set<std::string>> inputs;
    std::map<std::string_view, std::size_t> longest;
    for (const auto& algorithm : algorithms()) {
        for (const auto& answer : algorithm.known_answers) {
            EXPECT_EQ(answer.hex.size(), algorithm.digest_size * 2) << algorithm.id;
            inputs[algorithm.id].insert(selftest::describe(answer.message));
            longest[algorithm.id] = std::max(longest[algorithm.id], answer.message.length);
        }
    }
    for (const auto& algorithm : algorithms()) {
        const std::string_view id = algorithm.id;
        SCOPED_TRACE(std::string(id));
        const auto& in = inputs[id];
        if (id.starts_with("crc") || id == "adler32") {
            EXPECT_TRUE(in.count("\"123456789\""));
        } else if (id == "blake3") {
            EXPECT_GE(in.size(), 5U);
        } else if (id.starts_with("xxh")) {
            EXPECT_GE(in.size(), 3U);
            EXPECT_TRUE(in.count("\"abc\""));
        } else {
            EXPECT_TRUE(in.count("\"abc\""));
            EXPECT_TRUE(in.count("the empty message"));
            // A message longer than one block of the algorithm (the SHA-3 rates: 144, 136, 104, 72 bytes).
            const std::map<std::string_view, std::size_t> rates{
                {"sha3-224", 144}, {"sha3-256", 136}, {"sha3-384", 104}, {"sha3-512", 72}};
            EXPECT_GT(longest[id], rates.contains(id) ? rates.at(id) : 64U);
        }
    }
}

TEST(SelfTestVectors, MessagesAreBuiltAndDescribed) {
    const MessageSpec million{"a", 1000000};
    EXPECT_EQ(selftest::message_bytes(million).size(), 1000000U);
    EXPECT_EQ(selftest::describe(million), "1000000 x \"a\"");
    const MessageSpec pattern{{}, 300};
    const auto bytes = selftest::message_bytes(pattern);
    EXPECT_EQ(bytes[250], std::byte{250});
    EXPECT_EQ(bytes[251], std::byte{0});
    EXPECT_EQ(selftest::describe(pattern), "300 bytes of i mod 251");
    EXPECT_EQ(selftest::describe({std::string_view("\0", 1), 32}), "32 x \"\\x00\"");
    EXPECT_EQ(selftest::describe({"", 0}), "the empty message");
}

TEST(SelfTestCorpus, ManyLengthsAtManyAlignmentsReproducibly) {
    const selftest::RandomCorpus corpus(kSeed, 200);
    ASSERT_EQ(corpus.size(), 200U);
    std::set<std::size_t> lengths, offsets;
    for (std::size_t i = 0; i < corpus.size(); ++i) {
        lengths.insert(corpus.message(i).size());
        offsets.insert(corpus.offset(i));
    }
    for (std::size_t n : {0UL, 1UL, 63UL, 64UL, 127UL, 128UL, 129UL, 4096UL, 65535UL, 65536UL, 65537UL}) {
        EXPECT_TRUE(lengths.count(n)) << n;
    }
    EXPECT_LE(*lengths.rbegin(), selftest::RandomCorpus::kMaxLength);
    EXPECT_GT(offsets.size(), 32U);
    const selftest::RandomCorpus again(kSeed, 200);
    const selftest::RandomCorpus other(kSeed + 1, 200);
    const auto last = corpus.size() - 1;
    EXPECT_TRUE(std::ranges::equal(corpus.message(last), again.message(last)));
    EXPECT_FALSE(std::ranges::equal(corpus.message(last), other.message(last)));
    // Fewer messages still span the boundary lengths, small to large.
    const selftest::RandomCorpus few(kSeed, 10);
    EXPECT_EQ(few.message(0).size(), 0U);
    EXPECT_GT(few.message(9).size(), 4096U);
}

}  // namespace
}  // namespace hashscope
