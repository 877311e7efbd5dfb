// Dispatch by measurement: the decision rule, the plan dispatch follows, and the calibration file
// against every kind of bad input (damaged, another CPU or build, newer, unrunnable, racing saves).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "hashscope/calibration.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"

namespace {

using namespace hashscope;
namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// The decision

TEST(CalibrationDecision, AClearlyFasterChallengerWins) {
    const std::vector<std::vector<double>> ns{{10, 10.2, 10.1, 10}, {8, 8.1, 8.3, 8}};
    EXPECT_EQ(choose_by_measurement(ns, 0, 0.03), 1U);
    // however few the rounds
    for (std::size_t rounds = 1; rounds <= 3; ++rounds) {
        const std::vector<std::vector<double>> few{std::vector<double>(rounds, 10.0), std::vector<double>(rounds, 8.0)};
        EXPECT_EQ(choose_by_measurement(few, 0, 0.03), 1U) << rounds << " rounds";
    }
}

TEST(CalibrationDecision, ANearEqualDoesNotReplaceTheIncumbent) {
    const std::vector<std::vector<double>> ns{{10, 10.2, 10.1, 10}, {9.8, 9.9, 10, 9.9}};  // 2 % faster
    EXPECT_EQ(choose_by_measurement(ns, 0, 0.03), 0U);
    EXPECT_EQ(choose_by_measurement(ns, 1, 0.03), 1U);  // nor the other way round
}

TEST(CalibrationDecision, OneLuckyRoundIsNotEnough) {
    // Fastest round far ahead, but slower in most rounds: the median of the ratios says no.
    const std::vector<std::vector<double>> ns{{10, 10, 10, 10, 10}, {7, 11, 11, 11, 11}};
    EXPECT_EQ(choose_by_measurement(ns, 0, 0.03), 0U);
}

TEST(CalibrationDecision, TheFastestOfSeveralWinnersIsChosen) {
    const std::vector<std::vector<double>> ns{{10, 10, 10}, {8, 8, 8}, {6, 6.1, 6}, {20, 20, 20}};
    EXPECT_EQ(choose_by_measurement(ns, 0, 0.03), 2U);
}

TEST(CalibrationDecision, TwoWinnersWithinTheNoiseOfEachOtherDoNotTakeTurns) {
    // BLAKE2b at 64 B on the Zen 4 guest: the own code and libsodium both clearly beat OpenSSL and
    // lie within 3 % of each other; whichever noise put ahead, the first listed stays.
    const std::vector<std::vector<double>> own_ahead{{205, 204, 206}, {151, 150, 152}, {155, 154, 156}};
    const std::vector<std::vector<double>> sodium_ahead{{205, 204, 206}, {159, 160, 158}, {155, 154, 156}};
    EXPECT_EQ(choose_by_measurement(own_ahead, 0, 0.03), 1U);
    EXPECT_EQ(choose_by_measurement(sodium_ahead, 0, 0.03), 1U);
    // Clearly faster than the first winner, the second replaces it.
    const std::vector<std::vector<double>> sodium_clearly{{205, 204, 206}, {159, 160, 158}, {150, 151, 150}};
    EXPECT_EQ(choose_by_measurement(sodium_clearly, 0, 0.03), 2U);
}

TEST(CalibrationDecision, AChangeTheSecondMeasurementDoesNotConfirmIsDecidedByAThird) {
    // Verdicts by change, in the order measured: 0 holds at once; 1 fails, then holds; 2 fails
    // twice; 3 holds at once.
    std::vector<std::vector<bool>> verdicts{{true}, {false, true}, {false, false}, {true}};
    std::vector<std::size_t> order;
    const auto made = confirm_changes(verdicts.size(), [&](std::size_t i) -> std::optional<bool> {
        order.push_back(i);
        const bool held = verdicts[i].front();
        verdicts[i].erase(verdicts[i].begin());
        return held;
    });
    ASSERT_TRUE(made.has_value());
    EXPECT_EQ(*made, (std::vector<bool>{true, true, false, true}));
    // Every second measurement first, then the third ones: seconds between a change's measurements.
    EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 3, 1, 2}));
    EXPECT_TRUE(std::all_of(verdicts.begin(), verdicts.end(), [](const auto& v) { return v.empty(); }));
}

