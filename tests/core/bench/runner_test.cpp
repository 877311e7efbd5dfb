// The measuring loop, on tiny budgets: structure of the results, progress, cancellation,
// calibration. (How fast anything is is the benchmark's business, never a unit test's.)
#include "hashscope/bench/runner.hpp"

#include <gtest/gtest.h>

#include "hashscope/bench/presets.hpp"
#include "hashscope/calibration.hpp"

namespace hashscope::bench {
namespace {

BenchSpec tiny_spec() {
    BenchSpec spec;
    spec.participants = {{"crc32c", std::string(Registry::host().best("crc32c")->id)}, {"sha256", "openssl"}};
    spec.sizes = {64, 4096};
    spec.max_time_s = 0.05;
    spec.warmup_s = 0.005;
    spec.sample_s = 0.001;
    spec.min_samples = 3;
    return spec;
}

TEST(Runner, MeasuresEveryCellWithTheHarnessFirst) {
    const auto spec = tiny_spec();
    std::size_t finished = 0;
    const auto report =
        run_benchmark(spec, Registry::host(), host_cpu(), [&](const BenchProgress& p, const CellResult* c) {
            if (c != nullptr) ++finished;
            EXPECT_EQ(p.cells_total, 6U);
            EXPECT_LE(p.cells_done, p.cells_total);
        });
    EXPECT_EQ(count_cells(spec), 6U);
    ASSERT_EQ(report.results.size(), 6U);
    EXPECT_EQ(finished, 6U);
    EXPECT_FALSE(report.cancelled);
    EXPECT_EQ(report.results[0].algorithm, "null");
    EXPECT_EQ(report.results[2].algorithm, "crc32c");
    EXPECT_EQ(report.results[4].algorithm, "sha256");
    for (const auto& r : report.results) {
        EXPECT_GE(r.samples, 3U) << r.algorithm << " " << r.size;
        EXPECT_EQ(r.raw_ns_per_op.size(), r.samples);
        EXPECT_GT(r.ns_per_op.mean, 0);
        EXPECT_LE(r.ns_per_op.min, r.ns_per_op.median);
        EXPECT_NEAR(r.gb_per_s, static_cast<double>(r.size) / r.ns_per_op.mean, 1e-9 * r.gb_per_s);
        EXPECT_NEAR(r.ops_per_ms, 1e6 / r.ns_per_op.mean, 1e-9 * r.ops_per_ms);
    }
    EXPECT_TRUE(report.results[2].best);
    EXPECT_EQ(report.results[2].backend, Registry::host().best("crc32c")->backend);
}

// "best" follows dispatch size by size: under a plan that picks slice16 for short messages, the
// participant measures slice16 there (once, though slice16 is also named) and the table's choice
// for long ones, each marked as dispatch's choice.
TEST(Runner, BestFollowsDispatchSizeBySize) {
    const Registry registry(host_cpu().features);
    Calibration plan;
    for (std::size_t band = 0; band < kBands; ++band) {
        const std::string table(registry.table_best("crc32c")->id);
        plan.choices.push_back({"crc32c", band, 0, table, band == band_of(64) ? "slice16" : table, 0, 0});
    }
    registry.use_plan(keep_plan(plan, registry));
    auto spec = tiny_spec();
    auto participants = select_participants({"crc32c"}, {"best", "slice16"}, registry);
    ASSERT_TRUE(participants);
    spec.participants = *participants;
    spec.measure_harness = false;
    std::size_t total = 0;
    const auto report = run_benchmark(spec, registry, host_cpu(),
                                      [&](const BenchProgress& p, const CellResult*) { total = p.cells_total; });
    std::vector<std::pair<std::size_t, std::string>> rows;
    for (const auto& r : report.results) {
        rows.emplace_back(r.size, r.implementation + (r.best ? " *" : ""));
    }
    const std::string table(registry.table_best("crc32c")->id);
    const std::vector<std::pair<std::size_t, std::string>> want{
        {64, "slice16 *"}, {4096, table + " *"}, {4096, "slice16"}};
    EXPECT_EQ(rows, want);
    EXPECT_EQ(total, 3U);
}

TEST(Runner, HashingCostsMoreThanTheHarness) {
    // Not a speed goal: a sanity check that the harness is not what is being timed.
    const auto report = run_benchmark(tiny_spec(), Registry::host(), host_cpu());
    EXPECT_LT(report.results[1].ns_per_op.mean, report.results[5].ns_per_op.mean);  // null 4 KiB < sha256 4 KiB
}

TEST(Runner, RecordsTheEnvironment) {
    const auto report = run_benchmark(tiny_spec(), Registry::host(), host_cpu());
    const auto& env = report.environment;
    EXPECT_EQ(env.cpu_model, host_cpu().model);
    EXPECT_FALSE(env.os.empty());
    EXPECT_FALSE(env.compiler.empty());
    EXPECT_FALSE(env.build_type.empty());
    EXPECT_FALSE(env.date.empty());
    EXPECT_TRUE(env.libraries.count("openssl"));
    EXPECT_TRUE(env.cycles_source == "perf" || env.cycles_source == "estimate" || env.cycles_source == "none");
    if (env.cycles_source == "estimate") {
        EXPECT_GT(env.core_ghz, 0.2);
    }
    if (!host_cpu().hypervisor.empty()) {
        const bool warned = std::any_of(env.warnings.begin(), env.warnings.end(),
                                        [](const std::string& w) { return w.find("hypervisor") != std::string::npos; });
        EXPECT_TRUE(warned);
    }
}

TEST(Runner, CancelReturnsWhatWasMeasured) {
    auto spec = tiny_spec();
    spec.sizes = {64, 128, 256, 512, 1024, 2048, 4096};
    std::stop_source stop;
    const auto report = run_benchmark(
        spec, Registry::host(), host_cpu(),
        [&](const BenchProgress& p, const CellResult*) {
            if (p.cells_done == 2) stop.request_stop();
        },
        stop.get_token());
    EXPECT_TRUE(report.cancelled);
    EXPECT_GE(report.results.size(), 2U);
    EXPECT_LT(report.results.size(), count_cells(spec));
}

TEST(Runner, ModesAndThreadsProduceTheirOwnCells) {
    auto spec = tiny_spec();
    spec.participants = {{"crc32", "zlib"}};
    spec.sizes = {256};
    spec.modes = {{Mode::oneshot, 0}, {Mode::stream, 64}, {Mode::bytewise, 0}};
    spec.threads = {1, 2};
    spec.measure_harness = false;
    const auto report = run_benchmark(spec, Registry::host(), host_cpu());
    ASSERT_EQ(report.results.size(), 6U);
    for (const auto& r : report.results) {
        EXPECT_GT(r.ns_per_op.mean, 0);
        EXPECT_NEAR(r.gb_per_s, r.threads * 256.0 / r.ns_per_op.mean, 1e-9 * r.gb_per_s);
    }
    // One cell per mode and thread count, in the spec's order (modes outer). (Which mode is
    // faster is for benchmarks to show, not for a unit test to time: under emulation bytewise,
    // batched by the Hasher, has measured faster than oneshot.)
    const Mode modes[] = {Mode::oneshot, Mode::stream, Mode::bytewise};
    for (std::size_t i = 0; i < report.results.size(); ++i) {
        EXPECT_EQ(report.results[i].mode.mode, modes[i / 2]) << i;
        EXPECT_EQ(report.results[i].threads, i % 2 == 0 ? 1U : 2U) << i;
    }
    EXPECT_EQ(report.results[2].mode.chunk, 64U);
}

TEST(Runner, ImpreciseCellsAreFlagged) {
    auto spec = tiny_spec();
    spec.precision = 1e-9;  // unreachable
    spec.participants = {{"crc32", "zlib"}};
    spec.sizes = {64};
    const auto report = run_benchmark(spec, Registry::host(), host_cpu());
    for (const auto& r : report.results) EXPECT_FALSE(r.precise);
    EXPECT_TRUE(std::any_of(report.environment.warnings.begin(), report.environment.warnings.end(),
                            [](const std::string& w) { return w.find("target precision") != std::string::npos; }));
}

TEST(Presets, EveryPresetBuildsAndEstimatesItsTime) {
    for (const auto& preset : presets()) {
        auto spec = preset_spec(preset.name, Registry::host(), host_cpu());
        ASSERT_TRUE(spec.ok()) << preset.name << ": " << spec.error().message;
        EXPECT_FALSE(spec->participants.empty()) << preset.name;
        EXPECT_FALSE(spec->sizes.empty()) << preset.name;
        EXPECT_GT(estimated_seconds(*spec), 0) << preset.name;
    }
    EXPECT_FALSE(preset_spec("nope", Registry::host(), host_cpu()).ok());
}

TEST(Presets, ReproduceThePublishedShapes) {
    const auto aws = *preset_spec("aws-sdk", Registry::host(), host_cpu());
    EXPECT_EQ(aws.sizes, (std::vector<std::size_t>{128, 4096, 1048576}));
    EXPECT_EQ(aws.participants.size(), 6U);
    EXPECT_EQ(aws.modes.size(), 2U);
    const auto bk = *preset_spec("bookkeeper-crc32c", Registry::host(), host_cpu());
    EXPECT_EQ(bk.sizes, (std::vector<std::size_t>{64, 1024, 4086, 8192, 16384, 65536}));
    EXPECT_EQ(bk.preferred_unit, "ops/ms");
    for (const auto& p : bk.participants) EXPECT_EQ(p.algorithm, "crc32c");
    const auto ozone = *preset_spec("ozone-threads", Registry::host(), host_cpu());
    EXPECT_EQ(ozone.threads.front(), 1U);
    EXPECT_EQ(ozone.threads.back(), 3 * std::max(1U, host_cpu().cores));
    const auto quick = *preset_spec("quick", Registry::host(), host_cpu());
    EXPECT_LT(static_cast<double>(count_cells(quick)) * quick.max_time_s, 60.0) << "quick must stay under a minute";
}

TEST(Participants, SelectionRules) {
    const auto& registry = Registry::host();
    std::vector<std::string> skipped;
    auto all = select_participants({"crc32"}, {"all"}, registry, &skipped);
    ASSERT_TRUE(all.ok());
    const auto rows = registry.implementations_of("crc32");
    EXPECT_EQ(all->size(), static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), [&](auto* r) {
                  return registry.available(*r);
              })));  // "all" means all that can run here
    auto mixed = select_participants({"crc32c", "sha256"}, {"best", "isal"}, registry);
    ASSERT_TRUE(mixed.ok());
    // sha256 has no isal: skipped for sha256 only; crc32c's best is isal here or another row: no duplicates.
    for (const auto& p : *mixed) EXPECT_FALSE(p.algorithm == "sha256" && p.implementation == "isal");
    EXPECT_FALSE(select_participants({"sha257"}, {"best"}, registry).ok());
    EXPECT_FALSE(select_participants({"sha256"}, {"isal"}, registry).ok());
}

TEST(Modes, ParseAndLabel) {
    EXPECT_EQ(parse_mode("oneshot")->mode, Mode::oneshot);
    EXPECT_EQ(parse_mode("stream:4KiB")->chunk, 4096U);
    EXPECT_EQ(mode_label(*parse_mode("stream:4096")), "stream:4096");
    EXPECT_FALSE(parse_mode("stream:").ok());
    EXPECT_FALSE(parse_mode("sideways").ok());
}

}  // namespace
}  // namespace hashscope::bench
