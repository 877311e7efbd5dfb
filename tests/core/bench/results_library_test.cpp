// The results library: run names, saving from several threads at once, listing a folder that
// holds things other than runs, and comparing runs.
#include "hashscope/bench/results_library.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <regex>
#include <set>
#include <thread>

#include "hashscope/bench/results_compare.hpp"
#include "test_cells.hpp"

namespace hashscope::bench {
namespace {

namespace fs = std::filesystem;

class ResultsLibrary : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("hashscope-results-test-" + std::to_string(::getpid()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    void write(const std::string& name, const std::string& content) const {
        fs::create_directories(dir_);
        std::ofstream(dir_ / name, std::ios::binary) << content;
    }
    fs::path dir_;
};

CellResult cell(std::string algorithm, std::size_t size, double mean, double error) {
    return testing::made_cell(std::move(algorithm), size, mean, error);
}

BenchReport report(double crc_mean, const std::string& cpu = "Test CPU") {
    BenchReport r;
    r.environment.cpu_model = cpu;
    r.environment.microarchitecture = "Testlake";
    r.environment.build_type = "Release";
    r.environment.git_revision = "abc123";
    r.environment.date = "2026-12-02T05:40:12Z";
    r.spec.preset = "quick";
    r.results = {cell("crc32c", 4096, crc_mean, 1), cell("sha256", 4096, 2000, 10)};
    return r;
}

TEST(ResultsLibraryNames, SortByTimeAndDiffer) {
    const auto t0 = std::chrono::system_clock::from_time_t(1'796'000'000);
    const auto a = new_run_id(t0);
    const auto b = new_run_id(t0 + std::chrono::seconds(1));
    const auto c = new_run_id(t0);
    EXPECT_TRUE(std::regex_match(a, std::regex(R"(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ-[0-9a-f]{8})"))) << a;
    EXPECT_LT(a, b);
    EXPECT_LT(c, b);
    EXPECT_NE(a, c);
    EXPECT_TRUE(is_valid_run_id(a));
    EXPECT_FALSE(is_valid_run_id("../x"));
    EXPECT_FALSE(is_valid_run_id(".index"));
    EXPECT_FALSE(is_valid_run_id(""));
}

TEST_F(ResultsLibrary, SavesAndReadsBack) {
    auto id = save_run(dir_, report(100));
    ASSERT_TRUE(id) << id.error().message;
    auto back = load_run(dir_, *id);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->results.size(), 2U);
    const auto runs = list_runs(dir_);
    ASSERT_EQ(runs.size(), 1U);
    EXPECT_TRUE(runs[0].readable);
    EXPECT_EQ(runs[0].id, *id);
    EXPECT_EQ(runs[0].cpu_model, "Test CPU");
    EXPECT_EQ(runs[0].preset, "quick");
    EXPECT_EQ(runs[0].revision, "abc123");
    EXPECT_EQ(runs[0].cells, 2U);
    EXPECT_FALSE(runs[0].partial);
    EXPECT_FALSE(load_run(dir_, "nope"));
    EXPECT_FALSE(load_run(dir_, "../" + *id));
    ASSERT_TRUE(remove_run(dir_, *id));
    EXPECT_TRUE(list_runs(dir_).empty());
    EXPECT_FALSE(remove_run(dir_, *id));
}

TEST_F(ResultsLibrary, CancelledRunIsPartial) {
    auto r = report(100);
    r.cancelled = true;
    ASSERT_TRUE(save_run(dir_, r));
    const auto runs = list_runs(dir_);
    ASSERT_EQ(runs.size(), 1U);
    EXPECT_TRUE(runs[0].partial);
}

TEST_F(ResultsLibrary, ConcurrentSavesLoseNothing) {
    constexpr int threads = 8;
    constexpr int each = 20;
    std::vector<std::jthread> savers;
    savers.reserve(threads);
    for (int t = 0; t < threads; ++t) {
        savers.emplace_back([this] {
            for (int i = 0; i < each; ++i) ASSERT_TRUE(save_run(dir_, report(100 + i)));
        });
    }
    savers.clear();
    const auto runs = list_runs(dir_);
    EXPECT_EQ(runs.size(), static_cast<std::size_t>(threads * each));
    std::set<std::string> ids;
    for (const auto& r : runs) {
        EXPECT_TRUE(r.readable) << r.id << ": " << r.reason;
        ids.insert(r.id);
    }
    EXPECT_EQ(ids.size(), runs.size());
}

TEST_F(ResultsLibrary, HostileFilesAreListedAsUnreadable) {
    ASSERT_TRUE(save_run(dir_, report(100)));
    write("garbage.json", "\x01\x02 not json at all");
    const auto good = to_json(report(100));
    write("truncated.json", good.substr(0, good.size() / 2));
    write("other.json", R"({"schema": "someone-else/3", "results": []})");
    auto newer = good;
    newer.replace(newer.find("hashscope-bench/1"), 17, "hashscope-bench/2");
    write("newer.json", newer);
    write("empty.json", "");
    write("array.json", "[1, 2, 3]");
    write("notes.txt", "not a .json file: not listed");
    {
        std::ofstream huge(dir_ / "huge.json", std::ios::binary);
        huge << "{";
    }
    fs::resize_file(dir_ / "huge.json", max_run_file_bytes + 1);  // sparse: costs no disk

    for (int pass = 0; pass < 2; ++pass) {  // the second pass answers from the index
        const auto runs = list_runs(dir_);
        ASSERT_EQ(runs.size(), 8U);
        std::map<std::string, std::string> reasons;
        for (const auto& r : runs) {
            if (!r.readable) reasons[r.id] = r.reason;
        }
        EXPECT_EQ(reasons.size(), 7U);
        EXPECT_NE(reasons["garbage"].find("cannot read the benchmark file"), std::string::npos) << reasons["garbage"];
        EXPECT_NE(reasons["truncated"].find("cannot read the benchmark file"), std::string::npos);
        EXPECT_NE(reasons["other"].find("not a HashScope benchmark file"), std::string::npos) << reasons["other"];
        EXPECT_NE(reasons["newer"].find("newer HashScope"), std::string::npos) << reasons["newer"];
        EXPECT_NE(reasons["empty"].find("empty"), std::string::npos);
        EXPECT_NE(reasons["array"].find("not a JSON object"), std::string::npos);
        EXPECT_NE(reasons["huge"].find("too large"), std::string::npos) << reasons["huge"];
    }
    // A damaged index is rebuilt, not trusted.
    write(".index.json", "{\"version\": 1, \"runs\": {\"garbage.json\": 7}}");
    EXPECT_EQ(list_runs(dir_).size(), 8U);
}

TEST_F(ResultsLibrary, IndexFollowsReplacedFiles) {
    write("a.json", "nonsense");
    ASSERT_FALSE(list_runs(dir_).at(0).readable);
    write("a.json", to_json(report(100)) + "\n\n");  // another size: read again
    EXPECT_TRUE(list_runs(dir_).at(0).readable);
}

TEST_F(ResultsLibrary, NotesLiveBesideTheRunsNotInThem) {
    auto id = save_run(dir_, report(100));
    ASSERT_TRUE(id) << id.error().message;
    std::ifstream before_in(dir_ / (*id + ".json"));
    const std::string before((std::istreambuf_iterator<char>(before_in)), std::istreambuf_iterator<char>());

    ASSERT_TRUE(set_run_note(dir_, *id, {"before the fix", "pinned to core 2\n<b>&</b>"}));
    auto runs = list_runs(dir_);
    ASSERT_EQ(runs.size(), 1U);  // the notes file is not a run
    EXPECT_EQ(runs[0].name, "before the fix");
    EXPECT_EQ(runs[0].note, "pinned to core 2\n<b>&</b>");
    std::ifstream after_in(dir_ / (*id + ".json"));
    const std::string after((std::istreambuf_iterator<char>(after_in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(before, after);  // the run's file is never rewritten

    EXPECT_FALSE(set_run_note(dir_, "no-such-run", {"x", ""}));
    EXPECT_FALSE(set_run_note(dir_, "../escape", {"x", ""}));
    ASSERT_TRUE(set_run_note(dir_, *id, {}));  // cleared
    EXPECT_TRUE(read_run_notes(dir_).empty());

    ASSERT_TRUE(set_run_note(dir_, *id, {"kept", ""}));
    ASSERT_TRUE(remove_run(dir_, *id));
    EXPECT_TRUE(read_run_notes(dir_).empty());  // the note goes with the run

    write(".notes.json", "{ damaged");
    EXPECT_TRUE(read_run_notes(dir_).empty());
}

TEST_F(ResultsLibrary, MissingFolderIsAnEmptyLibrary) { EXPECT_TRUE(list_runs(dir_ / "none").empty()); }

TEST(ResultsCompare, RatiosSignificanceAndLoneCells) {
    auto slow = report(300, "Other CPU");
    slow.results.push_back(cell("xxh64", 64, 5, 0.1));
    const auto c = compare_runs({report(100), slow});
    ASSERT_EQ(c.shared.size(), 2U);
    EXPECT_EQ(c.shared[0].first.algorithm, "crc32c");
    EXPECT_NEAR(c.shared[0].slowdown_pct(0), 200, 1e-9);
    EXPECT_TRUE(c.shared[0].against_first[0].significant);
    EXPECT_FALSE(c.shared[1].against_first[0].significant);
    ASSERT_EQ(c.lone.size(), 1U);
    EXPECT_EQ(c.lone[0].cell.algorithm, "xxh64");
    EXPECT_EQ(c.lone[0].runs, std::vector<std::size_t>{1});
    ASSERT_FALSE(c.warnings.empty());
    EXPECT_NE(c.warnings[0].find("CPU model"), std::string::npos);
    EXPECT_EQ(cells_slower_than(c, 50), std::vector<std::string>{cell_label(c.shared[0].first)});
    EXPECT_TRUE(cells_slower_than(c, 1000).empty());
    EXPECT_TRUE(compare_runs({report(100), report(100.5)}).warnings.empty());
}

}  // namespace
}  // namespace hashscope::bench
