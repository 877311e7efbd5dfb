// advise: the candidates of each purpose, ranked by this CPU's newest measurement where speed is
// what decides, in the rules' order where compatibility or strength does.
#include "hashscope/bench/advice.hpp"

#include <gtest/gtest.h>

namespace hashscope::bench {
namespace {

CellResult cell(const std::string& algorithm, std::size_t size, double gbps) {
    CellResult c;
    c.algorithm = algorithm;
    c.implementation = "fast";
    c.size = size;
    c.gb_per_s = gbps;
    return c;
}

BenchReport run(const std::string& cpu, const std::string& date, std::vector<CellResult> cells,
                const std::string& microarchitecture = {}) {
    BenchReport r;
    r.environment.cpu_model = cpu;
    r.environment.microarchitecture = microarchitecture;
    r.environment.date = date;
    r.results = std::move(cells);
    return r;
}

std::vector<std::string> order(const Advice& a) {
    std::vector<std::string> out;
    for (const auto& s : a.suggestions) out.push_back(s.algorithm);
    return out;
}

TEST(Advice, PurposesParseAndNameThemselves) {
    for (const char* name : {"corruption", "interop", "tamper", "dedup"}) {
        auto p = parse_purpose(name);
        ASSERT_TRUE(p) << name;
        EXPECT_EQ(purpose_name(*p), name);
        EXPECT_FALSE(purpose_description(*p).empty());
    }
    EXPECT_FALSE(parse_purpose("speed"));
}

TEST(Advice, WithoutMeasurementsTheRulesOrderStandsAndSaysHowToMeasure) {
    const auto a = advise(Purpose::corruption, 4096, "CPU", {});
    EXPECT_EQ(order(a), (std::vector<std::string>{"crc32c", "xxh3", "crc64nvme", "xxh128", "blake3"}));
    for (const auto& s : a.suggestions) EXPECT_FALSE(s.gb_per_s);
    EXPECT_NE(a.notes.back().find("hashscope-cli bench"), std::string::npos);
    // Large objects: 64-bit values first.
    EXPECT_EQ(order(advise(Purpose::corruption, 64 << 20, "CPU", {})).back(), "crc32c");
}

TEST(Advice, TamperNeverSuggestsWeakChecksums) {
    for (const auto& s : advise(Purpose::tamper, 4096, "CPU", {}).suggestions) {
        for (const char* weak : {"md5", "sha1", "crc32", "crc32c", "crc64nvme", "xxh3", "xxh64", "xxh128", "adler32"})
            EXPECT_NE(s.algorithm, weak);
    }
}

TEST(Advice, MeasurementsOfThisCpuRankCorruptionAtTheNearestSize) {
    const std::vector<BenchReport> runs{
        // Older run of this CPU: crc32c slow. Newer: crc32c fastest at 4 KiB, slower at 1 MiB.
        run("CPU", "2026-01-01T00:00:00Z", {cell("crc32c", 4096, 1)}),
        run("CPU", "2026-06-01T00:00:00Z",
            {cell("crc32c", 4096, 30), cell("crc32c", 1 << 20, 10), cell("xxh3", 4096, 20), cell("xxh3", 1 << 20, 25)}),
        // Another CPU's figures never count.
        run("Other CPU", "2026-12-01T00:00:00Z", {cell("xxh128", 4096, 99)}),
    };
    const auto small = advise(Purpose::corruption, 5000, "CPU", runs);
    EXPECT_EQ(order(small), (std::vector<std::string>{"crc32c", "xxh3", "crc64nvme", "xxh128", "blake3"}));
    ASSERT_TRUE(small.suggestions[0].gb_per_s);
    EXPECT_EQ(*small.suggestions[0].gb_per_s, 30);
    EXPECT_EQ(small.suggestions[0].measured_size, 4096U);
    EXPECT_EQ(small.suggestions[0].measured_in, "2026-06-01T00:00:00Z");
    EXPECT_FALSE(small.suggestions[3].gb_per_s);  // xxh128: only the other CPU measured it

    const auto large = advise(Purpose::corruption, 2 << 20, "CPU", runs);
    EXPECT_EQ(order(large)[0], "xxh3");
    EXPECT_EQ(order(large)[1], "crc32c");
}

TEST(Advice, OneModelNameOfTwoGenerationsIsTwoCpus) {
    // "AMD EPYC" names Zen 3 and Zen 5 alike: a Zen 5 run must not rank a Zen 3 machine.
    const std::vector<BenchReport> runs{
        run("AMD EPYC", "2026-06-01T00:00:00Z", {cell("crc32c", 4096, 30)}, "Zen 3"),
        run("AMD EPYC", "2026-12-01T00:00:00Z", {cell("crc32c", 4096, 80), cell("xxh128", 4096, 99)}, "Zen 5"),
    };
    EXPECT_EQ(cpu_class("AMD EPYC", "Zen 3"), "AMD EPYC · Zen 3");
    EXPECT_EQ(cpu_class("AMD EPYC", "unknown"), "AMD EPYC");
    const auto a = advise(Purpose::corruption, 4096, cpu_class("AMD EPYC", "Zen 3"), runs);
    ASSERT_TRUE(a.suggestions[0].gb_per_s);
    EXPECT_EQ(a.suggestions[0].algorithm, "crc32c");
    EXPECT_EQ(*a.suggestions[0].gb_per_s, 30);
    for (const auto& s : a.suggestions) {
        if (s.algorithm == "xxh128") {
            EXPECT_FALSE(s.gb_per_s);  // only the Zen 5 run measured it
        }
    }
}

TEST(Advice, InteropKeepsItsOrderWhateverIsFaster) {
    const std::vector<BenchReport> runs{
        run("CPU", "2026-06-01T00:00:00Z", {cell("md5", 4096, 1), cell("crc32c", 4096, 50)})};
    const auto a = advise(Purpose::interop, 4096, "CPU", runs);
    EXPECT_EQ(a.suggestions.front().algorithm, "sha256");
    ASSERT_TRUE(a.suggestions[2].gb_per_s);  // shown, not ranked by
    EXPECT_EQ(a.suggestions[2].algorithm, "crc32c");
}

}  // namespace
}  // namespace hashscope::bench
