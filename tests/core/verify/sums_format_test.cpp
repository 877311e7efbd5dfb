// Lines as GNU coreutils 9 writes them (sha256sum, sha256sum --tag).
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "hashscope/digest.hpp"
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

// md5sum -b and -z: the '*' marker; a NUL end and the name as it is (md5sum-newline.pl's case).
TEST(SumsFormat, BinaryMarkerAndZeroTerminatedLines) {
    EXPECT_EQ(gnu_line("abcd", "f", {.binary = true}), "abcd *f\n");
    EXPECT_EQ(gnu_line("abcd", "a\nb", {.binary = true}), "\\abcd *a\\nb\n");
    EXPECT_EQ(gnu_line("abcd", "a\nb", {.zero = true}), std::string("abcd  a\nb\0", 10));
    EXPECT_EQ(bsd_line("MD5", "a\\b", "abcd", {.zero = true}), std::string("MD5 (a\\b) = abcd\0", 17));
}

// RFC 4648 section 10's test vectors.
TEST(SumsFormat, Base64AsRfc4648) {
    const std::pair<std::string_view, std::string_view> vectors[] = {{"", ""},
                                                                     {"f", "Zg=="},
                                                                     {"fo", "Zm8="},
                                                                     {"foo", "Zm9v"},
                                                                     {"foob", "Zm9vYg=="},
                                                                     {"fooba", "Zm9vYmE="},
                                                                     {"foobar", "Zm9vYmFy"}};
    for (const auto& [text, encoded] : vectors) {
        const std::span bytes(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
        EXPECT_EQ(to_base64(bytes), encoded) << text;
    }
}

}  // namespace
}  // namespace hashscope
