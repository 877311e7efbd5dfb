// What a benchmark run produced: its environment, its spec, and one result per cell.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "hashscope/bench/spec.hpp"
#include "hashscope/bench/statistics.hpp"
#include "hashscope/result.hpp"

namespace hashscope::bench {

inline constexpr std::string_view schema_id = "hashscope-bench/1";

struct Environment {
    std::string cpu_model, cpu_vendor, microarchitecture, architecture;
    unsigned cores = 0, threads = 0;
    std::vector<std::string> features;
    std::uint64_t l1d = 0, l2 = 0, l3 = 0;
    std::string hypervisor;
    std::string emulation;  // CpuInfo::emulation; empty when native (and in files written before it was recorded)
    // On a CPU that mixes kinds of core: describe_core_kinds() ("4 × Cortex-A76 + 4 × Cortex-A55")
    // and the kind the run started on (current_core_kind()); both empty when the cores are alike.
    std::string core_kinds, started_on_core;
    std::string governor;  // "performance", "powersave", ... or "unavailable"
    std::string os, compiler, compiler_flags, build_type, hashscope_version, date;
    std::string git_revision;  // of the HashScope build that measured; empty in files written before it was recorded
    std::map<std::string, std::string> libraries;
    std::string cycles_source;  // "perf" (measured core cycles), "estimate" (measured core clock) or "none"
    double core_ghz = 0;        // the core clock used for estimates; 0 when unknown
    std::vector<std::string> warnings;
};

// How a cell compares with the same cell of a baseline run.
// "4 × Cortex-A76 + 4 × Cortex-A55 cores, started on a Cortex-A76"; empty when the cores are alike.
std::string core_kinds_label(const Environment& e);
// "AMD EPYC (Zen 3)": the CPU as a report's last line names it, with core_kinds_label() if any.
std::string machine_label(const Environment& e);

struct Comparison {
    double baseline_mean = 0;   // ns/op
    double baseline_error = 0;  // ns/op
    double speedup = 0;         // baseline ns/op ÷ current ns/op: above 1 is faster now
    double change_pct = 0;      // throughput change, (speedup − 1) × 100
    bool significant = false;   // the two 99.9% intervals do not overlap
};

struct CellResult {
    std::string algorithm, implementation, backend;
    bool best = false;  // dispatch's choice for the algorithm on the machine that ran it
    std::size_t size = 0;
    ModeSpec mode;
    unsigned threads = 1;
    Placement placement = Placement::hot;
    std::size_t samples = 0;
    bool precise = false;  // reached the target precision within the budget
    SampleStats ns_per_op;
    double gb_per_s = 0;    // aggregate over all threads
    double ops_per_ms = 0;  // aggregate over all threads
    std::optional<double> cycles_per_byte;
    std::vector<double> raw_ns_per_op;
    std::optional<Comparison> baseline;
};

struct BenchReport {
    Environment environment;
    BenchSpec spec;
    std::vector<CellResult> results;
    double elapsed_s = 0;
    bool cancelled = false;
};

// The same cell (algorithm, implementation, size, mode, threads, placement) in another report.
const CellResult* find_matching(const std::vector<CellResult>& cells, const CellResult& cell);
// Fills CellResult::baseline for every cell that the baseline also measured.
void compare_with_baseline(BenchReport& current, const BenchReport& baseline);

// Files: JSON (schema hashscope-bench/1), CSV (one row per cell), a terminal table, Markdown.
std::string to_json(const BenchReport& report);
Result<BenchReport> report_from_json(std::string_view text);
std::string to_csv(const BenchReport& report);
std::string to_table(const BenchReport& report);
std::string to_markdown(const BenchReport& report);

}  // namespace hashscope::bench
