// Comparing a run with an earlier one (or one from another machine): the "before / after /
// improvement" tables of checksum pull requests, significant only when the 99.9% intervals part.
#include <algorithm>

#include "hashscope/bench/report.hpp"

namespace hashscope::bench {

const CellResult* find_matching(const std::vector<CellResult>& cells, const CellResult& cell) {
    const auto it = std::find_if(cells.begin(), cells.end(), [&](const CellResult& c) {
        return c.algorithm == cell.algorithm && c.implementation == cell.implementation && c.size == cell.size &&
               c.mode == cell.mode && c.threads == cell.threads && c.placement == cell.placement;
    });
    return it == cells.end() ? nullptr : &*it;
}

void compare_with_baseline(BenchReport& current, const BenchReport& baseline) {
    for (auto& cell : current.results) {
        const auto* old = find_matching(baseline.results, cell);
        if (old == nullptr || old->ns_per_op.mean <= 0 || cell.ns_per_op.mean <= 0) continue;
        Comparison c;
        c.baseline_mean = old->ns_per_op.mean;
        c.baseline_error = old->ns_per_op.error;
        c.speedup = old->ns_per_op.mean / cell.ns_per_op.mean;
        c.change_pct = (c.speedup - 1) * 100;
        const double now_low = cell.ns_per_op.mean - cell.ns_per_op.error;
        const double now_high = cell.ns_per_op.mean + cell.ns_per_op.error;
        const double old_low = old->ns_per_op.mean - old->ns_per_op.error;
        const double old_high = old->ns_per_op.mean + old->ns_per_op.error;
        // One sample has no interval (its error is 0, not small): no claim either way.
        const bool intervals = cell.samples >= 2 && old->samples >= 2;
        c.significant = intervals && (now_high < old_low || old_high < now_low);
        cell.baseline = c;
    }
}

}  // namespace hashscope::bench
