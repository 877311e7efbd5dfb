// Lines as GNU coreutils 9 writes them (sha256sum, sha256sum --tag).
#include <gtest/gtest.h>

#include "hashscope/sums_format.hpp"

namespace hashscope {
namespace {

TEST(SumsFormat, PlainNamesAreWrittenAsTheyAre) {
    EXPECT_EQ(gnu_line("abcd", "file name.txt"), "abcd  file name.txt\n");
    EXPECT_EQ(bsd_line("SHA256", "file name.txt", "abcd"), "SHA256 (file name.txt) = abcd\n");
}

TEST(SumsFormat, BackslashNewlineAndReturnAreEscapedAndMarked) {
    EXPECT_EQ(gnu_line("abcd", "a\\b"), "\\abcd  a\\\\b\n");
    EXPECT_EQ(gnu_line("abcd", "a\nb"), "\\abcd  a\\nb\n");
    EXPECT_EQ(gnu_line("abcd", "a\rb"), "\\abcd  a\\rb\n");
    EXPECT_EQ(bsd_line("MD5", "a\nb", "abcd"), "\\MD5 (a\\nb) = abcd\n");
}

TEST(SumsFormat, OtherBytesPassThrough) {
    const std::string invalid_utf8 = "caf\xe9 \t*";
    EXPECT_FALSE(needs_escaping(invalid_utf8));
    EXPECT_EQ(escape_name(invalid_utf8), invalid_utf8);
}

}  // namespace
}  // namespace hashscope
