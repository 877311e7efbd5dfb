// Every implementation against the standard vectors of its algorithm: the ones its row in
// algorithm_table.cpp points at, which the self-test carries in the library too
// (algorithms/known_answers.hpp lists each vector's source), so that a vector added for users is
// tested too.
#include "implementation_fixture.hpp"
#include "selftest/messages.hpp"

namespace hashscope::test {
namespace {

TEST_P(ImplementationTest, MatchesKnownAnswers) {
    int checked = 0;
    for (const auto& answer : find_algorithm(GetParam()->algorithm)->known_answers) {
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

}  // namespace
}  // namespace hashscope::test