TEST(CalibrationDecision, AStopDuringTheConfirmationsAbandonsThemAll) {
    std::size_t calls = 0;
    const auto made = confirm_changes(3, [&](std::size_t i) -> std::optional<bool> {
        ++calls;
        if (i == 1) return std::nullopt;
        return false;
    });
    EXPECT_FALSE(made.has_value());
    EXPECT_EQ(calls, 2U);
    EXPECT_EQ(confirm_changes(0, [](std::size_t) -> std::optional<bool> { return std::nullopt; }),
              std::optional<std::vector<bool>>(std::vector<bool>{}));
}

TEST(CalibrationDecision, AmongWinnersTheTypicalRoundDecidesNotTheBestBurst) {
    // Both clearly beat the incumbent; the first once ran much faster, the second is faster in most
    // rounds (crc32c's fused and folding shapes at 64 KiB on the Intel Xeon guest).
    const std::vector<std::vector<double>> ns{{10, 10, 10, 10, 10}, {7, 9, 9, 9, 9}, {8.5, 8.6, 8.5, 8.5, 8.6}};
    EXPECT_EQ(choose_by_measurement(ns, 0, 0.03), 2U);
}

TEST(CalibrationDecision, RoundsInWholeCyclesAreComparedByTheirMiddleRounds) {
    // crc32c's 16-byte probe on the Intel Xeon guest (ns per message, rounds at 7-10 cycles of
    // 4.19 GHz): both reach 7 cycles at best, `pclmul` (second) in most rounds 8 at most.
    const std::vector<std::vector<double>> ns{{2.21, 2.17, 1.67, 2.15, 2.15, 1.91, 1.91, 1.67, 2.38, 2.17, 1.91},
                                              {1.91, 1.91, 1.91, 1.67, 1.67, 1.67, 1.91, 1.67, 1.67, 1.91, 1.91}};
    EXPECT_EQ(choose_by_measurement(ns, 0, 0.03), 1U);
    // Where the median ties: `pclmul` 8 % faster round by round (median of the ratios) and on 7 or
    // 8 cycles in most rounds, `vpclmul` on 8 or 9, both medians in the 8-cycle step.
    const std::vector<std::vector<double>> tied{{2.22, 1.83, 2.20, 1.96, 2.20, 1.97, 2.01, 1.71, 2.21, 2.20, 2.01},
                                                {1.96, 1.49, 2.04, 1.96, 1.94, 1.96, 1.96, 1.96, 2.05, 1.71, 1.71}};
    EXPECT_EQ(choose_by_measurement(tied, 0, 0.03), 1U);
    // Spread over the same steps, neither replaces the other.
    const std::vector<std::vector<double>> alike{{1.67, 1.91, 2.15, 1.91, 1.67}, {1.91, 1.67, 1.91, 2.15, 1.67}};
    EXPECT_EQ(choose_by_measurement(alike, 0, 0.03), 0U);
    EXPECT_EQ(choose_by_measurement(alike, 1, 0.03), 1U);
}

// ---------------------------------------------------------------------------------------------
// The plan

const Implementation* row(const Registry& registry, std::string_view algorithm, std::string_view id) {
    const auto* found = registry.find(algorithm, id);
    EXPECT_NE(found, nullptr) << algorithm << " · " << id;
    return found;
}

Calibration small_calibration(const Registry& registry) {
    Calibration c;
    c.cpu_fingerprint = "cpu-1";
    c.cpu_name = "Test CPU";
    c.build = "build-1";
    c.measured_on = "2026-12-01T12:00:00Z";
    for (std::size_t band = 0; band < kBands; ++band) {
        const std::string chosen = band == 0 ? "slice16" : std::string(registry.table_best("crc32c")->id);
        c.choices.push_back({"crc32c", band, 64, std::string(registry.table_best("crc32c")->id), chosen, 5, 4});
    }
    return c;
}

TEST(DispatchPlan, EverySizeHasABand) {
    EXPECT_EQ(band_of(0), 0U);
    EXPECT_EQ(band_of(kBandLimits[0] - 1), 0U);
    EXPECT_EQ(band_of(kBandLimits[0]), 1U);
    EXPECT_EQ(band_of(kBandLimits[kBands - 2]), kBands - 1);
    EXPECT_EQ(band_of(SIZE_MAX), kBands - 1);
}

