// audit_tree: every listed or found path gets one status (OK, CHANGED, MISSING, NEW, MOVED,
// UNREADABLE, SKIPPED), in the documented order; new files are read only to find moved ones;
// the manifest itself is never NEW; FIFOs and loops never hang; a stop is honoured; an entry the
// user skips is SKIPPED-BY-USER and the rest go on.
#include "hashscope/verify/audit.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <stop_token>
#include <string>
#include <vector>

#include "hashscope/registry.hpp"
#include "hashscope/verify/entry_skips.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

struct Line {
    std::string status;
    std::string path;
    std::string old_path;
    bool operator==(const Line&) const = default;
};

void PrintTo(const Line& line, std::ostream* os) {
    *os << line.status << "  " << line.path << (line.old_path.empty() ? "" : " <- " + line.old_path);
}

class AuditTest : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("hashscope-audit-" + std::to_string(::getpid()));
        fs::create_directories(dir_ / "sub");
    }
    void TearDown() override { fs::remove_all(dir_); }

    void write(const std::string& name, const std::string& content) {
        std::ofstream(dir_ / name, std::ios::binary) << content;
    }

    static std::vector<std::uint8_t> digest_of(const std::string& content) {
        auto hasher = Registry::host().make_hasher("sha256").value();
        hasher->update(std::as_bytes(std::span(content)));
        const auto d = hasher->finish();
        return {d.bytes().begin(), d.bytes().end()};
    }

    void list(std::string name, const std::string& content) {
        SumsEntry e;
        e.name = std::move(name);
        e.candidates = {find_algorithm("sha256")};
        e.expected = digest_of(content);
        entries_.push_back(std::move(e));
    }

    std::vector<Line> audit(const fs::path& root, AuditCounts* counts = nullptr, std::stop_token stop = {},
                            const AuditOptions& options = {}) {
        std::vector<Line> lines;
        const auto c = audit_tree(
            dir_, entries_, root, dir_ / "SHA256SUMS", options,
            [&](const AuditResult& r) {
                lines.push_back({to_string(r.status), r.path, r.old_path});
            },
            {}, stop);
        if (counts != nullptr) *counts = c;
        return lines;
    }

    fs::path dir_;
    std::vector<SumsEntry> entries_;
};

TEST_F(AuditTest, AllFiveStatusesInTheirOrder) {
    write("same", "same");
    write("edited", "new text");
    write("sub/moved-here", "moving");
    write("added", "added");
    write("SHA256SUMS", "the manifest itself is not NEW");
    list("same", "same");
    list("edited", "old text");
    list("gone", "gone");
    list("moved-away", "moving");
    AuditCounts counts;
    const std::vector<Line> expected{
        {"OK", "same", ""},      {"CHANGED", "edited", ""},
        {"NEW", "added", ""},    {"MOVED", "sub/moved-here", "moved-away"},
        {"MISSING", "gone", ""},
    };
    EXPECT_EQ(audit(dir_, &counts), expected);
    EXPECT_EQ(counts.ok, 1U);
    EXPECT_EQ(counts.changed, 1U);
    EXPECT_EQ(counts.added, 1U);
    EXPECT_EQ(counts.moved, 1U);
    EXPECT_EQ(counts.missing, 1U);
    EXPECT_FALSE(counts.all_ok());
}

TEST_F(AuditTest, EverythingListedIsAllOk) {
    write("a", "a");
    write("sub/b", "b");
    list("./a", "a");  // names are matched in their normal form
    list("sub//b", "b");
    AuditCounts counts;
    const std::vector<Line> expected{{"OK", "./a", ""}, {"OK", "sub//b", ""}};
    EXPECT_EQ(audit(dir_, &counts), expected);
    EXPECT_TRUE(counts.all_ok());
}

TEST_F(AuditTest, OneMovedFileIsClaimedOnceAndCopiesAreNew) {
    write("copy1", "twin");
    write("copy2", "twin");
    list("original", "twin");
    const std::vector<Line> expected{{"MOVED", "copy1", "original"}, {"NEW", "copy2", ""}};
    EXPECT_EQ(audit(dir_), expected);
}

TEST_F(AuditTest, ATreeBelowTheManifestFolderIsMatchedByItsNames) {
    // `sum -r sub > SHA256SUMS` writes "sub/x": auditing the folder sub finds them.
    write("sub/x", "x");
    write("sub/y", "y");
    write("outside", "not in the audited tree");
    list("sub/x", "x");
    const std::vector<Line> expected{{"OK", "sub/x", ""}, {"NEW", "sub/y", ""}};
    EXPECT_EQ(audit(dir_ / "sub"), expected);
}

