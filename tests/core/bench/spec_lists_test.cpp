// The benchmark's mode and thread lists, parsed once for the CLI and the Benchmark page.
#include <gtest/gtest.h>

#include "hashscope/bench/spec.hpp"

namespace hashscope::bench {
namespace {

TEST(SpecLists, ModesInOrderWithoutDuplicates) {
    const auto modes = parse_modes(" oneshot, stream:4KiB ,bytewise,oneshot,,file");
    ASSERT_TRUE(modes) << modes.error().message;
    const std::vector<ModeSpec> want{{Mode::oneshot, 0}, {Mode::stream, 4096}, {Mode::bytewise, 0}, {Mode::file, 0}};
    EXPECT_EQ(*modes, want);
}

TEST(SpecLists, BadModesSayWhy) {
    EXPECT_NE(parse_modes("oneshot,sideways").error().message.find("unknown mode 'sideways'"), std::string::npos);
    EXPECT_NE(parse_modes("stream:0").error().message.find("at least 1 byte"), std::string::npos);
    EXPECT_NE(parse_modes("stream:lots").error().message.find("lots"), std::string::npos);
    EXPECT_NE(parse_modes(" , ").error().message.find("no mode given"), std::string::npos);
}

TEST(SpecLists, ThreadCounts) {
    const auto counts = parse_thread_counts("1, 2,4,2 ,1024");
    ASSERT_TRUE(counts) << counts.error().message;
    EXPECT_EQ(*counts, (std::vector<unsigned>{1, 2, 4, 1024}));
    EXPECT_EQ(*parse_thread_count("8"), 8U);
}

TEST(SpecLists, BadThreadCountsSayWhy) {
    for (const char* bad : {"0", "1025", "-1", "+2", "2x", "", " 3", "99999999999999999999"}) {
        const auto one = parse_thread_count(bad);
        ASSERT_FALSE(one) << bad;
        EXPECT_NE(one.error().message.find("from 1 to 1024"), std::string::npos) << bad;
    }
    EXPECT_FALSE(parse_thread_counts("1,0"));
    EXPECT_NE(parse_thread_counts("").error().message.find("no thread count"), std::string::npos);
}

}  // namespace
}  // namespace hashscope::bench
