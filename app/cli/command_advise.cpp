// `hashscope-cli advise`: which checksum for a purpose, ranked by what this machine's kept runs
// measured (bench/advice.hpp). Reads the results library; measures nothing itself.
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/bench/advice.hpp"
#include "hashscope/bench/results_library.hpp"
#include "hashscope/bench/sizes.hpp"
#include "hashscope/cpu.hpp"

namespace hashscope::cli {
namespace {

using namespace hashscope::bench;

// Runs of this CPU model, newest first, read until enough are in hand: a run file holds every raw
// sample, and the newest few runs answer for every candidate.
constexpr std::size_t max_runs_read = 20;

std::vector<BenchReport> runs_of(const std::filesystem::path& dir, const std::string& cpu_model) {
    auto summaries = list_runs(dir);
    std::reverse(summaries.begin(), summaries.end());
    std::vector<BenchReport> runs;
    for (const auto& s : summaries) {
        if (!s.readable || s.cpu_model != cpu_model) continue;
        if (auto report = load_run(dir, s.id)) runs.push_back(std::move(*report));
        if (runs.size() == max_runs_read) break;
    }
    return runs;
}

std::string gbps(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, v < 10 ? "%.2f" : "%.1f", v);
    return buffer;
}

}  // namespace

int run_advise(int argc, char** argv, int first) {
    const Arguments args(argc, argv, first, {{"purpose", 0, true}, {"size", 0, true}, {"library", 0, true}});
    if (!args.ok()) {
        complain_usage(args.error());
        return exit_usage;
    }
    if (!args.operands().empty()) {
        complain_usage("advise takes no operands, only --purpose and --size");
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
    const auto& cpu = host_cpu().model;
    const auto dir = args.value("library") ? std::filesystem::path(*args.value("library")) : default_results_dir();
    const auto advice = advise(*purpose, *size, cpu, runs_of(dir, cpu));

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
        std::cout << "\n   " << s.why << '\n';
    }
    if (!advice.notes.empty()) std::cout << '\n';
    for (const auto& note : advice.notes) std::cout << "Note: " << note << '\n';
    return exit_ok;
}

}  // namespace hashscope::cli
