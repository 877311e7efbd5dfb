// Reading files for hashing: one read feeds every hasher; odd files are reported, never hang.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "hashscope/file_hash.hpp"
#include "hashscope/registry.hpp"

namespace hashscope {
namespace {

namespace fs = std::filesystem;

class FileHashTest : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("hashscope-file-hash-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
        for (const char* algorithm : {"sha256", "crc32c"}) {
            owned_.push_back(Registry::host().make_hasher(algorithm).value());
            hashers_.push_back(owned_.back().get());
        }
    }
    void TearDown() override { fs::remove_all(dir_); }

    fs::path write(const std::string& name, const std::string& content) {
        const auto path = dir_ / name;
        std::ofstream(path, std::ios::binary) << content;
        return path;
    }

    fs::path dir_;
    std::vector<HasherPtr> owned_;
    std::vector<Hasher*> hashers_;
};

TEST_F(FileHashTest, OneReadGivesEveryDigest) {
    const auto result = hash_file(write("check", "123456789"), hashers_);
    ASSERT_EQ(result.status, FileStatus::ok) << result.message;
    EXPECT_EQ(result.bytes, 9U);
    ASSERT_EQ(result.digests.size(), 2U);
    EXPECT_EQ(result.digests[0].hex(), "15e2b0d3c33891ebb0f1ef609ec419420c20e320ce94c65fbc8c3312448eb225");
    EXPECT_EQ(result.digests[1].hex(), "e3069283");
}

TEST_F(FileHashTest, LargeFileReportsProgressUpToItsSize) {
    const std::string content(3 * 1024 * 1024 + 17, 'x');
    std::uint64_t last = 0;
    int calls = 0;
    const auto result = hash_file(write("big", content), hashers_, [&](std::uint64_t done, std::uint64_t total) {
        EXPECT_EQ(total, content.size());
        EXPECT_GT(done, last);
        last = done;
        ++calls;
    });
    ASSERT_EQ(result.status, FileStatus::ok);
    EXPECT_EQ(last, content.size());
    EXPECT_GE(calls, 4);
}

TEST_F(FileHashTest, StopTokenCancels) {
    std::stop_source stop;
    stop.request_stop();
    const auto result = hash_file(write("any", "data"), hashers_, {}, stop.get_token());
    EXPECT_EQ(result.status, FileStatus::cancelled);
    EXPECT_TRUE(result.digests.empty());
}

TEST_F(FileHashTest, MissingFileIsUnreadableWithReason) {
    const auto result = hash_file(dir_ / "nope", hashers_);
    EXPECT_EQ(result.status, FileStatus::unreadable);
    EXPECT_EQ(result.message, "No such file or directory");
}

TEST_F(FileHashTest, FolderIsNotRegular) {
    const auto result = hash_file(dir_, hashers_);
    EXPECT_EQ(result.status, FileStatus::not_regular);
    EXPECT_NE(result.message.find("folder"), std::string::npos);
}

TEST_F(FileHashTest, FifoIsSkippedWithoutBlocking) {
    const auto fifo = dir_ / "fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const auto result = hash_file(fifo, hashers_);  // would block forever if opened for reading normally
    EXPECT_EQ(result.status, FileStatus::not_regular);
    EXPECT_NE(result.message.find("FIFO"), std::string::npos);
}

TEST_F(FileHashTest, PermissionDeniedIsUnreadable) {
    if (::geteuid() == 0) GTEST_SKIP() << "root reads any file; permission cannot be denied here";
    const auto path = write("secret", "x");
    fs::permissions(path, fs::perms::none);
    const auto result = hash_file(path, hashers_);
    EXPECT_EQ(result.status, FileStatus::unreadable);
    EXPECT_EQ(result.message, "Permission denied");
}

TEST_F(FileHashTest, FileIsNeverModified) {
    const auto path = write("keep", "contents");
    const auto before = fs::last_write_time(path);
    ASSERT_EQ(hash_file(path, hashers_).status, FileStatus::ok);
    EXPECT_EQ(fs::last_write_time(path), before);
    std::ifstream in(path);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "contents");
}

}  // namespace
}  // namespace hashscope
