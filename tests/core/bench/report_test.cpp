// JSON round trip, baseline comparison and the text forms of a report.
#include <gtest/gtest.h>

#include "hashscope/bench/report.hpp"
#include "hashscope/cpu.hpp"

namespace hashscope::bench {
namespace {

CellResult cell(std::string algorithm, std::string impl, std::size_t size, double mean, double error) {
    CellResult c;
    c.algorithm = std::move(algorithm);
    c.implementation = std::move(impl);
    c.backend = "isal";
    c.best = true;
    c.size = size;
    c.samples = 12;
    c.precise = true;
    c.ns_per_op = {12, mean, mean, mean - 1, mean + 1, 0.5, error};
    c.gb_per_s = static_cast<double>(size) / mean;
    c.ops_per_ms = 1e6 / mean;
    c.cycles_per_byte = 0.25;
    c.raw_ns_per_op = {mean - 0.5, mean + 0.5};
    return c;
}

BenchReport sample_report() {
    BenchReport r;
    r.environment.cpu_model = "AMD EPYC";
    r.environment.microarchitecture = "Zen 4";
    r.environment.features = {"sse4.2", "pclmulqdq"};
    r.environment.l1d = 32768;
    r.environment.libraries = {{"isal", "2.30.0"}};
    r.environment.warnings = {"running under a hypervisor"};
    r.spec.preset = "quick";
    r.spec.sizes = {64, 4096};
    r.spec.modes = {{Mode::oneshot, 0}, {Mode::stream, 1024}};
    r.spec.participants = {{"crc32c", "isal"}};
    r.spec.placements = {Placement::hot, Placement::cold};
    r.results = {cell("crc32c", "isal", 64, 8.0, 0.1), cell("crc32c", "isal", 4096, 88.0, 0.8)};
    r.results[1].mode = {Mode::stream, 1024};
    r.results[1].cycles_per_byte.reset();
    return r;
}

TEST(ReportJson, RoundTripKeepsEveryField) {
    const auto original = sample_report();
    const auto text = to_json(original);
    EXPECT_NE(text.find("\"schema\": \"hashscope-bench/1\""), std::string::npos);
    auto back = report_from_json(text);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->environment.cpu_model, "AMD EPYC");
    EXPECT_EQ(back->environment.features, original.environment.features);
    EXPECT_EQ(back->environment.l1d, 32768U);
    EXPECT_EQ(back->environment.libraries.at("isal"), "2.30.0");
    EXPECT_EQ(back->environment.warnings, original.environment.warnings);
    EXPECT_EQ(back->environment.core_kinds, "");  // cores all alike: nothing to say
    EXPECT_EQ(back->spec.preset, "quick");
    EXPECT_EQ(back->spec.modes, original.spec.modes);
    EXPECT_EQ(back->spec.participants, original.spec.participants);
    EXPECT_EQ(back->spec.placements, original.spec.placements);
    ASSERT_EQ(back->results.size(), 2U);
    for (std::size_t i = 0; i < 2; ++i) {
        const auto& a = original.results[i];
        const auto& b = back->results[i];
        EXPECT_EQ(b.algorithm, a.algorithm);
        EXPECT_EQ(b.size, a.size);
        EXPECT_EQ(b.mode, a.mode);
        EXPECT_EQ(b.samples, a.samples);
        EXPECT_DOUBLE_EQ(b.ns_per_op.mean, a.ns_per_op.mean);
        EXPECT_DOUBLE_EQ(b.ns_per_op.error, a.ns_per_op.error);
        EXPECT_EQ(b.cycles_per_byte.has_value(), a.cycles_per_byte.has_value());
        EXPECT_EQ(b.raw_ns_per_op, a.raw_ns_per_op);
    }
}

// A CPU that mixes kinds of core: the kinds and the one the run began on travel with the results
// and name the machine in every report's last line.
TEST(ReportJson, KeepsTheKindsOfCoreOfABigLittleCpu) {
    auto original = sample_report();
    original.environment.cpu_model = "Rockchip RK3588";
    original.environment.microarchitecture = "Cortex-A76";
    original.environment.core_kinds = describe_core_kinds({{"Cortex-A55", 4}, {"Cortex-A76", 4}});
    original.environment.started_on_core = "Cortex-A55";
    EXPECT_EQ(original.environment.core_kinds, "4 \u00d7 Cortex-A55 + 4 \u00d7 Cortex-A76");
    auto back = report_from_json(to_json(original));
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->environment.core_kinds, original.environment.core_kinds);
    EXPECT_EQ(back->environment.started_on_core, "Cortex-A55");
    EXPECT_EQ(machine_label(back->environment),
              "Rockchip RK3588 (Cortex-A76), 4 \u00d7 Cortex-A55 + 4 \u00d7 Cortex-A76 cores, started on a Cortex-A55");
    EXPECT_NE(to_markdown(*back).find(machine_label(back->environment)), std::string::npos);
    EXPECT_EQ(machine_label(sample_report().environment).find("cores"), std::string::npos);
}

