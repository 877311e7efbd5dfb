// Matching a file against a value with a part count: the algorithm and part size are found, and
// each way of failing says so. The values are made with object_checksum() (itself checked against
// Python and botocore in tests/cli/s3_test.sh); here the search around it is tested.
#include "hashscope/verify/object_match.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <random>

namespace hashscope::verify {
namespace {

constexpr std::uint64_t kMiB = 1 << 20;

class ObjectMatchTest : public ::testing::Test {
protected:
    void SetUp() override {
        path_ =
            std::filesystem::temp_directory_path() / ("hashscope-object-match-" + std::to_string(::getpid()) + "-" +
                                                      ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::mt19937 random(7);
        std::string bytes(10 * kMiB + 5, '\0');
        for (char& c : bytes) c = static_cast<char>(random());
        std::ofstream(path_, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    void TearDown() override { std::filesystem::remove(path_); }

    ObjectValue value_of(const char* algorithm, std::uint64_t part_size) const {
        return object_checksum(path_, *find_algorithm(algorithm), {part_size, ObjectChecksumType::composite}).value;
    }

    std::filesystem::path path_;
};

TEST_F(ObjectMatchTest, FindsTheAlgorithmAndPartSize) {
    const auto m = match_object_value(path_, value_of("sha256", 5 * kMiB), nullptr, 0);
    ASSERT_EQ(m.outcome, ObjectMatch::Outcome::matched) << m.reason;
    EXPECT_EQ(m.how, "S3 composite SHA-256, 5 MiB parts");
    EXPECT_EQ(m.part_size, 5 * kMiB);
    EXPECT_EQ(m.algorithm, find_algorithm("sha256"));
    // CRC-32C and CRC-32 have the same length: the one that matches is named.
    const auto crc = match_object_value(path_, value_of("crc32", 8 * kMiB), nullptr, 0);
    ASSERT_EQ(crc.outcome, ObjectMatch::Outcome::matched);
    EXPECT_EQ(crc.how, "S3 composite CRC-32, 8 MiB parts");
}

TEST_F(ObjectMatchTest, AChangedValueListsWhatWasTried) {
    auto value = value_of("sha256", 8 * kMiB);
    value.bytes[0] ^= 1;
    const auto m = match_object_value(path_, value, nullptr, 8 * kMiB);
    EXPECT_EQ(m.outcome, ObjectMatch::Outcome::mismatched);
    EXPECT_EQ(m.tried, std::vector<std::string>{"S3 composite SHA-256, 8 MiB parts"});
}

TEST_F(ObjectMatchTest, SaysWhyNothingCouldBeTried) {
    auto value = value_of("sha256", 8 * kMiB);
    EXPECT_EQ(match_object_value(path_, value, nullptr, 1 * kMiB).outcome, ObjectMatch::Outcome::no_part_size);
    value.parts = 9999;
    const auto many = match_object_value(path_, value, nullptr, 0);
    EXPECT_EQ(many.outcome, ObjectMatch::Outcome::no_part_size);
    EXPECT_NE(many.reason.find("into 9999 parts"), std::string::npos) << many.reason;
    EXPECT_EQ(match_object_value(path_, value, find_algorithm("crc32c"), 0).outcome,
              ObjectMatch::Outcome::no_algorithm);
    EXPECT_EQ(match_object_value(path_.string() + ".missing", value, nullptr, 0).outcome,
              ObjectMatch::Outcome::unreadable);
    std::stop_source stop;
    stop.request_stop();
    EXPECT_EQ(match_object_value(path_, value_of("sha256", 8 * kMiB), nullptr, 0, {}, stop.get_token()).outcome,
              ObjectMatch::Outcome::stopped);
}

TEST(ObjectValueAlgorithms, AnETagIsMd5AndAForcedAlgorithmMustFit) {
    ObjectValue etag{std::vector<std::uint8_t>(16), 2, true};
    EXPECT_EQ(object_value_algorithms(etag, nullptr), std::vector<const AlgorithmInfo*>{find_algorithm("md5")});
    ObjectValue four{std::vector<std::uint8_t>(4), 2, false};
    EXPECT_EQ(object_value_algorithms(four, nullptr),
              (std::vector<const AlgorithmInfo*>{find_algorithm("crc32c"), find_algorithm("crc32")}));
    EXPECT_TRUE(object_value_algorithms(four, find_algorithm("sha256")).empty());
}

}  // namespace
}  // namespace hashscope::verify