TEST(DispatchPlan, BestFollowsThePlanPerSizeBand) {
    const Registry registry(host_cpu().features);
    const auto* table = registry.table_best("crc32c");
    registry.use_plan(keep_plan(small_calibration(registry), registry));
    EXPECT_EQ(registry.best("crc32c", 0), row(registry, "crc32c", "slice16"));
    EXPECT_EQ(registry.best("crc32c", kBandLimits[0] - 1), row(registry, "crc32c", "slice16"));
    EXPECT_EQ(registry.best("crc32c", kBandLimits[0]), table);
    EXPECT_EQ(registry.best("crc32c"), table);                          // no size: the largest band's choice
    EXPECT_EQ(registry.best("sha256"), registry.table_best("sha256"));  // not in the plan: the table's
    registry.use_plan(nullptr);
    EXPECT_EQ(registry.best("crc32c", 64), table);
}

// What people read: the other choices with the sizes they cover, neighbouring bands joined.
TEST(DispatchPlan, OtherChoicesAreListedAsJoinedSizeRanges) {
    EXPECT_EQ(bands_label(0, 0), band_label(0));
    EXPECT_EQ(bands_label(0, kBands - 2), "< " + band_label(kBands - 1).substr(std::string("≥ ").size()));
    EXPECT_EQ(bands_label(kBands - 1, kBands - 1), band_label(kBands - 1));
    EXPECT_EQ(bands_label(0, kBands - 1), "every size");
    EXPECT_EQ(bands_label(1, 2), band_label(1).substr(0, band_label(1).find(' ')) + " – " +
                                     band_label(2).substr(band_label(2).rfind(' ') + 1));

    const Registry registry(host_cpu().features);
    const auto* slice16 = row(registry, "crc32c", "slice16");
    EXPECT_TRUE(registry.exceptions_to_best("crc32c").empty()) << "the table: one choice at every size";
    // Every band but the last slice16: one range, not nine.
    Calibration c = small_calibration(registry);
    for (std::size_t band = 0; band + 1 < kBands; ++band) c.choices[band].chosen = "slice16";
    registry.use_plan(keep_plan(c, registry));
    auto others = registry.exceptions_to_best("crc32c");
    ASSERT_EQ(others.size(), 1U);
    EXPECT_EQ(others[0].sizes, bands_label(0, kBands - 2));
    EXPECT_EQ(others[0].chosen, slice16);
    // Two separate runs stay two.
    c.choices[3].chosen = c.choices[kBands - 1].chosen;
    registry.use_plan(keep_plan(c, registry));
    others = registry.exceptions_to_best("crc32c");
    ASSERT_EQ(others.size(), 2U);
    EXPECT_EQ(others[0].sizes, bands_label(0, 2));
    EXPECT_EQ(others[1].sizes, bands_label(4, kBands - 2));
    registry.use_plan(nullptr);
}

TEST(DispatchPlan, AValueChecksumFollowsThePlanPerUpdateAndStaysRight) {
    const Registry registry(host_cpu().features);
    registry.use_plan(keep_plan(small_calibration(registry), registry));
    std::vector<std::byte> message(100000);
    for (std::size_t i = 0; i < message.size(); ++i) message[i] = static_cast<std::byte>(i * 131 + 7);
    auto reference = registry.make_hasher("crc32c", "table");
    ASSERT_TRUE(reference);
    (*reference)->update(message);
    const auto want = (*reference)->finish();
    for (std::size_t piece : {1, 100, 255, 256, 4096, 70000}) {
        auto hasher = registry.make_hasher("crc32c", "best");
        ASSERT_TRUE(hasher);
        for (std::size_t at = 0; at < message.size(); at += piece) {
            (*hasher)->update(std::span(message).subspan(at, std::min(piece, message.size() - at)));
        }
        EXPECT_EQ((*hasher)->finish(), want) << "pieces of " << piece;
    }
}

