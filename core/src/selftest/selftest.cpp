// The self-test driver: the rows to test in `list` order, each one's known answers, then its
// agreement with its algorithm's reference on the random corpus.
#include "hashscope/selftest.hpp"

#include <algorithm>
#include <random>

#include "hashscope/algorithm.hpp"
#include "selftest/cross_check.hpp"

namespace hashscope {
namespace {

using selftest::CheckEnd;

// The rows of one algorithm, highest priority first (the order of Registry::implementations_of).
std::vector<const Implementation*> rows_of(std::span<const Implementation> rows, std::string_view algorithm) {
    std::vector<const Implementation*> out;
    for (const auto& row : rows) {
        if (row.algorithm == algorithm) out.push_back(&row);
    }
    std::stable_sort(out.begin(), out.end(), [](auto* a, auto* b) { return a->priority > b->priority; });
    return out;
}

// The reference is the implementation of lowest priority that needs no CPU feature: by the
// table's convention the plainest one (the byte-at-a-time CRC table, the portable BLAKE3, zlib's
// Adler-32, xxHash's SSE2 entry points), which runs on every machine and shares no SIMD code with
// the fast paths. Among equals, the later row. For an algorithm with one implementation, it is
// the implementation itself. Rows that all need features (only in tests) fall back to the
// lowest-priority available one.
const Implementation* reference_of(const std::vector<const Implementation*>& rows, const Registry& registry) {
    const Implementation* fallback = nullptr;
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
        if (!registry.available(**it)) continue;
        if ((*it)->needs.empty()) return *it;
        if (fallback == nullptr) fallback = *it;
    }
    return fallback;
}

SelfTestOutcome outcome_of(const Implementation& row) {
    SelfTestOutcome outcome;
    outcome.algorithm = std::string(row.algorithm);
    outcome.implementation = std::string(row.id);
    outcome.backend = std::string(row.backend);
    outcome.needs = row.needs;
    return outcome;
}

// What one algorithm's implementations are compared with, computed once for all of them.
struct Reference {
    const Implementation* row = nullptr;
    bool computed = false;
    std::string error;  // the reference could not be set up
    std::vector<Digest> digests;
};

CheckEnd ensure_digests(Reference& reference, const selftest::RandomCorpus& corpus, const std::stop_token& stop) {
    if (reference.computed) return CheckEnd::passed;
    auto hasher = selftest::make_hasher_for(*reference.row);
    if (!hasher) {
        reference.error = hasher.error().message;
        reference.computed = true;
        return CheckEnd::failed;
    }
    const CheckEnd end = selftest::reference_digests(**hasher, corpus, stop, reference.digests);
    reference.computed = end != CheckEnd::stopped;
    return end;
}

// Both checks of one runnable row; `stopped` leaves the outcome undecided.
CheckEnd test_row(const Implementation& row, Reference& reference, const selftest::RandomCorpus& corpus,
                  std::mt19937_64& rng, const std::stop_token& stop, SelfTestOutcome& outcome) {
    auto made = selftest::make_hasher_for(row);
    if (!made) {
        outcome.message = made.error().message;
        return CheckEnd::failed;
    }
    Hasher& hasher = **made;
    CheckEnd end = selftest::check_known_answers(hasher, row.algorithm, rng, stop, outcome.vectors, outcome.message);
    if (end != CheckEnd::passed) return end;
    outcome.reference = std::string(reference.row->id);
    end = ensure_digests(reference, corpus, stop);
    if (end == CheckEnd::stopped) return end;
    if (!reference.error.empty()) {
        outcome.message = "its reference " + outcome.reference + " " + reference.error;
        return CheckEnd::failed;
    }
    return selftest::cross_check(hasher, corpus, reference.digests, reference.row->id, rng, stop,
                                 outcome.random_messages, outcome.message);
}

}  // namespace

std::string_view self_test_status_name(SelfTestStatus status) {
    switch (status) {
        case SelfTestStatus::passed:
            return "ok";
        case SelfTestStatus::failed:
            return "FAILED";
        case SelfTestStatus::skipped:
            return "skipped";
    }
    return "?";
}

std::size_t SelfTestReport::count(SelfTestStatus status) const {
    return static_cast<std::size_t>(
        std::count_if(outcomes.begin(), outcomes.end(), [&](const SelfTestOutcome& o) { return o.status == status; }));
}

bool SelfTestReport::passed() const {
    return !cancelled && count(SelfTestStatus::failed) == 0 && count(SelfTestStatus::passed) > 0;
}

SelfTestReport run_self_test(const Registry& registry, const SelfTestOptions& options,
                             const SelfTestProgressFn& progress, std::stop_token stop) {
    const std::span<const Implementation> rows =
        options.implementations.empty() ? all_implementations() : options.implementations;
    SelfTestReport report;
    report.seed =
        options.seed != 0 ? options.seed : (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}();
    const selftest::RandomCorpus corpus(report.seed, options.random_messages);
    // Each implementation gets its own splits, from the seed and its place in the run.
    std::mt19937_64 rng(report.seed ^ 0x9e3779b97f4a7c15ULL);

    SelfTestProgress where;
    for (const auto& algorithm : algorithms()) where.total += rows_of(rows, algorithm.id).size();
    for (const auto& algorithm : algorithms()) {
        const auto group = rows_of(rows, algorithm.id);
        Reference reference;
        reference.row = reference_of(group, registry);
        for (const Implementation* row : group) {
            if (stop.stop_requested()) {
                report.cancelled = true;
                return report;
            }
            SelfTestOutcome outcome = outcome_of(*row);
            if (!registry.available(*row)) {
                outcome.status = SelfTestStatus::skipped;
                outcome.message =
                    "needs " + row->needs.without(registry.features()).to_string() + ", which this CPU lacks";
            } else {
                const CheckEnd end = test_row(*row, reference, corpus, rng, stop, outcome);
                if (end == CheckEnd::stopped) {
                    report.cancelled = true;
                    return report;
                }
                outcome.status = end == CheckEnd::passed ? SelfTestStatus::passed : SelfTestStatus::failed;
            }
            report.outcomes.push_back(std::move(outcome));
            ++where.done;
            if (progress) progress(where, report.outcomes.back());
        }
    }
    return report;
}

}  // namespace hashscope
