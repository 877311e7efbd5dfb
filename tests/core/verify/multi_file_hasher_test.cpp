// The multi-file hasher: results in list order whatever the sizes, progress that adds up, a
// prompt cancel, and on a spinning disk files that finish in list order (the disk's ticket).
#include "hashscope/verify/multi_file_hasher.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "hashscope/registry.hpp"
#include "verify/digest_hooks.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

// Content that differs from file to file and within a file, quick to make for 100 MiB.
std::string text_of(std::size_t size, unsigned seed) {
    std::string text(size, '\0');
    for (std::size_t i = 0; i < size; ++i) text[i] = static_cast<char>((i * 131 + i / 4093 + seed * 7) & 0xff);
    return text;
}

Digest one_shot(const char* id, const std::string& text) {
    auto hasher = Registry::host().make_hasher(id).value();
    hasher->update(std::as_bytes(std::span(text.data(), text.size())));
    return hasher->finish();
}

class MultiFileHasherTest : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("hashscope-multi-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    // Files of these sizes, named by their place in the list.
    std::vector<fs::path> write_files(const std::vector<std::size_t>& sizes) {
        std::vector<fs::path> files;
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            files.push_back(dir_ / ("f" + std::to_string(i)));
            contents_.push_back(text_of(sizes[i], static_cast<unsigned>(i)));
            std::ofstream(files.back(), std::ios::binary) << contents_.back();
        }
        return files;
    }

    fs::path dir_;
    std::vector<std::string> contents_;
};

const std::vector<const AlgorithmInfo*> kAlgorithms{find_algorithm("sha256"), find_algorithm("crc32c")};

