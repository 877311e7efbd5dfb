// Comparing several kept runs cell by cell against the first: what `results compare` prints and
// what its --fail-above gate decides on.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hashscope/bench/report.hpp"

namespace hashscope::bench {

struct SharedCell {
    CellResult first;                                            // the cell in the first run
    std::vector<Comparison> against_first;                       // one per later run, in the order given
    [[nodiscard]] double slowdown_pct(std::size_t later) const;  // ns/op change, + is slower
    [[nodiscard]] double ratio(std::size_t later) const;         // ns/op ÷ the first's, above 1 is slower
};

struct LoneCell {
    CellResult cell;                // as the first run that has it measured it
    std::vector<std::size_t> runs;  // indices of the runs that have it
};

struct RunsComparison {
    std::vector<std::string> warnings;  // why the runs may not be comparable
    std::vector<SharedCell> shared;     // in every run
    std::vector<LoneCell> lone;         // missing from at least one run
};

// `runs` has at least two reports; the first is the reference.
RunsComparison compare_runs(const std::vector<BenchReport>& runs);

// "crc32c · isal · 4KiB · oneshot · 1 thread · hot"
std::string cell_label(const CellResult& cell);

// The shared cells significantly slower than the first run by more than `pct` percent of ns/op.
std::vector<std::string> cells_slower_than(const RunsComparison& comparison, double pct);

}  // namespace hashscope::bench
