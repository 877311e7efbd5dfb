// Skipping single entries of a check (EntrySkips): a skipped entry's file is not read, or its read
// stops within a block, and every other entry is checked as usual; a file that another entry still
// wants is read through for that one.
#include "hashscope/verify/entry_skips.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "hashscope/registry.hpp"
#include "hashscope/verify/check_job.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

// Far more than one block; sparse, so no disk space, and read far slower than the test runs.
constexpr std::uintmax_t kBig = std::uintmax_t{4} << 30;

class EntrySkipsTest : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("hashscope-entry-skips-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    void write(const std::string& name, const std::string& content) {
        std::ofstream(dir_ / name, std::ios::binary) << content;
    }

    static SumsEntry entry(std::string name, const char* algorithm, const std::string& content) {
        auto hasher = Registry::host().make_hasher(algorithm).value();
        hasher->update(std::as_bytes(std::span(content)));
        const auto d = hasher->finish();
        SumsEntry e;
        e.name = std::move(name);
        e.candidates = {find_algorithm(algorithm)};
        e.expected = {d.bytes().begin(), d.bytes().end()};
        return e;
    }

    std::vector<CheckResult> check(const std::vector<SumsEntry>& entries, CheckOptions options,
                                   const CheckProgress& progress = {}) {
        std::vector<CheckResult> results;
        check_entries(
            dir_, entries, options, [&](std::size_t, const CheckResult& r) { results.push_back(r); }, progress);
        EXPECT_EQ(results.size(), entries.size());
        return results;
    }

    fs::path dir_;
};

TEST(EntrySkipsWatch, StopsItsSourceOnceEveryEntryIsSkippedAndNotAfterItEnds) {
    EntrySkips skips;
    const std::vector<std::size_t> file{1, 2};
    std::stop_source source;
    {
        const auto watch = skips.watch(file, source);
        skips.skip(1);
        EXPECT_FALSE(source.stop_requested()) << "entry 2 still wants the file";
        skips.skip(2);
        EXPECT_TRUE(source.stop_requested());
    }
    std::stop_source later;
    { const auto watch = skips.watch(file, later); }
    EXPECT_TRUE(later.stop_requested()) << "already skipped: stopped at once";
    std::stop_source ended;
    { const auto watch = skips.watch(std::vector<std::size_t>{3}, ended); }
    skips.skip(3);
    EXPECT_FALSE(ended.stop_requested()) << "a watch that ended is not stopped";
    EXPECT_TRUE(skips.skipped(3));
    EXPECT_FALSE(skips.skipped(0));
}

TEST_F(EntrySkipsTest, AnEntrySkippedBeforeItsFileIsReadIsNotRead) {
    write("a", "alpha");
    write("b", "beta");
    write("c", "gamma");
    EntrySkips skips;
    skips.skip(1);
    CheckOptions options;
    options.skips = &skips;
    const auto r =
        check({entry("a", "sha256", "alpha"), entry("b", "sha256", "beta"), entry("c", "sha256", "gamma")}, options);
    EXPECT_EQ(r[0].verdict, Verdict::ok);
    EXPECT_EQ(r[1].verdict, Verdict::skipped);
    EXPECT_EQ(r[1].bytes, 0U);
    EXPECT_EQ(r[1].message, "skipped");
    EXPECT_EQ(r[2].verdict, Verdict::ok);
}

TEST_F(EntrySkipsTest, SkippingAnEntryWhileItsFileIsReadStopsThatReadAndTheOthersGoOn) {
    write("big", "");
    fs::resize_file(dir_ / "big", kBig);
    write("small", "small");
    EntrySkips skips;
    CheckOptions options;
    options.skips = &skips;
    options.parallel_files = 1;  // the big file first, then the small one
    std::atomic<bool> asked{false};
    const auto r = check({entry("big", "sha256", ""), entry("small", "sha256", "small")}, options,
                         [&](std::size_t entry, std::uint64_t, std::uint64_t) {
                             if (entry == 0 && !asked.exchange(true)) skips.skip(0);
                         });
    EXPECT_TRUE(asked);
    EXPECT_EQ(r[0].verdict, Verdict::skipped);
    EXPECT_LT(r[0].bytes, kBig) << "the read stopped";
    EXPECT_EQ(r[1].verdict, Verdict::ok);
    EXPECT_STREQ(to_string(Verdict::skipped), "SKIPPED");
}

TEST_F(EntrySkipsTest, AFileAnotherEntryStillWantsIsReadThroughForIt) {
    write("f", "shared");
    EntrySkips skips;
    skips.skip(0);
    CheckOptions options;
    options.skips = &skips;
    const auto r = check({entry("f", "sha256", "shared"), entry("f", "md5", "shared")}, options);
    EXPECT_EQ(r[0].verdict, Verdict::skipped);
    EXPECT_EQ(r[1].verdict, Verdict::ok);
    EXPECT_EQ(r[1].bytes, 6U);
}

}  // namespace
}  // namespace hashscope::verify