TEST(DispatchPlan, APlanTheCpuCannotRunIsRefused) {
    const Registry full(host_cpu().features);
    Calibration c = small_calibration(full);
    c.choices[0].chosen = "vpclmul";
    const Registry bare(CpuFeatureSet{});
    if (full.find("crc32c", "vpclmul") == nullptr) GTEST_SKIP() << "this build has no AVX-512 kernels";
    bare.use_plan(keep_plan(c, full));
    EXPECT_EQ(bare.plan(), nullptr);
    EXPECT_EQ(bare.best("crc32c", 64), bare.table_best("crc32c"));
}

// ---------------------------------------------------------------------------------------------
// The file

TEST(CalibrationFile, RoundTrips) {
    const Registry registry(host_cpu().features);
    const Calibration c = small_calibration(registry);
    const auto loaded = parse_calibration(calibration_to_json(c), "cpu-1", "build-1", registry);
    ASSERT_TRUE(loaded.calibration) << loaded.note;
    EXPECT_TRUE(loaded.note.empty());
    EXPECT_EQ(loaded.calibration->measured_on, c.measured_on);
    ASSERT_EQ(loaded.calibration->choices.size(), c.choices.size());
    EXPECT_EQ(loaded.calibration->choices[0].chosen, "slice16");
    EXPECT_EQ(loaded.calibration->changed(), 1U);
}

// How cached files are read best, per algorithm, survives the file and reaches the plan.
TEST(CalibrationFile, TheCachedFileReadingRoundTripsIntoThePlan) {
    const Registry registry(host_cpu().features);
    Calibration c = small_calibration(registry);
    c.file_probe_bytes = std::size_t{256} << 20;
    c.file_reading = {{"blake3", false, 32.3456789, 30.0, 94.0, 86.6},
                      {"crc32c", true, 9.5, 11.5, 37.5, 44.2},
                      {"xxh3", true, 16.8, 16.7, 11.3, 18.9, true}};
    const auto loaded = parse_calibration(calibration_to_json(c), "cpu-1", "build-1", registry);
    ASSERT_TRUE(loaded.calibration) << loaded.note;
    EXPECT_EQ(loaded.calibration->file_probe_bytes, c.file_probe_bytes);
    ASSERT_EQ(loaded.calibration->file_reading.size(), 3U);
    EXPECT_EQ(loaded.calibration->file_reading[0].algorithm, "blake3");
    EXPECT_FALSE(loaded.calibration->file_reading[0].mapped);
    EXPECT_DOUBLE_EQ(loaded.calibration->file_reading[0].mapped_ms, 32.346);
    EXPECT_DOUBLE_EQ(loaded.calibration->file_reading[0].copied_one_thread_ms, 86.6);
    EXPECT_DOUBLE_EQ(loaded.calibration->file_reading[1].mapped_one_thread_ms, 37.5);
    EXPECT_TRUE(loaded.calibration->file_reading[1].mapped);
    EXPECT_FALSE(loaded.calibration->file_reading[1].one_thread);
    EXPECT_TRUE(loaded.calibration->file_reading[2].one_thread);
    const auto* plan = keep_plan(*loaded.calibration, registry);
    EXPECT_EQ(plan->copy_cached_files, std::vector<std::string>{"blake3"});
    EXPECT_EQ(plan->one_thread_cached_files, std::vector<std::string>{"xxh3"});
    EXPECT_EQ(file_reading_text(*loaded.calibration),
              "from read()'s copy for blake3; from a mapping for crc32c, xxh3 (on one thread for xxh3), measured "
              "with a 256 MiB file; from a mapping for the others");

    // Not measured: no key in the file, nothing copied, and the text says so.
    const Calibration without = small_calibration(registry);
    EXPECT_EQ(calibration_to_json(without).find("file_reading"), std::string::npos);
    EXPECT_TRUE(keep_plan(without, registry)->copy_cached_files.empty());
    EXPECT_NE(file_reading_text(without).find("not measured"), std::string::npos);

    // A damaged entry spoils the file, as a damaged choice does.
    auto json = nlohmann::json::parse(calibration_to_json(c));
    json["file_reading"]["algorithms"][0]["mapped"] = "no";
    EXPECT_FALSE(parse_calibration(json.dump(), "cpu-1", "build-1", registry).calibration);
    json = nlohmann::json::parse(calibration_to_json(c));
    json["file_reading"].erase("probe_bytes");
    const auto damaged = parse_calibration(json.dump(), "cpu-1", "build-1", registry);
    EXPECT_FALSE(damaged.calibration);
    EXPECT_NE(damaged.note.find("damaged"), std::string::npos) << damaged.note;
}