TEST_F(MultiFileHasherTest, ResultsComeInListOrderWhateverTheSizes) {
    const auto files = write_files({3 << 20, 1, 0, 700'000, 10, (2 << 20) + 1, 5, 5 << 20, 3, 64 * 1024, 2, 1});
    std::vector<FileHashResult> results(files.size());
    std::vector<std::size_t> order;
    const auto caller = std::this_thread::get_id();
    MultiHashOptions options;
    options.parallel_files = 4;
    options.disk = DiskKind::solid_state;
    const auto plan = hash_files(
        files, options, [&](std::size_t i, FileReader& reader) { results[i] = reader.read(kAlgorithms); },
        [&](std::size_t i) {
            EXPECT_EQ(std::this_thread::get_id(), caller) << "done() runs on the caller's thread";
            order.push_back(i);
            ASSERT_EQ(results[i].status, FileStatus::ok) << results[i].message;
            EXPECT_EQ(results[i].bytes, contents_[i].size());
            EXPECT_EQ(results[i].digests.at(0).hex(), one_shot("sha256", contents_[i]).hex()) << i;
            EXPECT_EQ(results[i].digests.at(1).hex(), one_shot("crc32c", contents_[i]).hex()) << i;
        });
    EXPECT_EQ(plan.parallel_files, 4U);
    EXPECT_FALSE(plan.disk_takes_turns);
    ASSERT_EQ(order.size(), files.size());
    for (std::size_t i = 0; i < order.size(); ++i) EXPECT_EQ(order[i], i);
}

TEST_F(MultiFileHasherTest, ProgressAddsUpToTheTotalBytes) {
    const std::vector<std::size_t> sizes{5 << 20, 100, (1 << 20) + 7, 0, 3 << 20};
    const auto files = write_files(sizes);
    std::map<std::size_t, std::uint64_t> last;
    std::atomic<int> inside{0};
    MultiHashOptions options;
    options.parallel_files = 3;
    hash_files(
        files, options,
        [&](std::size_t, FileReader& reader) { EXPECT_EQ(reader.read(kAlgorithms).status, FileStatus::ok); },
        [](std::size_t) {},
        [&](std::size_t i, std::uint64_t done, std::uint64_t total) {
            EXPECT_EQ(++inside, 1) << "one progress call at a time";
            EXPECT_EQ(total, sizes.at(i));
            EXPECT_GE(done, last[i]) << "progress never goes back";
            last[i] = done;
            --inside;
        });
    std::uint64_t reported = 0;
    for (const auto& [index, done] : last) reported += done;
    std::uint64_t total = 0;
    for (auto size : sizes) total += size;
    EXPECT_EQ(reported, total);
}

TEST_F(MultiFileHasherTest, ACancelStopsPromptlyAndEveryFileIsStillDone) {
    const auto files = write_files(std::vector<std::size_t>(12, 4 << 20));
    std::vector<FileHashResult> results(files.size());
    std::vector<bool> done(files.size(), false);
    std::stop_source stop;
    MultiHashOptions options;
    options.parallel_files = 3;
    options.disk = DiskKind::solid_state;
    hash_files(
        files, options, [&](std::size_t i, FileReader& reader) { results[i] = reader.read(kAlgorithms); },
        [&](std::size_t i) { done[i] = true; }, [&](std::size_t, std::uint64_t, std::uint64_t) { stop.request_stop(); },
        stop.get_token());
    std::uint64_t read = 0;
    for (std::size_t i = 0; i < files.size(); ++i) {
        EXPECT_TRUE(done[i]) << i;
        EXPECT_TRUE(results[i].status == FileStatus::cancelled || results[i].status == FileStatus::ok) << i;
        read += results[i].bytes;
    }
    EXPECT_EQ(results.back().status, FileStatus::cancelled);
    // At most the files already being read when the stop came, and none of them to the end.
    EXPECT_LE(read, std::uint64_t{options.parallel_files} * (4 << 20)) << "kept reading after the stop";
}

// A spinning disk, forced, and every read counted as one from the disk (the files were just
// written, so really they are in memory).
DigestHooks every_read_from_the_disk() {
    DigestHooks hooks;
    hooks.ask_cache_first = false;
    return hooks;
}

TEST_F(MultiFileHasherTest, OnASpinningDiskFilesFinishInListOrder) {
    // A big file first: with a plain lock the small ones behind it would be read before it ends.
    const auto files = write_files({6 << 20, 10, 3 << 20, 1, 0, 200'000, 5, 2});
    std::mutex mutex;
    std::vector<std::size_t> finished;
    MultiHashOptions options;
    options.parallel_files = 4;
    options.disk = DiskKind::rotational;
    const auto plan = hash_files_with(
        every_read_from_the_disk(), files, options,
        [&](std::size_t i, FileReader& reader) {
            EXPECT_EQ(reader.read(kAlgorithms).status, FileStatus::ok);
            const std::lock_guard lock(mutex);
            finished.push_back(i);
        },
        [](std::size_t) {}, {}, {});
    EXPECT_TRUE(plan.disk_takes_turns);
    EXPECT_EQ(plan.storage.kind, StorageKind::rotational);
    ASSERT_EQ(finished.size(), files.size());
    for (std::size_t i = 0; i < finished.size(); ++i)
        EXPECT_EQ(finished[i], i) << "the disk serves files in list order";
}

TEST_F(MultiFileHasherTest, FilesWaitingForTheDiskTurnAreCancelledToo) {
    const auto files = write_files(std::vector<std::size_t>(8, 3 << 20));
    std::vector<FileHashResult> results(files.size());
    std::stop_source stop;
    MultiHashOptions options;
    options.parallel_files = 4;
    options.disk = DiskKind::rotational;
    hash_files_with(
        every_read_from_the_disk(), files, options,
        [&](std::size_t i, FileReader& reader) { results[i] = reader.read(kAlgorithms); }, [](std::size_t) {},
        [&](std::size_t, std::uint64_t, std::uint64_t) { stop.request_stop(); }, stop.get_token());
    for (std::size_t i = 0; i < files.size(); ++i) EXPECT_EQ(results[i].status, FileStatus::cancelled) << i;
}

// The first read of the first file waits (at most 10 s) for the second file's first read, so that
// the second file starts while the first is being read.
std::atomic<int> g_reads{0};
ssize_t first_read_waits_for_another(int fd, void* buffer, std::size_t size, off_t offset) {
    if (g_reads.fetch_add(1) == 0) {
        for (int waited = 0; g_reads.load() < 2 && waited < 10'000; ++waited) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
    return ::pread(fd, buffer, size, offset);
}

// A file shorter than a split, read while another is, takes its share of the cores: with two
// cores one, so the second file here is read inline where the first took the pipeline.
TEST_F(MultiFileHasherTest, AFileReadWhileAnotherIsSharesTheCores) {
    const unsigned cores = std::thread::hardware_concurrency();
    if (cores < 2) GTEST_SKIP() << "one core: nothing to share";
    const auto files = write_files({3 << 20, 3 << 20});
    g_reads = 0;
    DigestHooks hooks;
    hooks.pread = &first_read_waits_for_another;
    MultiHashOptions options;
    options.parallel_files = 2;
    options.disk = DiskKind::solid_state;
    std::vector<ReadStrategy> strategies(files.size());
    hash_files_with(
        hooks, files, options,
        [&](std::size_t i, FileReader& reader) {
            for (int waited = 0; i == 1 && g_reads.load() == 0 && waited < 10'000; ++waited) {
                std::this_thread::sleep_for(std::chrono::milliseconds(1));  // until the first is being read
            }
            EXPECT_EQ(reader.read(kAlgorithms).status, FileStatus::ok);
            strategies[i] = reader.last_strategy();
        },
        [](std::size_t) {}, {}, {});
    EXPECT_EQ(strategies[0], ReadStrategy::pipelined);
    EXPECT_EQ(strategies[1], cores / 2 > 1 ? ReadStrategy::pipelined : ReadStrategy::inline_serial);
}

TEST_F(MultiFileHasherTest, AnUnusableImplementationIsReportedPerFile) {
    const auto files = write_files({10});
    MultiHashOptions options;
    options.impl = "no-such-implementation";
    FileHashResult result;
    hash_files(
        files, options, [&](std::size_t, FileReader& reader) { result = reader.read(kAlgorithms); },
        [](std::size_t) {});
    EXPECT_EQ(result.status, FileStatus::unreadable);
    EXPECT_FALSE(result.message.empty());
}

}  // namespace
}  // namespace hashscope::verify