TEST_F(AuditTest, FifosAndLoopsAreSkippedWithoutHanging) {
    ASSERT_EQ(::mkfifo((dir_ / "pipe").c_str(), 0600), 0);
    fs::create_directory_symlink(".", dir_ / "sub" / "loop");
    write("a", "a");
    list("a", "a");
    list("listed-pipe", "");
    ASSERT_EQ(::mkfifo((dir_ / "listed-pipe").c_str(), 0600), 0);
    AuditCounts counts;
    const auto lines = audit(dir_, &counts);
    ASSERT_EQ(lines.size(), 4U);
    EXPECT_EQ(lines[0], (Line{"OK", "a", ""}));
    EXPECT_EQ(lines[1], (Line{"UNREADABLE", "listed-pipe", ""}));
    EXPECT_EQ(lines[2], (Line{"SKIPPED", "pipe", ""}));
    EXPECT_EQ(lines[3], (Line{"SKIPPED", "sub/loop", ""}));
    EXPECT_EQ(counts.skipped, 2U);
    EXPECT_EQ(counts.unreadable, 1U);
}

TEST_F(AuditTest, AnUnreadableListedFileSaysWhy) {
    if (::geteuid() == 0) GTEST_SKIP() << "root reads every file";
    write("secret", "secret");
    fs::permissions(dir_ / "secret", fs::perms::none);
    list("secret", "secret");
    std::vector<AuditResult> results;
    audit_tree(dir_, entries_, dir_, {}, {}, [&](const AuditResult& r) { results.push_back(r); });
    ASSERT_EQ(results.size(), 1U);
    EXPECT_EQ(results[0].status, AuditStatus::unreadable);
    EXPECT_NE(results[0].message.find("ermission"), std::string::npos) << results[0].message;
}

TEST_F(AuditTest, NewFilesAreReadOnlyWhenSomethingIsMissing) {
    write("a", "a");
    write("added", "seven b");
    list("a", "a");
    const auto new_bytes = [&] {
        std::uint64_t bytes = 99;
        audit_tree(dir_, entries_, dir_, {}, {}, [&](const AuditResult& r) {
            if (r.status == AuditStatus::added) bytes = r.bytes;
        });
        return bytes;
    };
    EXPECT_EQ(new_bytes(), 0U) << "nothing is missing: the new file is not read";
    list("gone", "gone");
    EXPECT_EQ(new_bytes(), 7U) << "a file is missing: new files are read to find where it went";
}

TEST_F(AuditTest, ProgressSaysWhatWasWalkedAndRead) {
    write("a", std::string(3 << 20, 'a'));  // several blocks
    write("b", "b");
    list("a", std::string(3 << 20, 'a'));
    std::size_t walked = 0;
    std::uint64_t read = 0;
    audit_tree(dir_, entries_, dir_, {}, {}, {},
               [&](AuditStage stage, std::size_t files, std::uint64_t done, std::uint64_t) {
                   if (stage == AuditStage::walking) walked = std::max(walked, files);
                   if (stage == AuditStage::checking) read = std::max(read, done);
               });
    EXPECT_EQ(walked, 2U);
    EXPECT_EQ(read, std::uint64_t{3} << 20);
}

TEST_F(AuditTest, AStoppedAuditReportsNothingMoreAndSaysSo) {
    write("a", "a");
    list("a", "a");
    std::stop_source source;
    source.request_stop();
    AuditCounts counts;
    EXPECT_TRUE(audit(dir_, &counts, source.get_token()).empty());
    EXPECT_TRUE(counts.cancelled);
    EXPECT_FALSE(counts.all_ok());
}

TEST_F(AuditTest, AnEntrySkippedBeforeItIsReadIsSkippedByTheUserAndTheOthersAreVerified) {
    write("a", "a");
    write("b", "b");
    write("c", "c");
    list("a", "a");
    list("b", "b");
    list("c", "c");
    EntrySkips skips;
    skips.skip(1);
    AuditOptions options;
    options.skips = &skips;
    std::vector<AuditResult> results;
    const auto counts =
        audit_tree(dir_, entries_, dir_, {}, options, [&](const AuditResult& r) { results.push_back(r); });
    ASSERT_EQ(results.size(), 3U);
    EXPECT_EQ(results[0].status, AuditStatus::ok);
    EXPECT_EQ(results[1].status, AuditStatus::skipped_by_user);
    EXPECT_EQ(results[1].entry, 1U);
    EXPECT_EQ(results[1].bytes, 0U) << "not read";
    EXPECT_EQ(results[1].message, "skipped");
    EXPECT_EQ(results[2].status, AuditStatus::ok);
    EXPECT_EQ(counts.ok, 2U);
    EXPECT_EQ(counts.skipped_by_user, 1U);
    EXPECT_EQ(counts.skipped, 0U) << "not the walk's SKIPPED";
    EXPECT_FALSE(counts.all_ok()) << "a skipped entry was not verified";
    EXPECT_STREQ(to_string(AuditStatus::skipped_by_user), "SKIPPED-BY-USER");
}