// Every way a file can be unfit: never used, always with a note that says why.
TEST(CalibrationFile, AnUnfitFileIsIgnoredWithANote) {
    const Registry registry(host_cpu().features);
    const std::string good = calibration_to_json(small_calibration(registry));
    const auto expect_ignored = [&](const std::string& text, std::string_view cpu, std::string_view build,
                                    const std::string& why) {
        const auto loaded = parse_calibration(text, cpu, build, registry);
        EXPECT_FALSE(loaded.calibration) << why;
        EXPECT_NE(loaded.note.find(why), std::string::npos) << loaded.note;
    };
    expect_ignored(good.substr(0, good.size() / 2), "cpu-1", "build-1", "damaged");
    expect_ignored("", "cpu-1", "build-1", "damaged");
    expect_ignored("[1,2,3]", "cpu-1", "build-1", "damaged");
    expect_ignored(R"({"schema": 7})", "cpu-1", "build-1", "damaged");
    expect_ignored(good, "cpu-2", "build-1", "another CPU");
    expect_ignored(good, "cpu-1", "build-2", "another build");

    // The good file with its first `from` replaced by `to`.
    const auto edited = [&](std::string_view from, std::string_view to) {
        std::string text = good;
        text.replace(text.find(from), from.size(), to);
        return text;
    };
    expect_ignored(edited("hashscope-dispatch/3", "hashscope-dispatch/9"), "cpu-1", "build-1", "newer HashScope");
    expect_ignored(edited("hashscope-dispatch/3", "hashscope-dispatch/2"), "cpu-1", "build-1", "older HashScope");
    expect_ignored(edited("hashscope-dispatch/3", "somebody-elses-file1"), "cpu-1", "build-1",
                   "not a HashScope calibration");
    expect_ignored(edited("\"slice16\"", "\"quantum\""), "cpu-1", "build-1", "cannot run");
    expect_ignored(edited("[\"crc32c\",0,", "[\"crc32c\",\"zero\","), "cpu-1", "build-1", "damaged");
    expect_ignored(edited("[\"crc32c\",0,", "[\"crc32c\",99,"), "cpu-1", "build-1", "cannot run");
    expect_ignored(edited("[\"crc32c\",0,64,", "[\"crc32c\",0,"), "cpu-1", "build-1", "not a row of 7");
    expect_ignored(edited("[\"crc32c\",0,", "{\"crc32c\":0,"), "cpu-1", "build-1", "damaged");
    auto json = nlohmann::json::parse(good);
    json["band_limits"][0] = 64;
    expect_ignored(json.dump(), "cpu-1", "build-1", "other size bands");
    json = nlohmann::json::parse(good);
    json["columns"][1] = "size";
    expect_ignored(json.dump(), "cpu-1", "build-1", "columns");
    json = nlohmann::json::parse(good);
    json["choices"][0] = {{"algorithm", "crc32c"}};
    expect_ignored(json.dump(), "cpu-1", "build-1", "not a row");
}

// The file is read at every start of the program: one row a choice, and no more digits than a
// calibration resolves, keep it small.
TEST(CalibrationFile, ChoicesAreRowsOfTheColumnsNamed) {
    const Registry registry(host_cpu().features);
    auto c = small_calibration(registry);
    c.choices[0].table_ns = 123.456789012;
    const std::string text = calibration_to_json(c);
    const auto json = nlohmann::json::parse(text);
    EXPECT_EQ(json.at("columns"),
              nlohmann::json({"algorithm", "band", "probe_size", "table_choice", "chosen", "table_ns", "chosen_ns"}));
    ASSERT_EQ(json.at("choices").size(), c.choices.size());
    EXPECT_EQ(json.at("choices")[0],
              nlohmann::json({"crc32c", 0, 64, c.choices[0].table_choice, "slice16", 123.457, 4}));
    EXPECT_NE(text.find("\n  [\"crc32c\",1,64,"), std::string::npos) << "one row a line";
    const auto loaded = parse_calibration(text, "cpu-1", "build-1", registry);
    ASSERT_TRUE(loaded.calibration) << loaded.note;
    EXPECT_DOUBLE_EQ(loaded.calibration->choices[0].table_ns, 123.457);
}

