// A digest pasted by a person: hex in its many spellings, base64 as S3 shows it, and every algorithm
// whose digest length fits.
#include <gtest/gtest.h>

#include "hashscope/digest.hpp"
#include "hashscope/verify/expected_digest.hpp"

namespace hashscope::verify {
namespace {

const std::string kSha256Abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

std::string ids(const ExpectedDigest& d) {
    std::string out;
    for (const auto* a : d.candidates) out += (out.empty() ? "" : ",") + std::string(a->id);
    return out;
}

// The one reading of `text`, which must be there and be the only one.
ExpectedDigest only(std::string_view text) {
    auto readings = parse_expected_digest(text);
    EXPECT_EQ(readings.size(), 1U) << text;
    return readings.empty() ? ExpectedDigest{} : readings.front();
}

TEST(ExpectedDigest, HexInEverySpellingPeoplePaste) {
    for (std::string_view text : {"cbf43926", "CBF43926", "0xcbf43926", "0XCBF43926", "cb:f4:39:26", "CB F4 39 26",
                                  "cb-f4-39-26", "  cbf43926\n", "cbf4 3926"}) {
        const auto d = only(text);
        EXPECT_EQ(d.encoding, DigestEncoding::hex) << text;
        EXPECT_EQ(to_hex(d.bytes), "cbf43926") << text;
        EXPECT_EQ(ids(d), "crc32,crc32c,adler32,xxh32") << text;  // table order
    }
    const auto md5 = only("90:01:50:98:3c:d2:4f:b0:d6:96:3f:7d:28:e1:7f:72");
    EXPECT_EQ(to_hex(md5.bytes), "900150983cd24fb0d6963f7d28e17f72");
    EXPECT_EQ(ids(md5), "md5,xxh128");
}

TEST(ExpectedDigest, SixtyFourHexDigitsAreReadAsHexFirstThenAsBase64) {
    const auto readings = parse_expected_digest(kSha256Abc);
    ASSERT_EQ(readings.size(), 2U);
    EXPECT_EQ(readings[0].encoding, DigestEncoding::hex);
    EXPECT_EQ(to_hex(readings[0].bytes), kSha256Abc);
    EXPECT_EQ(ids(readings[0]), "sha256,sha512-256,sha3-256,blake2s,blake3");
    EXPECT_EQ(readings[1].encoding, DigestEncoding::base64);
    EXPECT_EQ(readings[1].bytes.size(), 48U);
    EXPECT_EQ(ids(readings[1]), "sha384,sha3-384");
}

TEST(ExpectedDigest, Base64StandardAndUrlSafePaddedOrNot) {
    for (std::string_view text :
         {"ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=", "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0",
          "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0", "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0="}) {
        const auto d = only(text);
        EXPECT_EQ(d.encoding, DigestEncoding::base64) << text;
        EXPECT_EQ(to_hex(d.bytes), kSha256Abc) << text;
        EXPECT_EQ(ids(d).substr(0, 6), "sha256") << text;
    }
    // S3's x-amz-checksum-crc32c header for "123456789" style values: 4 bytes.
    for (std::string_view text : {"yZRlqg==", "yZRlqg"}) {
        const auto d = only(text);
        EXPECT_EQ(to_hex(d.bytes), "c99465aa") << text;
        EXPECT_EQ(ids(d), "crc32,crc32c,adler32,xxh32") << text;
    }
    EXPECT_EQ(to_hex(only("y/Q5Jg==").bytes), "cbf43926");
}

TEST(ExpectedDigest, WhatIsNoDigestFindsNothing) {
    for (std::string_view text : {"", "   ", "abcdef", "abc", "hello world",
                                  "yZRlqg=", "yZRlqg===", "yZRlqh==", "ab+c-d/e", "QUJD", "0x", "::"}) {
        EXPECT_TRUE(parse_expected_digest(text).empty()) << text;
        EXPECT_FALSE(explain_bad_digest(text).empty()) << text;
    }
    // Mixing the two base64 alphabets is no base64.
    EXPECT_TRUE(parse_expected_digest("ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0").empty());
}

TEST(ExpectedDigest, ExplanationsSayWhatIsWrong) {
    EXPECT_EQ(explain_bad_digest(""), "no digest given");
    EXPECT_EQ(explain_bad_digest("abc"), "3 hex digits: an odd count cannot be bytes");
    EXPECT_EQ(explain_bad_digest("ab:cd:ef"),
              "6 hex digits is no digest length HashScope knows (4, 8, 16, 20, 28, 32, 48 or 64 bytes)");
    EXPECT_EQ(explain_bad_digest("QUJD"),
              "base64 of 3 bytes is no digest length HashScope knows (4, 8, 16, 20, 28, 32, 48 or 64 bytes)");
    EXPECT_EQ(explain_bad_digest("hello world!"), "not hex, and not base64 either: it holds the character ' '");
    EXPECT_EQ(explain_bad_digest("yZRlqg="), "not hex, and not base64 either: its '=' padding is wrong");
    EXPECT_EQ(explain_bad_digest(kSha256Abc), "");  // nothing wrong
}

}  // namespace
}  // namespace hashscope::verify