TEST(ReportJson, RejectsWhatIsNotABenchmarkFile) {
    EXPECT_NE(report_from_json("not json").error().message.find("cannot read"), std::string::npos);
    EXPECT_NE(report_from_json("[1,2]").error().message.find("not a JSON object"), std::string::npos);
    EXPECT_NE(report_from_json(R"({"schema":"other/2"})").error().message.find("it says \"other/2\""),
              std::string::npos);
    EXPECT_NE(report_from_json(R"({"a":1})").error().message.find("no \"schema\""), std::string::npos);
    const auto bad_cell = report_from_json(R"({"schema":"hashscope-bench/1","results":[{"algorithm":"crc32"}]})");
    ASSERT_FALSE(bad_cell.ok());
    EXPECT_NE(bad_cell.error().message.find("result 0"), std::string::npos);
    EXPECT_FALSE(report_from_json(R"({"schema":"hashscope-bench/1","results":[{"algorithm":1}]})").ok());
}

// Found by fuzz_bench_inputs: a float where a whole number belongs was cast, undefined when huge.
TEST(ReportJson, RejectsNumbersThatAreNotWholeOrDoNotFit) {
    const auto huge_size = report_from_json(
        R"({"schema":"hashscope-bench/1","results":[{"algorithm":"crc32","implementation":"zlib","size":3.7e111,)"
        R"("mode":"oneshot","ns_per_op":{"mean":1}}]})");
    ASSERT_FALSE(huge_size.ok());
    EXPECT_NE(huge_size.error().message.find("'size' is not a whole number"), std::string::npos)
        << huge_size.error().message;
    EXPECT_FALSE(report_from_json(R"({"schema":"hashscope-bench/1","spec":{"threads":[-1]},"results":[]})").ok());
    EXPECT_FALSE(report_from_json(R"({"schema":"hashscope-bench/1","spec":{"sizes":[1e30]},"results":[]})").ok());
    EXPECT_TRUE(report_from_json(R"({"schema":"hashscope-bench/1","spec":{"sizes":[64,4096]},"results":[]})").ok());
}

TEST(Baseline, SignificantOnlyWhenIntervalsDoNotOverlap) {
    auto now = sample_report();
    auto before = sample_report();
    before.results[0].ns_per_op.mean = 16.0;  // was twice as slow, tight error: significant
    before.results[1].ns_per_op.mean = 88.5;  // within the error bars: not significant
    compare_with_baseline(now, before);
    ASSERT_TRUE(now.results[0].baseline);
    EXPECT_DOUBLE_EQ(now.results[0].baseline->speedup, 2.0);
    EXPECT_DOUBLE_EQ(now.results[0].baseline->change_pct, 100.0);
    EXPECT_TRUE(now.results[0].baseline->significant);
    ASSERT_TRUE(now.results[1].baseline);
    EXPECT_FALSE(now.results[1].baseline->significant);
}

// A cell of one sample (a run stopped by its time budget) has an error of 0: no interval, so a
// difference is never called significant, however large (a gate must not fail on it).
TEST(Baseline, OneSampleIsNeverSignificant) {
    auto now = sample_report();
    auto before = sample_report();
    before.results[0].ns_per_op.mean = 24.0;
    before.results[0].ns_per_op.error = 0;
    before.results[0].samples = 1;
    compare_with_baseline(now, before);
    ASSERT_TRUE(now.results[0].baseline);
    EXPECT_DOUBLE_EQ(now.results[0].baseline->speedup, 3.0);
    EXPECT_FALSE(now.results[0].baseline->significant);
}

TEST(Baseline, CellsWithoutACounterpartAreLeftAlone) {
    auto now = sample_report();
    auto before = sample_report();
    before.results[0].implementation = "table";
    before.results[1].threads = 4;
    compare_with_baseline(now, before);
    EXPECT_FALSE(now.results[0].baseline);
    EXPECT_FALSE(now.results[1].baseline);
}

TEST(ReportText, TableCsvMarkdownCarryTheFigures) {
    auto r = sample_report();
    auto before = sample_report();
    before.results[0].ns_per_op.mean = 16.0;
    compare_with_baseline(r, before);
    const auto table = to_table(r);
    EXPECT_NE(table.find("crc32c"), std::string::npos);
    EXPECT_NE(table.find("isal *"), std::string::npos);
    EXPECT_NE(table.find("stream:1024"), std::string::npos);
    EXPECT_NE(table.find("8.000"), std::string::npos);
    EXPECT_NE(table.find("+100.0%"), std::string::npos);
    const auto csv = to_csv(r);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3);
    EXPECT_NE(csv.find("score_error_999"), std::string::npos);
    EXPECT_NE(csv.find("crc32c,isal,isal,true,64,oneshot,,1,hot,12,true,8,0.1"), std::string::npos);
    const auto md = to_markdown(r);
    EXPECT_NE(md.find("| crc32c · isal | 64 B | oneshot | 1 | 8.000 | ± 0.100 |"), std::string::npos);
}

}  // namespace
}  // namespace hashscope::bench
