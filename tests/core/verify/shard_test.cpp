#include "hashscope/verify/shard.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace hashscope::verify {
namespace {

TEST(Shard, ParsesKOfN) {
    auto one = parse_shard("1/4");
    ASSERT_TRUE(one) << one.error().message;
    EXPECT_EQ(one->index, 1U);
    EXPECT_EQ(one->count, 4U);
    auto last = parse_shard("4/4");
    ASSERT_TRUE(last);
    EXPECT_EQ(last->index, 4U);
    auto only = parse_shard("1/1");
    ASSERT_TRUE(only);
    EXPECT_TRUE(only->takes("anything"));
    EXPECT_TRUE(parse_shard("1000000/1000000"));
}

TEST(Shard, RefusesBadSpecs) {
    for (const char* spec : {"0/4", "5/4", "x/y", "1/0", "/4", "1/", "", "/", "4", "1/4/2", "-1/4", "+1/4", " 1/4",
                             "1/4 ", "1.0/4", "0x1/4", "1/1000001", "99999999999999999999/4"}) {
        const auto shard = parse_shard(spec);
        EXPECT_FALSE(shard) << "accepted '" << spec << "'";
        if (!shard) {
            EXPECT_NE(shard.error().message.find("--shard"), std::string::npos) << spec;
        }
    }
}

// The values `printf %s NAME | xxhsum -H1` prints: the rule can be reproduced outside HashScope,
// and cannot change between versions (machines of one cluster may run different builds).
TEST(Shard, HashIsXxh64OfThePathBytes) {
    EXPECT_EQ(shard_hash(""), 0xef46db3751d8e999ULL);
    EXPECT_EQ(shard_hash("a"), 0xd24ec4f1a98c6e5bULL);
    EXPECT_EQ(shard_hash("dir/a"), 0xa758dbd03e87210eULL);
    EXPECT_EQ(shard_of("dir/a", 4), static_cast<std::uint32_t>(0xa758dbd03e87210eULL % 4) + 1);
    EXPECT_EQ(shard_of("a", 7), static_cast<std::uint32_t>(0xd24ec4f1a98c6e5bULL % 7) + 1);
}

std::vector<std::string> sample_names() {
    std::vector<std::string> names = {"a",
                                      "b",
                                      "dir/a",
                                      "dir/b",
                                      "with space",
                                      "new\nline",
                                      "back\\slash",
                                      std::string("nul\0byte", 8),
                                      "\xff\xfe not utf-8",
                                      "\xc3\xa9t\xc3\xa9"};
    for (int i = 0; i < 2000; ++i) names.push_back("tree/sub" + std::to_string(i % 37) + "/file" + std::to_string(i));
    return names;
}

TEST(Shard, AssignmentDependsOnThePathOnly) {
    auto names = sample_names();
    std::map<std::string, std::uint32_t> first;
    for (const auto& name : names) first[name] = shard_of(name, 4);
    // Another order (another walk, another listing) gives every name the same shard.
    std::mt19937 shuffle_seed(12345);
    std::shuffle(names.begin(), names.end(), shuffle_seed);
    for (const auto& name : names) EXPECT_EQ(shard_of(name, 4), first[name]) << name;
}

TEST(Shard, UnionCoversEveryNameExactlyOnce) {
    const auto names = sample_names();
    for (const std::uint32_t count : {1U, 2U, 3U, 4U, 7U, 16U}) {
        std::map<std::string, int> taken;
        std::vector<std::size_t> per_shard(count + 1, 0);
        for (std::uint32_t k = 1; k <= count; ++k) {
            const Shard shard{k, count};
            for (const auto& name : names) {
                if (!shard.takes(name)) continue;
                ++taken[name];
                ++per_shard[k];
            }
        }
        ASSERT_EQ(taken.size(), names.size()) << count;
        for (const auto& [name, times] : taken) EXPECT_EQ(times, 1) << name << " in " << count << " shards";
        // And the shares are roughly even: no shard gets under half its fair share.
        for (std::uint32_t k = 1; k <= count; ++k) EXPECT_GT(per_shard[k] * count * 2, names.size()) << k;
    }
}

}  // namespace
}  // namespace hashscope::verify
