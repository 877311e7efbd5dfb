#include "hashscope/bench/sizes.hpp"

#include <gtest/gtest.h>

namespace hashscope::bench {
namespace {

TEST(Sizes, SingleSizesWithUnits) {
    EXPECT_EQ(*parse_size("64"), 64U);
    EXPECT_EQ(*parse_size("4KiB"), 4096U);
    EXPECT_EQ(*parse_size("4KB"), 4096U);  // as the published tables write it
    EXPECT_EQ(*parse_size("4k"), 4096U);
    EXPECT_EQ(*parse_size("1MiB"), 1048576U);
    EXPECT_EQ(*parse_size(" 2 GiB "), 2147483648U);
    EXPECT_EQ(*parse_size("128B"), 128U);
}

TEST(Sizes, BadSizesSayWhy) {
    EXPECT_NE(parse_size("").error().message.find("not a size"), std::string::npos);
    EXPECT_NE(parse_size("12XB").error().message.find("unknown unit"), std::string::npos);
    EXPECT_NE(parse_size("0").error().message.find("at least 1 byte"), std::string::npos);
    EXPECT_NE(parse_size("4096GiB").error().message.find("1 TiB"), std::string::npos);
    EXPECT_FALSE(parse_size("-5").ok());
}

TEST(Sizes, ListsAndRanges) {
    EXPECT_EQ(*parse_sizes("64,128,4KiB"), (std::vector<std::size_t>{64, 128, 4096}));
    EXPECT_EQ(*parse_sizes("64..4MiB:x4"),
              (std::vector<std::size_t>{64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304}));
    EXPECT_EQ(*parse_sizes("1KiB..4KiB"), (std::vector<std::size_t>{1024, 2048, 4096}));  // doubling by default
    EXPECT_EQ(*parse_sizes("1KiB..3KiB:+1KiB"), (std::vector<std::size_t>{1024, 2048, 3072}));
    EXPECT_EQ(*parse_sizes("64,64..256:x2,64"), (std::vector<std::size_t>{64, 128, 256}));  // duplicates dropped
    EXPECT_EQ(*parse_sizes("100..300:x2"), (std::vector<std::size_t>{100, 200}));           // stops within the range
}

TEST(Sizes, BadRangesSayWhy) {
    EXPECT_NE(parse_sizes("4KiB..64").error().message.find("backwards"), std::string::npos);
    EXPECT_NE(parse_sizes("64..4KiB:x1").error().message.find("at least 2"), std::string::npos);
    EXPECT_NE(parse_sizes("64..4KiB:y4").error().message.find("xFACTOR or +STEP"), std::string::npos);
    EXPECT_NE(parse_sizes("1..1GiB:+1").error().message.find("more than 10000"), std::string::npos);
    EXPECT_NE(parse_sizes(",,").error().message.find("no sizes"), std::string::npos);
}

TEST(Sizes, Formatting) {
    EXPECT_EQ(format_size(64), "64 B");
    EXPECT_EQ(format_size(4096), "4 KiB");
    EXPECT_EQ(format_size(4086), "4086 B");
    EXPECT_EQ(format_size(1048576), "1 MiB");
    EXPECT_EQ(format_size(30U << 20), "30 MiB");
    EXPECT_EQ(format_size(1572864), "1536 KiB");  // exact beats rounded
    EXPECT_EQ(format_size(3000000), "2.9 MiB");
    EXPECT_EQ(format_size_compact(65536), "64KiB");
}

}  // namespace
}  // namespace hashscope::bench
