// Object stores' values: reading and writing S3's "BASE64-N" and ETags, S3's rules for which
// algorithm may be which type, part counts and the part sizes tried. The values computed from files
// are checked against plain Python in tests/cli/s3_test.sh.
#include "hashscope/verify/object_checksum.hpp"

#include <gtest/gtest.h>

namespace hashscope::verify {
namespace {

constexpr std::uint64_t kMiB = 1 << 20;

TEST(ObjectValue, ReadsWhatStoresShow) {
    auto v = parse_object_value("AAAAAA==-3");  // four zero bytes in three parts: leading zeros kept
    ASSERT_TRUE(v) << v.error().message;
    EXPECT_EQ(v.value().bytes, std::vector<std::uint8_t>(4, 0));
    EXPECT_EQ(v.value().parts, 3U);
    EXPECT_FALSE(v.value().etag);
    EXPECT_EQ(format_object_value(v.value()), "AAAAAA==-3");

    auto etag = parse_object_value("\"d41d8cd98f00b204e9800998ecf8427e-2\"");
    ASSERT_TRUE(etag) << etag.error().message;
    EXPECT_TRUE(etag.value().etag);
    EXPECT_EQ(etag.value().parts, 2U);
    EXPECT_EQ(format_object_value(etag.value()), "d41d8cd98f00b204e9800998ecf8427e-2");

    auto plain = parse_object_value("2jmj7l5rSw0yVb/vlWAYkK/YBwk=");  // SHA-1 of nothing, one PUT
    ASSERT_TRUE(plain) << plain.error().message;
    EXPECT_EQ(plain.value().parts, 0U);
    EXPECT_EQ(plain.value().bytes.size(), 20U);
}

TEST(ObjectValue, RefusesWhatNoStoreShowsAndSaysWhy) {
    for (const auto& [text, why] : std::vector<std::pair<std::string, std::string>>{
             {"AAAAAA==-0", "part count of 0"},
             {"AAAAAA==-10001", "at most 10,000"},
             {"AAAAAA==-x", "no part count"},
             {"AAAAAA==-", "no part count"},
             {"-3", "no checksum before"},
             {"!!!!-3", "neither base64"},
             {"de-ad-be-12", "more than one '-'"},
             {"AAAAAA==-99999999999999999999999", "no part count"},
         }) {
        const auto v = parse_object_value(text);
        ASSERT_FALSE(v) << text;
        EXPECT_NE(v.error().message.find(why), std::string::npos) << text << ": " << v.error().message;
    }
}

TEST(ObjectLayout, FollowsS3sRules) {
    const auto& crc32c = *find_algorithm("crc32c");
    const auto& crc64 = *find_algorithm("crc64nvme");
    const auto& sha256 = *find_algorithm("sha256");
    EXPECT_EQ(s3_layout(crc32c, 8 * kMiB, std::nullopt).value().type, ObjectChecksumType::composite);
    EXPECT_EQ(s3_layout(crc32c, 8 * kMiB, ObjectChecksumType::full_object).value().type,
              ObjectChecksumType::full_object);
    EXPECT_EQ(s3_layout(crc64, 8 * kMiB, std::nullopt).value().type, ObjectChecksumType::full_object);
    EXPECT_FALSE(s3_layout(crc64, 8 * kMiB, ObjectChecksumType::composite));
    EXPECT_FALSE(s3_layout(sha256, 8 * kMiB, ObjectChecksumType::full_object));
    EXPECT_EQ(s3_layout(sha256, 0, std::nullopt).value().type, ObjectChecksumType::full_object);  // one PUT
    EXPECT_FALSE(s3_layout(sha256, 0, ObjectChecksumType::composite));
    const auto none = s3_layout(*find_algorithm("blake3"), 0, std::nullopt);
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().message.find("S3 keeps no BLAKE3"), std::string::npos);
}

TEST(PartSizes, CountAndCandidates) {
    EXPECT_EQ(part_count(0, 8 * kMiB), 1U);
    EXPECT_EQ(part_count(8 * kMiB, 8 * kMiB), 1U);
    EXPECT_EQ(part_count(8 * kMiB + 1, 8 * kMiB), 2U);
    EXPECT_EQ(part_count(20 * kMiB + 123, 8 * kMiB), 3U);
    EXPECT_EQ(part_count(123, 0), 1U);

    const std::uint64_t size = 20 * kMiB + 123;
    const auto three = candidate_part_sizes(size, 3);
    ASSERT_FALSE(three.empty());
    EXPECT_EQ(three.front(), 8 * kMiB);  // the AWS CLI's, tried first
    for (const auto p : three) EXPECT_EQ(part_count(size, p), 3U) << p;
    const auto five = candidate_part_sizes(size, 5);
    EXPECT_NE(std::find(five.begin(), five.end(), 5 * kMiB), five.end());
    EXPECT_TRUE(candidate_part_sizes(10, 20).empty());  // more parts than bytes
}

}  // namespace
}  // namespace hashscope::verify