struct ScratchFolder {
    fs::path path = fs::temp_directory_path() / ("hashscope-calibration-" + std::to_string(::getpid()));
    ScratchFolder() { fs::create_directories(path); }
    ~ScratchFolder() { fs::remove_all(path); }
};

TEST(CalibrationFile, SavesWholeAndLoadsBack) {
    const ScratchFolder folder;
    const Registry registry(host_cpu().features);
    const auto path = folder.path / "new" / "dispatch.json";
    ASSERT_TRUE(save_calibration(small_calibration(registry), path));
    const auto loaded = load_calibration(path, "cpu-1", "build-1", registry);
    EXPECT_TRUE(loaded.calibration) << loaded.note;
    EXPECT_FALSE(load_calibration(folder.path / "absent.json", "cpu-1", "build-1", registry).calibration);
    EXPECT_TRUE(load_calibration(folder.path / "absent.json", "cpu-1", "build-1", registry).note.empty());
}

TEST(CalibrationFile, AFolderThatCannotBeWrittenCostsOnlyTheSaving) {
    const ScratchFolder folder;
    std::ofstream(folder.path / "a-file") << "not a folder";
    const Registry registry(host_cpu().features);
    const auto saved = save_calibration(small_calibration(registry), folder.path / "a-file" / "dispatch.json");
    EXPECT_FALSE(saved);
}

TEST(CalibrationFile, TwoProcessesSavingAtOnceLeaveOneWholeFile) {
    const ScratchFolder folder;
    const Registry registry(host_cpu().features);
    const auto path = folder.path / "dispatch.json";
    Calibration a = small_calibration(registry);
    Calibration b = small_calibration(registry);
    b.measured_on = "2026-12-02T12:00:00Z";
    b.choices[0].chosen = b.choices[0].table_choice;
    std::jthread first([&] {
        for (int i = 0; i < 50; ++i) (void)save_calibration(a, path);
    });
    std::jthread second([&] {
        for (int i = 0; i < 50; ++i) (void)save_calibration(b, path);
    });
    first.join();
    second.join();
    const auto loaded = load_calibration(path, "cpu-1", "build-1", registry);
    ASSERT_TRUE(loaded.calibration) << loaded.note;
    EXPECT_TRUE(loaded.calibration->measured_on == a.measured_on || loaded.calibration->measured_on == b.measured_on);
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(folder.path)) ++files;
    EXPECT_EQ(files, 1U) << "a temporary was left behind";
}

TEST(CalibrationFile, TheCacheFolderFollowsXdgAndNamesTheCpu) {
    const char* before = std::getenv("XDG_CACHE_HOME");
    const std::string kept = before ? before : "";
    ::setenv("XDG_CACHE_HOME", "/some/cache", 1);
    const auto path = calibration_path(host_cpu());
    if (before != nullptr) {
        ::setenv("XDG_CACHE_HOME", kept.c_str(), 1);
    } else {
        ::unsetenv("XDG_CACHE_HOME");
    }
    EXPECT_EQ(path.parent_path(), fs::path("/some/cache/hashscope"));
    EXPECT_NE(path.filename().string().find(cpu_fingerprint(host_cpu())), std::string::npos);
}

