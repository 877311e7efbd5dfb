// FileDigester: every way of reading a file (inline, pipelined, split into pieces) gives the
// digests a one-shot hasher gives; odd files, changes and cancels are reported, never hang.
#include "hashscope/verify/file_digester.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "hashscope/registry.hpp"
#include "verify/digest_hooks.hpp"
#include "verify/mapped_file.hpp"
#include "verify/page_cache.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

std::vector<std::byte> random_bytes(std::size_t size, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::byte> data(size);
    for (auto& b : data) b = static_cast<std::byte>(rng());
    return data;
}

std::vector<const AlgorithmInfo*> algorithms_of(std::initializer_list<const char*> ids) {
    std::vector<const AlgorithmInfo*> out;
    for (const char* id : ids) out.push_back(find_algorithm(id));
    return out;
}

Digest one_shot(const AlgorithmInfo& algorithm, std::span<const std::byte> data) {
    auto hasher = Registry::host().make_hasher(algorithm.id).value();
    hasher->update(data);
    return hasher->finish();
}

class FileDigesterTest : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("hashscope-digester-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    fs::path write(const std::string& name, std::span<const std::byte> data) {
        const auto path = dir_ / name;
        std::ofstream(path, std::ios::binary)
            .write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
        return path;
    }

    std::unique_ptr<FileDigester> digester(std::initializer_list<const char*> ids, DigestOptions options,
                                           DigestHooks hooks = {}) {
        const auto algorithms = algorithms_of(ids);
        auto made = DigesterInternals::make(algorithms, std::move(options), std::move(hooks));
        EXPECT_TRUE(made.ok()) << (made.ok() ? "" : made.error().message);
        return std::move(made.value());
    }

    // Checks every digest of `path` against the one-shot digests of `data`.
    static void expect_digests(FileDigester& d, std::initializer_list<const char*> ids, const fs::path& path,
                               std::span<const std::byte> data) {
        const auto result = d.digest(path);
        ASSERT_EQ(result.status, FileStatus::ok) << result.message;
        EXPECT_EQ(result.bytes, data.size());
        const auto algorithms = algorithms_of(ids);
        ASSERT_EQ(result.digests.size(), algorithms.size());
        for (std::size_t i = 0; i < algorithms.size(); ++i) {
            EXPECT_EQ(result.digests[i].hex(), one_shot(*algorithms[i], data).hex()) << algorithms[i]->id;
        }
    }

    fs::path dir_;
};

// Small blocks and thresholds of zero push small files through the threaded paths. The pipeline
// copies blocks for every algorithm: one algorithm alone would be hashed from a mapping instead.
DigestOptions pipelined_options(unsigned threads) {
    DigestOptions o;
    o.threads = threads;
    o.block_size = 4096;
    o.inline_max_size = 0;
    o.split_min_size = ~std::uint64_t{0};
    o.map_files = DigestOptions::Mapping::never;
    return o;
}

DigestOptions split_options(bool mapped = true) {
    DigestOptions o;
    o.threads = 2;
    o.block_size = 64 * 1024;
    o.split_min_size = 0;
    o.compute_bound_split_min_size = 0;
    o.map_files = mapped ? DigestOptions::Mapping::always : DigestOptions::Mapping::never;
    o.map_min_size = 0;
    return o;
}

// One algorithm hashed from a mapping of the file: on one thread whatever its size; with two, a
// file of more than one mapped window has the second map the pages ahead, a cached shorter one
// is hashed on one thread.
DigestOptions mapped_options(unsigned threads) {
    DigestOptions o;
    o.threads = threads;
    o.block_size = 64 * 1024;
    o.map_files = DigestOptions::Mapping::always;
    o.map_min_size = 0;
    return o;
}

// Two cores for one file, in small blocks, with the thresholds as they ship.
DigestOptions two_cores() {
    DigestOptions o;
    o.threads = 2;
    o.block_size = 64 * 1024;
    return o;
}

