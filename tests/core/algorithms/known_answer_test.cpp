// Every implementation against the standard vectors of its algorithm: the table the self-test
// carries in the library (selftest/known_answers.cpp lists each vector's source), one table for
// both, so that a vector added for users is tested too.
#include <set>

#include "implementation_fixture.hpp"
#include "selftest/known_answers.hpp"

namespace hashscope::test {
namespace {

TEST_P(ImplementationTest, MatchesKnownAnswers) {
    int checked = 0;
    for (const auto& answer : selftest::known_answers()) {
        if (answer.algorithm != GetParam()->algorithm) continue;
        const auto message = selftest::message_bytes(answer.message);
        EXPECT_EQ(hex_of(message), answer.hex) << selftest::describe(answer.message);
        ++checked;
    }
    EXPECT_GT(checked, 0) << "no known answer for " << GetParam()->algorithm;
}

TEST_P(ImplementationTest, DigestHasTheAlgorithmsSizeAndName) {
    const auto digest = [&] {
        hasher_->reset();
        return hasher_->finish();
    }();
    EXPECT_EQ(digest.algorithm(), GetParam()->algorithm);
    EXPECT_EQ(digest.size(), find_algorithm(GetParam()->algorithm)->digest_size);
}

INSTANTIATE_TEST_SUITE_P(Registry, ImplementationTest, testing::ValuesIn(every_implementation()), implementation_name);

TEST(KnownAnswers, EveryAlgorithmHasAtLeastOne) {
    std::set<std::string_view> covered;
    for (const auto& answer : selftest::known_answers()) covered.insert(answer.algorithm);
    for (const auto& algorithm : algorithms()) EXPECT_TRUE(covered.count(algorithm.id)) << algorithm.id;
}

}  // namespace
}  // namespace hashscope::test
