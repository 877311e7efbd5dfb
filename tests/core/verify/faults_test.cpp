// Faults the verifier must survive and report (docs/reliability.md): I/O errors (through the pread seam), a
// file deleted mid-read, names longer than PATH_MAX, leaked descriptors, slow cancels, and a full
// disk when saving (the old file stays intact).
#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "hashscope/atomic_file.hpp"
#include "hashscope/verify/check_job.hpp"
#include "hashscope/verify/file_digester.hpp"
#include "verify/digest_hooks.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

// The injected disk: fails with EIO for any read that reaches past this offset.
std::atomic<off_t> g_fail_at{0};
ssize_t failing_pread(int fd, void* buffer, std::size_t size, off_t offset) {
    if (offset + static_cast<off_t>(size) > g_fail_at.load()) {
        errno = EIO;
        return -1;
    }
    return ::pread(fd, buffer, size, offset);
}

std::size_t open_descriptors() {
    std::size_t n = 0;
    for (const auto& entry : fs::directory_iterator("/proc/self/fd")) {
        (void)entry;
        ++n;
    }
    return n;
}

class FaultsTest : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("hashscope-faults-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    fs::path write(const std::string& name, std::size_t size) {
        const auto path = dir_ / name;
        std::ofstream(path, std::ios::binary) << std::string(size, 'h');
        return path;
    }

    static std::unique_ptr<FileDigester> digester(std::initializer_list<const char*> ids, DigestOptions options,
                                                  DigestHooks hooks = {}) {
        std::vector<const AlgorithmInfo*> algorithms;
        for (const char* id : ids) algorithms.push_back(find_algorithm(id));
        return std::move(DigesterInternals::make(algorithms, std::move(options), std::move(hooks)).value());
    }

    fs::path dir_;
};

TEST_F(FaultsTest, AnIoErrorIsReportedByEveryReadStrategy) {
    const auto path = write("eio", 3 << 20);
    g_fail_at = 1 << 20;
    DigestOptions inline_read;
    inline_read.inline_max_size = ~std::uint64_t{0};
    DigestOptions pipelined;
    pipelined.threads = 2;
    pipelined.inline_max_size = 0;
    DigestOptions split = pipelined;
    split.split_min_size = 0;
    DigestHooks failing;
    failing.pread = &failing_pread;
    for (const auto& options : {inline_read, pipelined, split}) {
        auto d = digester({"crc32c"}, options, failing);
        const auto result = d->digest(path);
        EXPECT_EQ(result.status, FileStatus::unreadable) << to_string(d->last_strategy());
        EXPECT_NE(result.message.find("Input/output error"), std::string::npos) << result.message;
        EXPECT_TRUE(result.digests.empty());
    }
}

TEST_F(FaultsTest, AFileDeletedWhileReadIsNotVouchedFor) {
    const auto path = write("doomed", 3 << 20);
    DigestOptions options;
    options.block_size = 64 * 1024;
    auto d = digester({"sha256"}, options);
    bool deleted = false;
    const auto result = d->digest(path, [&](std::uint64_t, std::uint64_t) {
        if (!deleted) deleted = fs::remove(path);
    });
    ASSERT_TRUE(deleted);
    EXPECT_EQ(result.status, FileStatus::changed);
    EXPECT_NE(result.message.find("deleted"), std::string::npos) << result.message;
}

TEST_F(FaultsTest, ANameLongerThanPathMaxIsReportedNotFatal) {
    std::string name = dir_.string();
    while (name.size() <= 5000) name += "/" + std::string(200, 'n');
    auto d = digester({"sha256"}, {});
    const auto result = d->digest(name);
    EXPECT_EQ(result.status, FileStatus::unreadable);
    EXPECT_NE(result.message.find("too long"), std::string::npos) << result.message;
}

TEST_F(FaultsTest, TenThousandVerificationsLeakNoDescriptor) {
    const auto good = write("good", 1000);
    const auto big = write("big", 3 << 20);
    ASSERT_EQ(::mkfifo((dir_ / "fifo").c_str(), 0600), 0);
    DigestOptions options;
    options.threads = 2;
    auto d = digester({"sha256", "crc32c"}, options);
    const auto before = open_descriptors();
    const fs::path paths[] = {good, dir_ / "missing", dir_ / "fifo", dir_, big};
    for (int i = 0; i < 10'000; ++i) {
        const auto& path = paths[i % 5];
        if (path == big && i % 500 != 4) continue;  // the threaded paths too, a few times
        (void)d->digest(path);
    }
    std::stop_source stop;
    stop.request_stop();
    (void)d->digest(big, {}, stop.get_token());
    EXPECT_EQ(open_descriptors(), before);
}

TEST_F(FaultsTest, CancelReturnsPromptlyFromAHugeFile) {
    const auto path = dir_ / "sparse";
    {
        std::ofstream(path, std::ios::binary).put('x');
        fs::resize_file(path, std::uint64_t{8} << 30);  // sparse: 8 GiB of zeros, nothing on disk
    }
    for (const char* algorithm : {"sha256", "crc32c"}) {  // the pipeline and the split read
        auto d = digester({algorithm}, {});
        std::stop_source stop;
        std::atomic<bool> started{false};
        auto requested = std::chrono::steady_clock::now();
        std::jthread canceller([&] {
            while (!started.load()) std::this_thread::yield();
            requested = std::chrono::steady_clock::now();
            stop.request_stop();
        });
        const auto result = d->digest(
            path, [&](std::uint64_t, std::uint64_t) { started = true; }, stop.get_token());
        const auto waited = std::chrono::steady_clock::now() - requested;
        canceller.join();
        EXPECT_EQ(result.status, FileStatus::cancelled) << algorithm;
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(waited).count();
        RecordProperty(std::string("cancel_ms_") + algorithm, static_cast<int>(ms));
        // The promise is 100 ms; the bound here is loose so a loaded CI machine cannot flake it.
        EXPECT_LT(ms, 1000) << algorithm;
    }
}

TEST_F(FaultsTest, AFullDiskWhenSavingLeavesTheOldFileIntact) {
    const auto path = dir_ / "SHA256SUMS";
    ASSERT_TRUE(write_file_atomically(path, "old contents\n").ok());
    // RLIMIT_FSIZE makes any write past 4 KiB fail with EFBIG, as a full disk fails with ENOSPC.
    rlimit old_limit{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old_limit), 0);
    const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small = old_limit;
    small.rlim_cur = 4096;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
    const auto saved = write_file_atomically(path, std::string(100'000, 'n'));
    ::setrlimit(RLIMIT_FSIZE, &old_limit);
    std::signal(SIGXFSZ, old_handler);

    ASSERT_FALSE(saved.ok());
    EXPECT_FALSE(saved.error().message.empty());
    std::ifstream in(path);
    const std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(content, "old contents\n");
    std::size_t leftovers = 0;
    for (const auto& entry : fs::directory_iterator(dir_)) leftovers += entry.path() != path ? 1 : 0;
    EXPECT_EQ(leftovers, 0U) << "no temporary is left behind";
}

}  // namespace
}  // namespace hashscope::verify
