// Every row of algorithm_table.cpp carries all the facts the rest of the program reads from it, so
// that an algorithm added with one missing fails here rather than working silently without it
// (a sums file named after it not recognised, no self-test, a bare digest never tried as its).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "hashscope/algorithm.hpp"
#include "hashscope/verify/sums_file.hpp"

namespace hashscope {
namespace {

TEST(AlgorithmTable, EveryRowHasItsFacts) {
    for (const auto& a : algorithms()) {
        SCOPED_TRACE(std::string(a.id));
        EXPECT_FALSE(a.display.empty());
        EXPECT_FALSE(a.bsd_tag.empty());
        EXPECT_GT(a.digest_size, 0U);
        EXPECT_FALSE(a.file_words.empty()) << "no name in checksum files";
        EXPECT_FALSE(a.known_answers.empty()) << "no known answers";
        for (const auto& answer : a.known_answers) EXPECT_EQ(answer.hex.size(), a.digest_size * 2) << answer.hex;
        EXPECT_EQ(find_algorithm(a.id), &a);
    }
}

TEST(AlgorithmTable, EveryRowIsFoundByItsNames) {
    for (const auto& a : algorithms()) {
        SCOPED_TRACE(std::string(a.id));
        EXPECT_EQ(verify::algorithm_for_tag(a.bsd_tag), &a);
        EXPECT_EQ(verify::algorithm_for_tag(a.display), &a);
        for (std::string_view alias : a.tag_aliases) EXPECT_EQ(verify::algorithm_for_tag(alias), &a) << alias;
        for (const auto& word : a.file_words) {
            const auto named = verify::algorithms_for_sums_name("x." + std::string(word.word));
            EXPECT_NE(std::find(named.begin(), named.end(), &a), named.end()) << word.word;
        }
        const auto by_size = verify::algorithms_for_digest_size(a.digest_size);
        EXPECT_NE(std::find(by_size.begin(), by_size.end(), &a), by_size.end());
    }
}

// Ranks order the algorithms that share a file word or a digest size: two equal ones would leave
// the order to the table's.
TEST(AlgorithmTable, RanksAreDistinctWhereTheyOrder) {
    std::set<std::pair<std::size_t, int>> size_ranks;
    std::map<std::string_view, std::set<int>> word_ranks;
    for (const auto& a : algorithms()) {
        EXPECT_TRUE(size_ranks.insert({a.digest_size, a.size_rank}).second) << a.id;
        for (const auto& word : a.file_words) {
            EXPECT_TRUE(word_ranks[word.word].insert(word.rank).second) << a.id << ": " << word.word;
        }
    }
}

}  // namespace
}  // namespace hashscope