// Mapped or copied: a way must be clearly faster in one of the two readings (in pieces on every
// core, on one thread) and not clearly slower in the other.
TEST(CalibrationDecision, FileReadingWeighsEveryCoreAndOneThread) {
    using Rounds = std::array<std::vector<double>, 2>;  // [0] mapped, [1] copied
    const Rounds level{std::vector<double>{33, 32.5, 33.4, 32.8, 33.1}, {32.9, 33.2, 32.6, 33.3, 32.7}};
    const Rounds copy_faster{std::vector<double>{94, 93.5, 95, 94.2, 93.8}, {86.6, 87, 86.2, 86.9, 86.4}};
    const Rounds map_faster{std::vector<double>{37.5, 37.8, 37.2, 37.6, 37.4}, {44.2, 44.5, 43.9, 44.1, 44.6}};
    const double margin = 0.03;
    // BLAKE3 on the Zen 4 guest: level on both cores, the copy 8 % faster on one thread.
    EXPECT_EQ(choose_file_reading(level, copy_faster, 0, margin), 1U);
    EXPECT_EQ(choose_file_reading(copy_faster, level, 0, margin), 1U);
    // Level in both: the incumbent stays, whichever it is.
    EXPECT_EQ(choose_file_reading(level, level, 0, margin), 0U);
    EXPECT_EQ(choose_file_reading(level, level, 1, margin), 1U);
    // Faster one way, slower the other: no change.
    EXPECT_EQ(choose_file_reading(copy_faster, map_faster, 0, margin), 0U);
    EXPECT_EQ(choose_file_reading(map_faster, copy_faster, 1, margin), 1U);
    // Back to the mapping once it is clearly faster somewhere and not slower elsewhere.
    EXPECT_EQ(choose_file_reading(map_faster, level, 1, margin), 0U);
}

// The last band holds at both its ends: a win from memory by a few per cent does not stand
// against a clear loss in cache, and a clear win in cache is taken when memory has it level.
TEST(CalibrationDecision, TheLastBandWeighsMemoryAndCache) {
    using Rounds = std::vector<std::vector<double>>;  // [0] vpclmul, [1] isal (crc32c, Zen 4 guest)
    const Rounds memory_isal_ahead{{2.90, 2.91, 2.89, 2.92, 2.90}, {2.78, 2.79, 2.77, 2.80, 2.78}};
    const Rounds memory_level{{2.23, 2.24, 2.22, 2.25, 2.23}, {2.24, 2.23, 2.25, 2.22, 2.24}};
    const Rounds cache_vpclmul_ahead{{0.122, 0.121, 0.123, 0.122, 0.122}, {0.151, 0.150, 0.152, 0.151, 0.151}};
    const Rounds cache_level{{0.150, 0.151, 0.149, 0.150, 0.151}, {0.151, 0.150, 0.150, 0.149, 0.151}};
    const double margin = 0.03;
    const auto chosen = [&](const Rounds& memory, const Rounds& cache, std::size_t incumbent) {
        const auto c = choose_for_both_ends(memory, cache, incumbent, margin);
        return std::pair{c.index, c.by_cache};
    };
    // ISA-L 4 % ahead from memory, 24 % behind in cache: `vpclmul` stays.
    EXPECT_EQ(chosen(memory_isal_ahead, cache_vpclmul_ahead, 0), std::pair(std::size_t{0}, false));
    // Level in cache: the win from memory stands.
    EXPECT_EQ(chosen(memory_isal_ahead, cache_level, 0), std::pair(std::size_t{1}, false));
    // A calibration that had kept ISA-L gives way to what wins in cache, memory being level...
    EXPECT_EQ(chosen(memory_level, cache_vpclmul_ahead, 1), std::pair(std::size_t{0}, true));
    // ...but not when ISA-L is clearly faster from memory.
    EXPECT_EQ(chosen(memory_isal_ahead, cache_vpclmul_ahead, 1), std::pair(std::size_t{1}, false));
    // Level at both ends: the incumbent stays.
    EXPECT_EQ(chosen(memory_level, cache_level, 1), std::pair(std::size_t{1}, false));
}

// ---------------------------------------------------------------------------------------------
// Measuring

CalibrationOptions quick() {
    CalibrationOptions options;
    options.rounds = 3;
    options.round_s = 0.00002;
    options.sustained_round_s = 0;  // every band as short as the rest
    options.self_test_messages = 2;
    options.largest_probe = std::size_t{64} * 1024;
    return options;
}

TEST(Calibrate, TheLastBandTimesFastAlgorithmsOnALongerMessage) {
    CalibrationOptions options;
    const std::size_t mib = std::size_t{1} << 20;
    EXPECT_EQ(last_band_probe(options.long_probe_min_gbps * 4, options), 64 * mib);
    EXPECT_EQ(last_band_probe(options.long_probe_min_gbps / 2, options), 16 * mib);
    EXPECT_EQ(last_band_probe(0, options), 16 * mib);  // the 4 MiB probe was not timed
    options.largest_probe = 32 * mib;                  // a quick calibration: never past what it allows
    EXPECT_EQ(last_band_probe(options.long_probe_min_gbps * 4, options), 16 * mib);
}

