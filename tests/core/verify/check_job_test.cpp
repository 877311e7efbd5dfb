// check_entries: every line gets a verdict, in line order, from one read per file; candidates
// beyond the first are tried only when needed; --strict and cancel are honoured.
#include "hashscope/verify/check_job.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stop_token>
#include <string>
#include <vector>

#include "hashscope/registry.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

class CheckJobTest : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("hashscope-check-job-" + std::to_string(::getpid()));
        fs::create_directories(dir_ / "sub");
    }
    void TearDown() override { fs::remove_all(dir_); }

    void write(const std::string& name, const std::string& content) {
        std::ofstream(dir_ / name, std::ios::binary) << content;
    }

    static std::vector<std::uint8_t> digest_of(const char* algorithm, const std::string& content) {
        auto hasher = Registry::host().make_hasher(algorithm).value();
        hasher->update(std::as_bytes(std::span(content)));
        const auto d = hasher->finish();
        return {d.bytes().begin(), d.bytes().end()};
    }

    static SumsEntry entry(std::string name, std::vector<const AlgorithmInfo*> candidates,
                           std::vector<std::uint8_t> expected) {
        SumsEntry e;
        e.name = std::move(name);
        e.candidates = std::move(candidates);
        e.expected = std::move(expected);
        return e;
    }

    std::vector<CheckResult> check(const std::vector<SumsEntry>& entries, CheckOptions options = {},
                                   std::stop_token stop = {}) {
        std::vector<CheckResult> results;
        std::vector<std::size_t> order;
        check_entries(
            dir_, entries, options,
            [&](std::size_t i, const CheckResult& r) {
                order.push_back(i);
                results.push_back(r);
            },
            {}, stop);
        for (std::size_t i = 0; i < order.size(); ++i) EXPECT_EQ(order[i], i) << "results come in line order";
        EXPECT_EQ(results.size(), entries.size());
        return results;
    }

    fs::path dir_;
};

const AlgorithmInfo* algo(const char* id) { return find_algorithm(id); }

TEST_F(CheckJobTest, EveryKindOfLineGetsItsVerdictInLineOrder) {
    write("good", "good");
    write("bad", "bad");
    write("sub/nested", "nested");
    fs::create_directory(dir_ / "folder");
    std::vector<SumsEntry> entries;
    for (int i = 0; i < 50; ++i) entries.push_back(entry("good", {algo("sha256")}, digest_of("sha256", "good")));
    entries.push_back(entry("bad", {algo("sha256")}, digest_of("sha256", "not bad")));
    entries.push_back(entry("missing", {algo("sha256")}, digest_of("sha256", "")));
    entries.push_back(entry("folder", {algo("sha256")}, digest_of("sha256", "")));
    entries.push_back(entry("sub/nested", {algo("md5")}, digest_of("md5", "nested")));
    CheckOptions options;
    options.parallel_files = 3;
    const auto r = check(entries, options);
    for (int i = 0; i < 50; ++i) EXPECT_EQ(r[i].verdict, Verdict::ok);
    EXPECT_EQ(r[0].matched, algo("sha256"));
    EXPECT_NE(r[0].implementation, nullptr);
    EXPECT_EQ(r[50].verdict, Verdict::failed);
    EXPECT_EQ(r[51].verdict, Verdict::missing);
    EXPECT_EQ(r[52].verdict, Verdict::not_regular);
    EXPECT_NE(r[52].message.find("folder"), std::string::npos);
    EXPECT_EQ(r[53].verdict, Verdict::ok);
}

TEST_F(CheckJobTest, OtherCandidatesAreTriedWhenTheFirstDoesNotMatch) {
    write("a", "alpha");
    write("b", "beta");
    const std::vector<const AlgorithmInfo*> of32{algo("sha256"), algo("blake3"), algo("sha3-256")};
    const auto r =
        check({entry("a", of32, digest_of("sha3-256", "alpha")), entry("b", of32, digest_of("blake3", "beta")),
               entry("a", of32, digest_of("sha256", "beta"))});
    EXPECT_EQ(r[0].verdict, Verdict::ok);
    EXPECT_EQ(r[0].matched, algo("sha3-256"));
    EXPECT_EQ(r[1].verdict, Verdict::ok);
    EXPECT_EQ(r[1].matched, algo("blake3"));
    EXPECT_EQ(r[2].verdict, Verdict::failed) << "a digest of another file's content does not match";
}

TEST_F(CheckJobTest, SeveralAlgorithmsForOneFileAreSettledTogether) {
    write("f", "content");
    const auto r = check({entry("f", {algo("sha256")}, digest_of("sha256", "content")),
                          entry("f", {algo("crc32c")}, digest_of("crc32c", "content")),
                          entry("f", {algo("md5")}, digest_of("md5", "other"))});
    EXPECT_EQ(r[0].verdict, Verdict::ok);
    EXPECT_EQ(r[1].verdict, Verdict::ok);
    EXPECT_EQ(r[1].matched, algo("crc32c"));
    EXPECT_EQ(r[2].verdict, Verdict::failed);
    // The entries of one file share its time (for --json): every read of it, once.
    EXPECT_GT(r[0].seconds, 0.0);
    EXPECT_EQ(r[0].seconds, r[1].seconds);
    EXPECT_EQ(r[0].seconds, r[2].seconds);
}

TEST_F(CheckJobTest, StrictRefusesNamesOutsideTheFolderOtherwiseTheyAreMarked) {
    write("sub/inside", "x");
    const auto outside = "../" + dir_.filename().string() + "/sub/inside";
    std::vector<SumsEntry> entries{entry(outside, {algo("sha256")}, digest_of("sha256", "x"))};
    auto r = check(entries);
    EXPECT_EQ(r[0].verdict, Verdict::ok);
    EXPECT_TRUE(r[0].outside);
    CheckOptions strict;
    strict.strict = true;
    r = check(entries, strict);
    EXPECT_EQ(r[0].verdict, Verdict::refused);
}

TEST_F(CheckJobTest, ACancelledCheckStillAnswersEveryLine) {
    write("f", "content");
    std::stop_source stop;
    stop.request_stop();
    std::vector<SumsEntry> entries(20, entry("f", {algo("sha256")}, digest_of("sha256", "content")));
    const auto r = check(entries, {}, stop.get_token());
    for (const auto& result : r) EXPECT_EQ(result.verdict, Verdict::cancelled);
}

TEST_F(CheckJobTest, ProgressNamesTheEntryAndItsFileSize) {
    write("big", std::string(3 << 20, 'x'));
    std::uint64_t last = 0;
    std::size_t entry_seen = 99;
    const std::vector<SumsEntry> entries{
        entry("big", {algo("crc32c")}, digest_of("crc32c", std::string(3 << 20, 'x')))};
    check_entries(
        dir_, entries, {}, [](std::size_t, const CheckResult& r) { EXPECT_EQ(r.verdict, Verdict::ok); },
        [&](std::size_t entry_index, std::uint64_t done, std::uint64_t total) {
            entry_seen = entry_index;
            last = done;
            EXPECT_EQ(total, std::uint64_t{3} << 20);
        });
    EXPECT_EQ(entry_seen, 0U);
    EXPECT_EQ(last, std::uint64_t{3} << 20);
}

}  // namespace
}  // namespace hashscope::verify
