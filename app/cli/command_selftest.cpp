// `hashscope-cli selftest`: every implementation this CPU can run against the known answers built
// into the library and against its algorithm's reference on random messages. One line per
// implementation as it finishes; exit 0 when every one passed, 1 otherwise.
#include <charconv>
#include <iostream>
#include <nlohmann/json.hpp>

#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/selftest.hpp"

namespace hashscope::cli {
namespace {

// The instruction-set tier an implementation needs, as people call it: "AVX-512", "PCLMULQDQ".
std::string tier(CpuFeatureSet needs) {
    using F = CpuFeature;
    if (needs.has(F::avx512f)) return "AVX-512";
    if (needs.has(F::avx2) && needs.has(F::vpclmulqdq)) return "AVX2 + VPCLMULQDQ";
    if (needs.has(F::avx2)) return "AVX2";
    if (needs.has(F::sha)) return "SHA-NI";
    if (needs.has(F::pclmulqdq)) return "PCLMULQDQ";
    if (needs.has(F::sse42)) return "SSE4.2";
    if (needs.has(F::sse41)) return "SSE4.1";
    return needs.empty() ? std::string() : needs.to_string();
}

std::string what_was_checked(const SelfTestOutcome& o) {
    std::string text =
        std::to_string(o.vectors) + " vectors, " + std::to_string(o.random_messages) + " random messages";
    // The reference itself (the only implementation of its algorithm, or the one the others are
    // compared with) shows that any split of a message gives the digest of the whole.
    return text + (o.reference == o.implementation ? ", split vs whole" : " vs " + o.reference);
}

void print_line(const SelfTestOutcome& o) {
    const std::string level = tier(o.needs);
    std::cout << o.algorithm << " · " << o.implementation << (level.empty() ? "" : " (" + level + ")") << ": ";
    switch (o.status) {
        case SelfTestStatus::passed:
            std::cout << "ok (" << what_was_checked(o) << ")\n";
            break;
        case SelfTestStatus::failed:
            std::cout << "FAILED: " << o.message << '\n';
            break;
        case SelfTestStatus::skipped:
            std::cout << "skipped (" << o.message << ")\n";
            break;
    }
    std::cout.flush();  // a line per implementation as it finishes, also through a pipe
}

std::string_view json_status(SelfTestStatus status) {
    switch (status) {
        case SelfTestStatus::passed:
            return "passed";
        case SelfTestStatus::failed:
            return "failed";
        case SelfTestStatus::skipped:
            return "skipped";
    }
    return "?";
}

nlohmann::json as_json(const SelfTestReport& report, const Registry& registry) {
    nlohmann::json results = nlohmann::json::array();
    for (const auto& o : report.outcomes) {
        results.push_back({{"algorithm", o.algorithm},
                           {"implementation", o.implementation},
                           {"backend", o.backend},
                           {"needs", o.needs.names()},
                           {"status", json_status(o.status)},
                           {"vectors", o.vectors},
                           {"random_messages", o.random_messages},
                           {"reference", o.reference},
                           {"message", o.message}});
    }
    return {{"schema", "hashscope-selftest/1"},
            {"passed", report.passed()},
            {"seed", report.seed},
            {"features", registry.features().names()},
            {"counts",
             {{"passed", report.count(SelfTestStatus::passed)},
              {"failed", report.count(SelfTestStatus::failed)},
              {"skipped", report.count(SelfTestStatus::skipped)}}},
            {"results", results}};
}

}  // namespace

int run_selftest(int argc, char** argv, int first) {
    const Arguments args(argc, argv, first, {{"json", 0, false}, {"seed", 0, true}});
    if (!args.ok() || !args.operands().empty()) {
        complain(args.ok() ? "selftest takes no operands" : args.error());
        return exit_usage;
    }
    SelfTestOptions options;
    if (const auto seed = args.value("seed")) {
        const char* end = seed->data() + seed->size();
        const auto parsed = std::from_chars(seed->data(), end, options.seed);
        if (parsed.ec != std::errc{} || parsed.ptr != end || options.seed == 0) {
            complain("--seed takes a whole number from 1 to 2^64-1 (a failing run prints its seed), not '" + *seed +
                     "'");
            return exit_usage;
        }
    }
    const Registry& registry = Registry::host();
    const bool json = args.has("json");
    SelfTestProgressFn progress;
    if (!json) progress = [](const SelfTestProgress&, const SelfTestOutcome& finished) { print_line(finished); };
    const SelfTestReport report = run_self_test(registry, options, progress);
    if (json) {
        std::cout << as_json(report, registry).dump(2) << '\n';
    } else {
        std::cout << report.count(SelfTestStatus::passed) << " passed, " << report.count(SelfTestStatus::failed)
                  << " failed, " << report.count(SelfTestStatus::skipped) << " skipped (not runnable on this CPU)"
                  << "; random messages from --seed " << report.seed << '\n';
    }
    return report.passed() ? exit_ok : exit_failed;
}

}  // namespace hashscope::cli
