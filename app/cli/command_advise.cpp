// `hashscope-cli advise`: which checksum for a purpose, ranked by what this machine's kept runs
// measured (bench/advice.hpp), with the implementation dispatch would use for each. What no kept
// run of this CPU measured is measured first, in seconds, and kept like any run (--no-measure:
// the library only).
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <stop_token>

#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/bench/advice.hpp"
#include "hashscope/bench/results_library.hpp"
#include "hashscope/bench/runner.hpp"
#include "hashscope/bench/sizes.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"
#include "interrupt.hpp"

namespace hashscope::cli {
namespace {

using namespace hashscope::bench;

std::string gbps(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, v < 10 ? "%.2f" : "%.1f", v);
    return buffer;
}

// hashscope-advice/1: the same facts as the text, for scripts. Unknown values are null.
nlohmann::json to_json(const Advice& advice, const std::string& cpu) {
    nlohmann::json suggestions = nlohmann::json::array();
    std::size_t rank = 0;
    for (const auto& s : advice.suggestions) {
        const bool measured = s.gb_per_s.has_value();
        suggestions.push_back({
            {"rank", ++rank},
            {"algorithm", s.algorithm},
            {"why", s.why},
            {"gb_per_s", measured ? nlohmann::json(*s.gb_per_s) : nlohmann::json(nullptr)},
            {"measured_implementation", measured ? nlohmann::json(s.implementation) : nlohmann::json(nullptr)},
            {"measured_size", measured ? nlohmann::json(s.measured_size) : nlohmann::json(nullptr)},
            {"measured_on", measured ? nlohmann::json(s.measured_in) : nlohmann::json(nullptr)},
            {"dispatch", s.dispatch.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.dispatch)},
        });
    }
    return {{"schema", "hashscope-advice/1"},
            {"purpose", purpose_name(advice.purpose)},
            {"purpose_description", purpose_description(advice.purpose)},
            {"size", advice.size},
            {"cpu_model", cpu},
            {"ranked_by_speed", advice.purpose == Purpose::corruption || advice.purpose == Purpose::dedup},
            {"suggestions", suggestions},
            {"notes", advice.notes}};
}

void print_text(const Advice& advice) {
    std::cout << "Purpose: " << purpose_name(advice.purpose) << ", " << purpose_description(advice.purpose)
              << "; messages of " << format_size(advice.size) << "\n\n";
    std::size_t rank = 0;
    for (const auto& s : advice.suggestions) {
        std::cout << ++rank << ". " << s.algorithm;
        if (s.gb_per_s) {
            std::cout << "  " << gbps(*s.gb_per_s) << " GB/s (" << s.implementation << ", measured at "
                      << format_size(s.measured_size) << " on " << s.measured_in << ")";
        } else {
            std::cout << "  (not measured on this CPU)";
        }
        if (!s.dispatch.empty()) std::cout << "; HashScope uses " << s.dispatch;
        std::cout << "\n   " << s.why << '\n';
    }
    if (!advice.notes.empty()) std::cout << '\n';
    for (const auto& note : advice.notes) std::cout << "Note: " << note << '\n';
}

// Measures the candidates no kept run of this CPU measured, at the advice's size, and keeps the
// run in the library (a cancelled one too, with what it measured). Returns the run when it
// measured anything; a library that cannot keep it costs a message, not the figures.
std::optional<BenchReport> measure_missing(const Advice& advice, const std::filesystem::path& dir, bool& cancelled) {
    const auto missing = unmeasured(advice);
    if (missing.empty()) return std::nullopt;
    auto spec = measuring_spec(missing, advice.size, Registry::host());
    if (!spec) {
        complain("could not measure: " + spec.error().message);
        return std::nullopt;
    }
    std::string names;
    for (const auto& a : missing) names += (names.empty() ? "" : ", ") + a;
    std::cerr << "measuring " << names << " at " << format_size(advice.size) << " on this CPU, about "
              << std::lround(estimated_seconds(*spec)) << " s (Ctrl-C stops)\n";
    std::stop_source stop;
    const InterruptToStop interrupt(stop);
    auto report = run_benchmark(*spec, Registry::host(), host_cpu(), {}, stop.get_token());
    cancelled = report.cancelled;
    if (report.results.empty()) return std::nullopt;
    if (auto id = save_run(dir, report)) {
        std::cerr << "kept as " << *id << " in " << dir.string() << '\n';
    } else {
        complain("the measurement was not kept in the results library: " + id.error().message);
    }
    return report;
}

}  // namespace

int run_advise(int argc, char** argv, int first) {
    const Arguments args(
        argc, argv, first,
        {{"purpose", 0, true}, {"size", 0, true}, {"library", 0, true}, {"json", 0, false}, {"no-measure", 0, false}});
    if (!args.ok()) {
        complain_usage(args.error());
        return exit_usage;
    }
    if (!args.operands().empty()) {
        complain_usage("advise takes no operands, only options");
        return exit_usage;
    }
    auto purpose = parse_purpose(args.value("purpose").value_or("corruption"));
    if (!purpose) {
        complain_usage(purpose.error().message);
        return exit_usage;
    }
    auto size = parse_size(args.value("size").value_or("1MiB"));
    if (!size || *size == 0) {
        complain_usage("--size wants a size such as 4KiB or 1MiB" +
                       (size ? std::string() : ": " + size.error().message));
        return exit_usage;
    }
    const auto cpu = bench::cpu_class(host_cpu().model, host_cpu().microarchitecture);
    const auto dir = args.value("library") ? std::filesystem::path(*args.value("library")) : default_results_dir();
    auto runs = newest_runs_of(dir, cpu);
    auto advice = advise(*purpose, *size, cpu, runs);
    bool cancelled = false;
    if (!args.has("no-measure")) {
        if (auto fresh = measure_missing(advice, dir, cancelled)) {
            runs.insert(runs.begin(), std::move(*fresh));  // the newest, whether or not it was kept
            advice = advise(*purpose, *size, cpu, runs);
        }
    }
    name_dispatch(advice, Registry::host());  // main() has applied this machine's calibration
    if (args.has("json")) {
        std::cout << to_json(advice, cpu).dump(2) << '\n';
    } else {
        print_text(advice);
    }
    return cancelled ? exit_failed : exit_ok;
}

}  // namespace hashscope::cli