TEST(Calibrate, DecidesEveryAlgorithmAndBandWithRunnableImplementations) {
    const Registry registry(host_cpu().features);
    std::size_t last_done = 0;
    const auto c = calibrate(registry, host_cpu(), quick(), [&](const CalibrationProgress& p) {
        EXPECT_EQ(p.done, last_done + 1);
        last_done = p.done;
    });
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(c->choices.size(), algorithms().size() * kBands);
    EXPECT_EQ(last_done, c->choices.size() + 1);  // and the changes measured again
    EXPECT_EQ(c->cpu_fingerprint, cpu_fingerprint(host_cpu()));
    EXPECT_EQ(c->build, build_fingerprint());
    for (const auto& choice : c->choices) {
        const auto* chosen = registry.find(choice.algorithm, choice.chosen);
        ASSERT_NE(chosen, nullptr) << choice.algorithm << " · " << choice.chosen;
        EXPECT_TRUE(registry.available(*chosen));
        // References never compete: a byte-at-a-time table is chosen only where it is the table's choice.
        if (chosen->priority <= 10) {
            EXPECT_EQ(choice.chosen, choice.table_choice);
        }
    }
    // What it wrote, it reads back.
    const auto loaded =
        parse_calibration(calibration_to_json(*c), cpu_fingerprint(host_cpu()), build_fingerprint(), registry);
    EXPECT_TRUE(loaded.calibration) << loaded.note;
}

// The probe of cached-file reading: a real file in the folder, timed both ways, removed after.
TEST(Calibrate, TimesReadingACachedFileMappedAndCopiedAndRemovesTheProbe) {
    const ScratchFolder folder;
    const Registry registry(host_cpu().features);
    CalibrationOptions options = quick();
    options.file_probe_folder = folder.path;
    options.file_probe_bytes = std::size_t{3} << 20;
    options.file_probe_rounds = 3;
    const std::vector<std::string> ids{"crc32c", "blake3"};
    const auto readings = measure_cached_file_reading(registry, ids, options);
    ASSERT_TRUE(readings) << readings.error().message;
    ASSERT_EQ(readings->size(), 2U);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        EXPECT_EQ((*readings)[i].algorithm, ids[i]);
        EXPECT_GT((*readings)[i].mapped_ms, 0);
        EXPECT_GT((*readings)[i].copied_ms, 0);
        EXPECT_GT((*readings)[i].mapped_one_thread_ms, 0);
        EXPECT_GT((*readings)[i].copied_one_thread_ms, 0);
    }
    EXPECT_TRUE(fs::is_empty(folder.path)) << "the probe file is removed";

    // A folder that cannot hold the probe: an error that says where, and nothing measured.
    std::ofstream(folder.path / "a-file") << "not a folder";
    options.file_probe_folder = folder.path / "a-file";
    const auto refused = measure_cached_file_reading(registry, ids, options);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("a-file"), std::string::npos) << refused.error().message;

    // A whole (quick) calibration with the probe: what the 4 MiB band did not time is not probed,
    // and the calibration says why nothing was measured only when something failed.
    options.file_probe_folder = folder.path / "cache";
    const auto c = calibrate(registry, host_cpu(), options);
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_TRUE(c->file_reading.empty()) << "the quick calibration timed no 4 MiB probe";
    EXPECT_TRUE(c->file_reading_note.empty()) << c->file_reading_note;
}

TEST(Calibrate, AStopLeavesNothingToUse) {
    const Registry registry(host_cpu().features);
    std::stop_source stop;
    std::size_t seen = 0;
    const auto c = calibrate(
        registry, host_cpu(), quick(),
        [&](const CalibrationProgress&) {
            if (++seen == 3) stop.request_stop();
        },
        stop.get_token());
    ASSERT_FALSE(c);
    EXPECT_NE(c.error().message.find("cancelled"), std::string::npos);
    EXPECT_EQ(seen, 3U);
}

}  // namespace