TEST_F(FileDigesterTest, InlinePipelinedAndSplitReadsAgreeWithOneShot) {
    for (const std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{4095}, std::size_t{4096},
                                   std::size_t{100'003}, (std::size_t{5} << 20) + 17}) {
        SCOPED_TRACE(size);
        const auto data = random_bytes(size, static_cast<unsigned>(size));
        const auto path = write("f.bin", data);

        auto inline_d = digester({"sha256", "crc32c", "md5"}, DigestOptions{});
        expect_digests(*inline_d, {"sha256", "crc32c", "md5"}, path, data);

        for (unsigned threads : {1U, 2U, 3U}) {
            auto piped = digester({"sha256", "crc32c", "md5"}, pipelined_options(threads));
            expect_digests(*piped, {"sha256", "crc32c", "md5"}, path, data);
            if (threads > 1 && size > 0) {
                EXPECT_EQ(piped->last_strategy(), ReadStrategy::pipelined);
            }
        }
        for (const bool mapped : {true, false}) {
            auto split = digester({"crc32c", "crc64nvme", "blake3", "adler32"}, split_options(mapped));
            expect_digests(*split, {"crc32c", "crc64nvme", "blake3", "adler32"}, path, data);
            EXPECT_EQ(split->last_strategy(), ReadStrategy::split_pieces);
        }
        auto mapped = digester({"sha256"}, mapped_options(1));
        expect_digests(*mapped, {"sha256"}, path, data);
    }
}

// With a second core, a file of more than one window is mapped ahead of the hash by another
// thread, which unmaps the windows behind it; a file of one window is not worth the thread.
TEST_F(FileDigesterTest, AMappingReadInManyWindowsWithAnotherThreadMappingAheadHashesAllOfIt) {
    const auto data = random_bytes(3 * kMappedStep + 17, 11);
    const auto path = write("windows.bin", data);
    auto d = digester({"xxh3"}, mapped_options(2));
    std::vector<std::uint64_t> steps;
    const auto result = d->digest(path, [&](std::uint64_t done, std::uint64_t) { steps.push_back(done); });
    ASSERT_EQ(result.status, FileStatus::ok) << result.message;
    EXPECT_EQ(d->last_strategy(), ReadStrategy::mapped_ahead);
    EXPECT_EQ(steps, (std::vector<std::uint64_t>{kMappedStep, 2 * kMappedStep, 3 * kMappedStep, data.size()}));
    expect_digests(*d, {"xxh3"}, path, data);

    const auto one_window = std::vector<std::byte>(data.begin(), data.begin() + kMappedStep);
    expect_digests(*d, {"xxh3"}, write("window.bin", one_window), one_window);
    EXPECT_EQ(d->last_strategy(), ReadStrategy::inline_serial);
    EXPECT_TRUE(d->last_mapped());
}

// Rather than through the pipeline, whose start costs more than the hash of a few megabytes, one
// algorithm with a second core hashes a cached file of one window from a mapping on one thread.
// Not a file that must come from the disk (asking the cache is off: every file counts as one
// from the disk), nor several algorithms, nor a file the calling thread reads alone anyway.
TEST_F(FileDigesterTest, ACachedFileOfOneWindowIsHashedFromAMappingOnOneThread) {
    const auto data = random_bytes(3 << 20, 15);
    const auto path = write("window.bin", data);
    DigestOptions options = two_cores();
    options.inline_max_size = 1 << 20;
    auto d = digester({"sha256"}, options);
    expect_digests(*d, {"sha256"}, path, data);
    EXPECT_EQ(d->last_strategy(), ReadStrategy::inline_serial);
    EXPECT_TRUE(d->last_mapped());

    DigestHooks from_disk;
    from_disk.ask_cache_first = false;
    auto uncached = digester({"sha256"}, options, from_disk);
    expect_digests(*uncached, {"sha256"}, path, data);
    EXPECT_EQ(uncached->last_strategy(), ReadStrategy::pipelined);
    EXPECT_FALSE(uncached->last_mapped());

    auto both = digester({"sha256", "md5"}, options);
    expect_digests(*both, {"sha256", "md5"}, path, data);
    EXPECT_EQ(both->last_strategy(), ReadStrategy::pipelined);

    options.inline_max_size = 4 << 20;
    auto small = digester({"sha256"}, options);
    expect_digests(*small, {"sha256"}, path, data);
    EXPECT_EQ(small->last_strategy(), ReadStrategy::inline_serial);
    EXPECT_FALSE(small->last_mapped());
}

TEST_F(FileDigesterTest, OneDigesterHashesManyFilesInTurn) {
    auto d = digester({"sha1", "xxh3"}, DigestOptions{});
    for (unsigned i = 0; i < 20; ++i) {
        const auto data = random_bytes(i * 997, i);
        expect_digests(*d, {"sha1", "xxh3"}, write("f" + std::to_string(i), data), data);
    }
}

TEST_F(FileDigesterTest, ANonCombinableAlgorithmKeepsABigFileOnThePipeline) {
    const auto data = random_bytes(3 << 20, 7);
    const auto path = write("big", data);
    auto d = digester({"crc32c", "sha256"}, split_options());
    expect_digests(*d, {"crc32c", "sha256"}, path, data);
    EXPECT_EQ(d->last_strategy(), ReadStrategy::pipelined);
}

// BLAKE3, compute-bound, is split across the cores from a few MiB; a CRC, as fast as the page
// cache is mapped, only from tens of MiB; with both, the slower decides.
TEST_F(FileDigesterTest, AComputeBoundAlgorithmIsSplitFromAFewMegabytes) {
    const auto data = random_bytes(3 << 20, 16);
    const auto path = write("few.bin", data);
    const DigestOptions options = two_cores();
    ASSERT_LT(data.size(), options.split_min_size);
    ASSERT_GE(data.size(), options.compute_bound_split_min_size);
    auto blake3 = digester({"blake3"}, options);
    expect_digests(*blake3, {"blake3"}, path, data);
    EXPECT_EQ(blake3->last_strategy(), ReadStrategy::split_pieces);
    auto both = digester({"crc32c", "blake3"}, options);
    expect_digests(*both, {"crc32c", "blake3"}, path, data);
    EXPECT_EQ(both->last_strategy(), ReadStrategy::split_pieces);
    auto crc = digester({"crc32c"}, options);
    expect_digests(*crc, {"crc32c"}, path, data);
    EXPECT_NE(crc->last_strategy(), ReadStrategy::split_pieces);

    const auto shorter = std::vector<std::byte>(data.begin(), data.begin() + (1 << 20));
    expect_digests(*blake3, {"blake3"}, write("short.bin", shorter), shorter);
    EXPECT_NE(blake3->last_strategy(), ReadStrategy::split_pieces);
}

// While other files are read at once (the multi-file hasher counts them), a file shorter than a
// split takes its share of the cores, here one; a longer one still takes every core.
TEST_F(FileDigesterTest, AFileReadBesideOthersSharesTheCoresUnlessItIsLong) {
    if (std::thread::hardware_concurrency() < 2) GTEST_SKIP() << "one core: nothing to share";
    const auto data = random_bytes(3 << 20, 18);
    const auto path = write("shared.bin", data);
    std::atomic<unsigned> reading{1};
    DigestHooks hooks;
    hooks.files_reading = &reading;
    DigestOptions options;  // every core
    options.block_size = 64 * 1024;
    options.split_min_size = 4 << 20;
    options.compute_bound_split_min_size = 1 << 20;
    auto d = digester({"blake3"}, options, hooks);
    expect_digests(*d, {"blake3"}, path, data);
    EXPECT_EQ(d->last_strategy(), ReadStrategy::split_pieces);  // read alone: every core

    reading = 1000;  // more files than cores: one each
    expect_digests(*d, {"blake3"}, path, data);
    EXPECT_EQ(d->last_strategy(), ReadStrategy::inline_serial);

    options.split_min_size = 3 << 20;  // now the file is as long as a split
    auto long_file = digester({"blake3"}, options, hooks);
    expect_digests(*long_file, {"blake3"}, path, data);
    EXPECT_EQ(long_file->last_strategy(), ReadStrategy::split_pieces);
}

TEST_F(FileDigesterTest, ReportsProgressUpToTheSize) {
    const auto data = random_bytes(1 << 20, 3);
    const auto path = write("p", data);
    for (auto options : {pipelined_options(2), split_options()}) {
        auto d = digester({"crc32c"}, options);
        std::uint64_t last = 0;
        bool monotonic = true;
        const auto result = d->digest(path, [&](std::uint64_t done, std::uint64_t total) {
            monotonic = monotonic && done > last && total == data.size();
            last = done;
        });
        ASSERT_EQ(result.status, FileStatus::ok);
        EXPECT_TRUE(monotonic);
        EXPECT_EQ(last, data.size());
    }
}

TEST_F(FileDigesterTest, CancelStopsEveryStrategy) {
    // A mapping is hashed kMappedStep at a time: more than that.
    const auto data = random_bytes(kMappedStep + (1 << 20), 5);
    const auto path = write("c", data);
    for (auto options :
         {DigestOptions{}, pipelined_options(2), split_options(), mapped_options(1), mapped_options(2)}) {
        options.block_size = 64 * 1024;
        auto d = digester({"crc32c"}, options);
        std::stop_source stop;
        std::uint64_t seen = 0;
        const auto result = d->digest(
            path,
            [&](std::uint64_t done, std::uint64_t) {
                seen = done;
                stop.request_stop();
            },
            stop.get_token());
        EXPECT_EQ(result.status, FileStatus::cancelled);
        EXPECT_TRUE(result.digests.empty());
        EXPECT_LT(seen, data.size());
    }
}

// Shrinking a mapped file makes its pages past the new end fault (SIGBUS): the read ends as a
// change like any other, and the process lives on to hash the next file.
TEST_F(FileDigesterTest, AFileThatGrowsOrShrinksWhileReadIsReportedAsChanged) {
    const auto data = random_bytes(2 << 20, 9);
    DigestOptions one_window = two_cores();  // mapped on one thread though two cores are there
    one_window.inline_max_size = 1 << 20;
    for (auto options : {DigestOptions{}, mapped_options(1), one_window, pipelined_options(2), split_options(true),
                         split_options(false)}) {
        for (const std::uint64_t new_size : {std::uint64_t{4 << 20}, std::uint64_t{100}, std::uint64_t{0}}) {
            const auto path = write("g", data);
            options.block_size = 64 * 1024;
            auto d = digester({"crc32c"}, options);
            bool changed = false;
            const auto result = d->digest(path, [&](std::uint64_t, std::uint64_t) {
                if (changed) return;
                changed = true;
                if (new_size > data.size()) {
                    std::ofstream(path, std::ios::binary | std::ios::app) << "more";
                } else {
                    fs::resize_file(path, new_size);
                }
            });
            EXPECT_EQ(result.status, FileStatus::changed)
                << "to " << new_size << " bytes, " << to_string(d->last_strategy())
                << (d->last_mapped() ? ", mapped" : "");
            EXPECT_TRUE(result.digests.empty());
            // The same digester, and the process, go on as before.
            expect_digests(*d, {"crc32c"}, write("after", data), data);
        }
    }
}

// The same while a second thread maps the windows ahead: cut short after the first window, the
// file's next window can no longer be mapped or read.
TEST_F(FileDigesterTest, AFileCutShortWhileMappedAheadIsReportedAsChanged) {
    const auto data = random_bytes(2 * kMappedStep + 5, 12);
    const auto path = write("cut", data);
    auto d = digester({"sha256"}, mapped_options(2));
    const auto result = d->digest(path, [&](std::uint64_t done, std::uint64_t) {
        if (done == kMappedStep) fs::resize_file(path, 100);
    });
    EXPECT_EQ(d->last_strategy(), ReadStrategy::mapped_ahead);
    EXPECT_EQ(result.status, FileStatus::changed) << result.message;
    EXPECT_TRUE(result.digests.empty());
    expect_digests(*d, {"sha256"}, write("after", data), data);
}

TEST_F(FileDigesterTest, OddFilesAreReportedWithoutBlocking) {
    auto d = digester({"sha256"}, DigestOptions{});
    const auto fifo = dir_ / "fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    auto r = d->digest(fifo);
    EXPECT_EQ(r.status, FileStatus::not_regular);
    EXPECT_NE(r.message.find("FIFO"), std::string::npos) << r.message;

    r = d->digest(dir_);
    EXPECT_EQ(r.status, FileStatus::not_regular);
    EXPECT_NE(r.message.find("folder"), std::string::npos) << r.message;

    r = d->digest(dir_ / "missing");
    EXPECT_EQ(r.status, FileStatus::unreadable);
    EXPECT_NE(r.message.find("No such file"), std::string::npos) << r.message;
}

TEST_F(FileDigesterTest, ReadsAPipeToItsEnd) {
    const auto data = random_bytes(300'000, 11);
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    std::jthread writer([&] {
        std::size_t off = 0;
        while (off < data.size()) {
            const auto n = ::write(fds[1], data.data() + off, std::min<std::size_t>(8192, data.size() - off));
            if (n <= 0) break;
            off += static_cast<std::size_t>(n);
        }
        ::close(fds[1]);
    });
    auto d = digester({"sha256"}, DigestOptions{});
    const auto result = d->digest_descriptor(fds[0]);
    writer.join();
    ::close(fds[0]);
    ASSERT_EQ(result.status, FileStatus::ok);
    EXPECT_EQ(result.digests.at(0).hex(), one_shot(*find_algorithm("sha256"), data).hex());
}

TEST_F(FileDigesterTest, ACachedSmallFileDoesNotWaitForTheDiskTurn) {
    const auto data = random_bytes(50'000, 13);
    const auto path = write("cached", data);  // just written: in the page cache
    // The disk is shared; asking for its turn is only recorded here.
    bool waited = false;
    DigestHooks hooks;
    hooks.wait_for_disk = [&] {
        waited = true;
        return true;
    };
    auto d = digester({"sha256"}, DigestOptions{}, hooks);
    const auto result = d->digest(path);
    ASSERT_EQ(result.status, FileStatus::ok);
    EXPECT_EQ(result.digests.at(0).hex(), one_shot(*find_algorithm("sha256"), data).hex());
    if (waited) GTEST_SKIP() << "this file system cannot read cached data without waiting (RWF_NOWAIT)";
}

TEST_F(FileDigesterTest, AStopWhileWaitingForTheDiskTurnCancelsTheRead) {
    const auto data = random_bytes(50'000, 14);
    const auto path = write("waiting", data);
    std::stop_source stop;
    DigestHooks hooks;
    hooks.ask_cache_first = false;
    hooks.wait_for_disk = [&] {
        stop.request_stop();  // the turn never comes: the wait ends with the stop
        return false;
    };
    auto d = digester({"sha256"}, DigestOptions{}, hooks);
    EXPECT_EQ(d->digest(path, {}, stop.get_token()).status, FileStatus::cancelled);
}

TEST_F(FileDigesterTest, OnASpinningDiskOnlyACachedBigFileIsSplit) {
    const auto data = random_bytes(3 << 20, 17);
    const auto path = write("big", data);
    auto options = split_options();
    options.rotational = true;
    DigestHooks shared_disk;
    shared_disk.wait_for_disk = [] { return true; };
    auto d = digester({"crc32c"}, options, shared_disk);
    expect_digests(*d, {"crc32c"}, path, data);  // just written and read: in the page cache
    EXPECT_EQ(d->last_strategy(), ReadStrategy::split_pieces);

    // Dropped from the cache, the same file is read in one stream, in the disk's turn.
    const int fd = ::open(path.c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    ::fdatasync(fd);
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    const bool evicted = !looks_cached(fd, data.size());
    ::close(fd);
    if (!evicted) GTEST_SKIP() << "this file system keeps the file in memory (tmpfs?)";
    expect_digests(*d, {"crc32c"}, path, data);
    EXPECT_EQ(d->last_strategy(), ReadStrategy::pipelined);
}

// One algorithm that cannot be split hashes a cached file of many windows alone on one thread
// from a mapping where calibration measured that faster; else a second thread maps ahead.
TEST_F(FileDigesterTest, HashesAloneOnOneThreadWhereTheCalibrationMeasuredItFaster) {
    const auto data = random_bytes(kMappedStep + (1 << 20), 10);
    const auto path = write("alone.bin", data);
    const Registry registry(Registry::host().features());
    DispatchPlan alone_plan;
    alone_plan.one_thread_cached_files = {"sha256"};
    DigestOptions options = split_options();
    options.registry = &registry;
    options.map_files = DigestOptions::Mapping::as_measured;
    options.inline_max_size = 1 << 20;
    for (const DispatchPlan* plan :
         {static_cast<const DispatchPlan*>(nullptr), static_cast<const DispatchPlan*>(&alone_plan)}) {
        SCOPED_TRACE(plan == nullptr ? "no plan" : "sha256 alone");
        registry.use_plan(plan);
        auto d = digester({"sha256"}, options);
        expect_digests(*d, {"sha256"}, path, data);
        EXPECT_EQ(d->last_strategy(), plan == nullptr ? ReadStrategy::mapped_ahead : ReadStrategy::inline_serial);
        EXPECT_TRUE(d->last_mapped());
    }
    // Not with a second algorithm, nor when the options say how to read.
    auto both = digester({"sha256", "md5"}, options);
    expect_digests(*both, {"sha256", "md5"}, path, data);
    EXPECT_EQ(both->last_strategy(), ReadStrategy::pipelined);
    options.map_files = DigestOptions::Mapping::always;
    auto asked = digester({"sha256"}, options);
    expect_digests(*asked, {"sha256"}, path, data);
    EXPECT_EQ(asked->last_strategy(), ReadStrategy::mapped_ahead);
    registry.use_plan(nullptr);
}

// Mapping or copying a cached file follows the registry's calibration unless the options say.
TEST_F(FileDigesterTest, MapsCachedFilesAsTheCalibrationMeasured) {
    const auto data = random_bytes(3 << 20, 9);
    const auto path = write("f.bin", data);
    const Registry registry(Registry::host().features());
    DispatchPlan copy_plan;
    copy_plan.copy_cached_files = {"blake3", "crc32c"};
    DispatchPlan map_plan;  // crc32c was measured faster mapped, another algorithm copied
    map_plan.copy_cached_files = {"blake3"};
    const DispatchPlan unmeasured;  // a calibration without the file probe
    struct Case {
        const char* name;
        const DispatchPlan* plan;
        DigestOptions::Mapping asked;
        bool mapped;
    };
    using Mapping = DigestOptions::Mapping;
    for (const auto& c : {Case{"no plan", nullptr, Mapping::as_measured, true},
                          Case{"unmeasured", &unmeasured, Mapping::as_measured, true},
                          Case{"crc32c mapped", &map_plan, Mapping::as_measured, true},
                          Case{"crc32c copied", &copy_plan, Mapping::as_measured, false},
                          Case{"copied, but always asked", &copy_plan, Mapping::always, true},
                          Case{"mapped, but never asked", &map_plan, Mapping::never, false}}) {
        registry.use_plan(c.plan);
        for (const unsigned threads : {1U, 2U}) {
            SCOPED_TRACE(testing::Message() << c.name << ", threads " << threads);
            DigestOptions options = threads == 1 ? mapped_options(1) : split_options();
            options.registry = &registry;
            options.map_files = c.asked;
            auto d = digester({"crc32c"}, options);
            expect_digests(*d, {"crc32c"}, path, data);
            EXPECT_EQ(d->last_mapped(), c.mapped);
        }
    }
    // Split pieces of several algorithms are copied when any of them was measured faster so.
    registry.use_plan(&map_plan);
    DigestOptions options = split_options();
    options.registry = &registry;
    options.map_files = Mapping::as_measured;
    auto d = digester({"crc32c", "blake3"}, options);
    expect_digests(*d, {"crc32c", "blake3"}, path, data);
    EXPECT_EQ(d->last_strategy(), ReadStrategy::split_pieces);
    EXPECT_FALSE(d->last_mapped());
    registry.use_plan(nullptr);
}

TEST_F(FileDigesterTest, RefusesAnImplementationTheCpuLacks) {
    const Registry bare(CpuFeatureSet{});
    DigestOptions options;
    options.registry = &bare;
#if defined(HASHSCOPE_X86_KERNELS)
    options.impl = "sse42";
    const auto algorithms = algorithms_of({"crc32c"});
#else
    options.impl = "isal";  // needs PMULL on aarch64
    const auto algorithms = algorithms_of({"crc64xz"});
#endif
    const auto made = FileDigester::make(algorithms, options);
    ASSERT_FALSE(made.ok());
    EXPECT_NE(made.error().message.find("needs CPU features"), std::string::npos) << made.error().message;
}

}  // namespace
}  // namespace hashscope::verify
