// Several runs against the first, built on the baseline comparison (baseline.cpp) so that
// "significant" means the same everywhere: the two 99.9% intervals do not overlap.
#include "hashscope/bench/results_compare.hpp"

#include <algorithm>
#include <set>

#include "hashscope/bench/sizes.hpp"

namespace hashscope::bench {
namespace {

// Runs disagree on `what`: the distinct values, as "a, b".
void warn_if_differs(const std::vector<BenchReport>& runs, const std::string& what,
                     std::string (*value)(const BenchReport&), std::vector<std::string>& warnings) {
    std::set<std::string> seen;
    std::string listed;
    for (const auto& r : runs) {
        const auto v = value(r);
        if (seen.insert(v).second) listed += (listed.empty() ? "" : ", ") + (v.empty() ? std::string("unknown") : v);
    }
    if (seen.size() > 1) warnings.push_back("different " + what + ": " + listed);
}

std::string placements_of(const BenchReport& r) {
    std::set<std::string> names;
    for (const auto& c : r.results) names.insert(std::string(placement_name(c.placement)));
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : "+") + n;
    return out;
}

}  // namespace

double SharedCell::ratio(std::size_t later) const {
    const auto& c = against_first.at(later);
    return c.speedup > 0 ? 1 / c.speedup : 0;
}

double SharedCell::slowdown_pct(std::size_t later) const {
    const double r = ratio(later);
    return r > 0 ? (r - 1) * 100 : 0;
}

std::string cell_label(const CellResult& cell) {
    return cell.algorithm + " · " + cell.implementation + " · " + format_size_compact(cell.size) + " · " +
           mode_label(cell.mode) + " · " + std::to_string(cell.threads) + (cell.threads == 1 ? " thread" : " threads") +
           " · " + std::string(placement_name(cell.placement));
}

RunsComparison compare_runs(const std::vector<BenchReport>& runs) {
    RunsComparison out;
    if (runs.empty()) return out;
    warn_if_differs(
        runs, "CPU model", [](const BenchReport& r) { return r.environment.cpu_model; }, out.warnings);
    warn_if_differs(
        runs, "microarchitecture", [](const BenchReport& r) { return r.environment.microarchitecture; }, out.warnings);
    warn_if_differs(
        runs, "build type", [](const BenchReport& r) { return r.environment.build_type; }, out.warnings);
    warn_if_differs(
        runs, "HashScope revision", [](const BenchReport& r) { return r.environment.git_revision; }, out.warnings);
    warn_if_differs(
        runs, "hypervisor", [](const BenchReport& r) { return r.environment.hypervisor; }, out.warnings);
    warn_if_differs(
        runs, "emulation", [](const BenchReport& r) { return r.environment.emulation; }, out.warnings);
    warn_if_differs(runs, "cache placement", placements_of, out.warnings);
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (runs[i].cancelled) out.warnings.push_back("run " + std::to_string(i + 1) + " was cancelled half-way");
    }

    // Each later run against the first, as `bench --baseline` compares.
    std::vector<BenchReport> later(runs.begin() + 1, runs.end());
    for (auto& r : later) compare_with_baseline(r, runs.front());

    for (const auto& cell : runs.front().results) {
        SharedCell shared{cell, {}};
        for (const auto& r : later) {
            const auto* match = find_matching(r.results, cell);
            if (match == nullptr || !match->baseline) break;
            shared.against_first.push_back(*match->baseline);
        }
        if (shared.against_first.size() == later.size()) out.shared.push_back(std::move(shared));
    }
    // The rest, each cell once, with the runs that have it.
    std::vector<CellResult> lone_cells;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        for (const auto& cell : runs[i].results) {
            if (find_matching(runs.front().results, cell) != nullptr &&
                std::all_of(runs.begin(), runs.end(),
                            [&](const BenchReport& r) { return find_matching(r.results, cell) != nullptr; }))
                continue;
            if (find_matching(lone_cells, cell) != nullptr) continue;
            lone_cells.push_back(cell);
            LoneCell lone{cell, {}};
            for (std::size_t j = 0; j < runs.size(); ++j) {
                if (find_matching(runs[j].results, cell) != nullptr) lone.runs.push_back(j);
            }
            out.lone.push_back(std::move(lone));
        }
    }
    return out;
}

std::vector<std::string> cells_slower_than(const RunsComparison& comparison, double pct) {
    std::vector<std::string> slower;
    for (const auto& cell : comparison.shared) {
        for (std::size_t i = 0; i < cell.against_first.size(); ++i) {
            if (cell.against_first[i].significant && cell.slowdown_pct(i) > pct) {
                slower.push_back(cell_label(cell.first));
                break;
            }
        }
    }
    return slower;
}

}  // namespace hashscope::bench