TEST_F(AuditTest, SkippingAnEntryWhileItsFileIsReadStopsThatReadAndTheOthersGoOn) {
    constexpr std::uintmax_t kBig = std::uintmax_t{4} << 30;  // sparse: costs no disk
    write("big", "");
    fs::resize_file(dir_ / "big", kBig);
    write("small", "small");
    list("big", "");
    list("small", "small");
    EntrySkips skips;
    AuditOptions options;
    options.skips = &skips;
    options.parallel_files = 1;  // the big file first, then the small one
    std::atomic<bool> asked{false};
    std::vector<AuditResult> results;
    audit_tree(
        dir_, entries_, dir_, {}, options, [&](const AuditResult& r) { results.push_back(r); },
        [&](AuditStage stage, std::size_t, std::uint64_t done, std::uint64_t total) {
            if (stage == AuditStage::checking && total == kBig && done > 0 && !asked.exchange(true)) skips.skip(0);
        });
    EXPECT_TRUE(asked);
    ASSERT_EQ(results.size(), 2U);
    EXPECT_EQ(results[0].status, AuditStatus::skipped_by_user);
    EXPECT_LT(results[0].bytes, kBig) << "the read stopped";
    EXPECT_EQ(results[1].status, AuditStatus::ok);
}

TEST_F(AuditTest, SkippingAnEntryWhoseStatusWasReportedChangesNothing) {
    write("a", "a");
    write("b", "b");
    list("a", "a");
    list("b", "b");
    EntrySkips skips;
    AuditOptions options;
    options.skips = &skips;
    std::vector<Line> lines;
    const auto counts = audit_tree(dir_, entries_, dir_, {}, options, [&](const AuditResult& r) {
        lines.push_back({to_string(r.status), r.path, r.old_path});
        skips.skip(r.entry);  // too late: it is reported
    });
    const std::vector<Line> expected{{"OK", "a", ""}, {"OK", "b", ""}};
    EXPECT_EQ(lines, expected);
    EXPECT_TRUE(skips.skipped(0));
    EXPECT_EQ(counts.skipped_by_user, 0U);
    EXPECT_TRUE(counts.all_ok());
}

TEST_F(AuditTest, AMissingEntrySkippedBeforeItIsReportedIsNotLookedForAmongTheNewFiles) {
    write("renamed", "moving");
    list("original", "moving");
    list("gone", "gone");
    EntrySkips skips;
    AuditOptions options;
    options.skips = &skips;
    // Missing entries are held back until the new files are read for them: a skip while they are
    // read (after the check found "original" missing) still counts, and "renamed" is then only NEW.
    std::vector<Line> lines;
    const auto counts = audit_tree(
        dir_, entries_, dir_, {}, options,
        [&](const AuditResult& r) {
            lines.push_back({to_string(r.status), r.path, r.old_path});
        },
        [&](AuditStage stage, std::size_t, std::uint64_t, std::uint64_t) {
            if (stage == AuditStage::hashing_new) skips.skip(0);
        });
    const std::vector<Line> expected{
        {"NEW", "renamed", ""}, {"SKIPPED-BY-USER", "original", ""}, {"MISSING", "gone", ""}};
    EXPECT_EQ(lines, expected);
    EXPECT_EQ(counts.skipped_by_user, 1U);
    EXPECT_EQ(counts.moved, 0U);
}

TEST_F(AuditTest, SkipsCountEntriesOverTheWholeManifestNotPerBatch) {
    // More entries than one batch of the check (8,192): all but the skipped one are absent, so
    // each costs one lstat. The skipped one exists and would be OK if it were read.
    constexpr std::size_t kEntries = 8200;
    constexpr std::size_t kSkipped = 8195;  // in the second batch, its fourth entry
    for (std::size_t i = 0; i < kEntries; ++i) list("absent-" + std::to_string(i), "x");
    write("absent-" + std::to_string(kSkipped), "x");
    EntrySkips skips;
    skips.skip(kSkipped);
    AuditOptions options;
    options.skips = &skips;
    std::vector<AuditResult> results;
    const auto counts =
        audit_tree(dir_, entries_, dir_, {}, options, [&](const AuditResult& r) { results.push_back(r); });
    EXPECT_EQ(counts.skipped_by_user, 1U);
    EXPECT_EQ(counts.ok, 0U) << "the skipped entry was read";
    EXPECT_EQ(counts.missing, kEntries - 1);
    const auto skipped = std::find_if(results.begin(), results.end(),
                                      [](const AuditResult& r) { return r.status == AuditStatus::skipped_by_user; });
    ASSERT_NE(skipped, results.end());
    EXPECT_EQ(skipped->entry, kSkipped);
    EXPECT_EQ(skipped->path, "absent-" + std::to_string(kSkipped));
    EXPECT_EQ(skipped->bytes, 0U);
}

TEST(AuditKey, NamesAreMadeNormalAndRelativeToTheManifestFolder) {
    EXPECT_EQ(audit_key("./a//b/", "/base"), "a/b");
    EXPECT_EQ(audit_key("/base/x/y", "/base"), "x/y");
    EXPECT_EQ(audit_key("/elsewhere/y", "/base"), "/elsewhere/y");
    EXPECT_EQ(audit_key("../base/z", "/base"), "z");
    EXPECT_EQ(audit_key("../other/z", "/base"), "/other/z");
}

}  // namespace
}  // namespace hashscope::verify
