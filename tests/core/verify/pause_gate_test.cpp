// PauseGate: a read that waits at the gate between blocks reads nothing more while paused,
// finishes with the right digest once resumed, and a stop ends it while paused.
#include "hashscope/verify/pause_gate.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "hashscope/registry.hpp"
#include "hashscope/verify/file_digester.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

class PauseGateTest : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("hashscope-pause-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
        data_.assign(std::size_t{4} << 20, 'p');
        path_ = dir_ / "f";
        std::ofstream(path_, std::ios::binary).write(data_.data(), static_cast<std::streamsize>(data_.size()));
    }
    void TearDown() override { fs::remove_all(dir_); }

    // SHA-256 in 64 KiB blocks on a single thread: many progress calls, each a place to pause.
    // Read, not mapped: a mapping is hashed 8 MiB at a time (mapped_file.hpp), the whole file.
    [[nodiscard]] std::unique_ptr<FileDigester> digester() const {
        const AlgorithmInfo* sha256 = find_algorithm("sha256");
        DigestOptions options;
        options.threads = 1;
        options.block_size = std::size_t{64} << 10;
        options.map_files = DigestOptions::Mapping::never;
        options.inline_max_size = std::uint64_t{1} << 30;
        auto made = FileDigester::make(std::span<const AlgorithmInfo* const>(&sha256, 1), options);
        EXPECT_TRUE(made.ok());
        return std::move(made.value());
    }

    // Reads the file on another thread, waiting at `gate` after every block; `arrivals` counts
    // the waits begun and `reported` is the progress last reported.
    [[nodiscard]] std::future<FileHashResult> read_async(FileDigester& d, PauseGate& gate, std::stop_source& stop,
                                                         std::atomic<int>& arrivals,
                                                         std::atomic<std::uint64_t>& reported) const {
        return std::async(std::launch::async, [&, path = path_] {
            return d.digest(
                path,
                [&](std::uint64_t done, std::uint64_t) {
                    reported = done;
                    ++arrivals;
                    gate.wait(stop.get_token());
                },
                stop.get_token());
        });
    }

    [[nodiscard]] std::string expected_hex() const {
        auto hasher = Registry::host().make_hasher("sha256").value();
        hasher->update(std::as_bytes(std::span(data_)));
        return hasher->finish().hex();
    }

    fs::path dir_;
    fs::path path_;
    std::vector<char> data_;
};

TEST_F(PauseGateTest, OpenGateNeverWaits) {
    PauseGate gate;
    EXPECT_FALSE(gate.paused());
    EXPECT_TRUE(gate.wait({}));
}

TEST_F(PauseGateTest, PausedReadStopsThenFinishesWhenResumed) {
    PauseGate gate;
    gate.pause();
    ASSERT_TRUE(gate.paused());
    std::atomic<std::uint64_t> reported{0};
    std::atomic<int> arrivals{0};
    const auto d = digester();
    std::stop_source stop;
    auto run = read_async(*d, gate, stop, arrivals, reported);
    while (arrivals.load() == 0) std::this_thread::yield();
    const std::uint64_t at_pause = reported.load();
    // Paused: no more blocks are read, however long we wait.
    EXPECT_EQ(run.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout);
    EXPECT_EQ(reported.load(), at_pause);
    EXPECT_EQ(arrivals.load(), 1);
    EXPECT_LT(at_pause, data_.size());
    gate.resume();
    const auto result = run.get();
    ASSERT_EQ(result.status, FileStatus::ok) << result.message;
    EXPECT_EQ(result.bytes, data_.size());
    ASSERT_EQ(result.digests.size(), 1U);
    EXPECT_EQ(result.digests[0].hex(), expected_hex());
}

TEST_F(PauseGateTest, StopEndsAPausedRead) {
    PauseGate gate;
    gate.pause();
    std::atomic<int> arrivals{0};
    std::atomic<std::uint64_t> reported{0};
    const auto d = digester();
    std::stop_source stop;
    auto run = read_async(*d, gate, stop, arrivals, reported);
    while (arrivals.load() == 0) std::this_thread::yield();
    stop.request_stop();  // the gate is still paused
    const auto result = run.get();
    EXPECT_EQ(result.status, FileStatus::cancelled);
    EXPECT_TRUE(gate.paused());
    EXPECT_FALSE(gate.wait(stop.get_token()));
}

}  // namespace
}  // namespace hashscope::verify
