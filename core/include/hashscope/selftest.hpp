// Self-test: does every implementation this CPU can run compute what its standard says, and the
// same digest as the reference implementation of its algorithm? Known-answer vectors built into
// the library, then a cross-check on random messages of many lengths, fed in random splits — so a
// user can see that the AVX-512 path they are about to trust agrees with the portable one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include "hashscope/cpu_features.hpp"
#include "hashscope/registry.hpp"

namespace hashscope {

enum class SelfTestStatus {
    passed,
    failed,
    skipped,  // this CPU cannot run it (the message names the features it lacks)
};

std::string_view self_test_status_name(SelfTestStatus status);  // "ok", "FAILED", "skipped"

// The verdict on one implementation.
struct SelfTestOutcome {
    std::string algorithm;
    std::string implementation;
    std::string backend;
    CpuFeatureSet needs;
    SelfTestStatus status = SelfTestStatus::skipped;
    std::size_t vectors = 0;          // known answers checked
    std::size_t random_messages = 0;  // random messages cross-checked
    // What the random messages were compared with: the algorithm's implementation of lowest
    // priority that needs no CPU feature ("table", "portable", "zlib", "sse2"). When that is the
    // implementation itself (the reference, or the only one of its algorithm), the check is "any
    // split gives the digest of the whole message".
    std::string reference;
    std::string message;  // why it failed, or why it was skipped; empty when it passed
};

struct SelfTestReport {
    // Algorithm by algorithm (docs/architecture.md §2 order), highest priority first, as `list` shows them.
    std::vector<SelfTestOutcome> outcomes;
    std::uint64_t seed = 0;  // of the random messages: pass it back to reproduce a failure
    bool cancelled = false;

    [[nodiscard]] std::size_t count(SelfTestStatus status) const;
    // Nothing failed, something passed, and the run was not cancelled.
    [[nodiscard]] bool passed() const;
};

struct SelfTestOptions {
    // 0: a fresh seed from std::random_device (reported in SelfTestReport::seed).
    std::uint64_t seed = 0;
    std::size_t random_messages = 200;  // per implementation; lengths 0..96 KiB, see cross_check.cpp
    // The rows to test; empty means all_implementations(). A test seam: tests inject a
    // deliberately wrong implementation here and expect it to be reported as failing.
    std::span<const Implementation> implementations;
};

struct SelfTestProgress {
    std::size_t done = 0;   // outcomes decided, skipped ones included
    std::size_t total = 0;  // every row tested, skipped ones included
};

// Called on the calling thread after each outcome is decided.
using SelfTestProgressFn = std::function<void(const SelfTestProgress&, const SelfTestOutcome& finished)>;

// Runs the self-test for a CPU with `registry.features()`. Returns within one random message of a
// stop request, with `cancelled` set and the outcomes decided so far. Starts no threads. Takes
// well under a second on a current x86-64 machine.
SelfTestReport run_self_test(const Registry& registry, const SelfTestOptions& options = {},
                             const SelfTestProgressFn& progress = {}, std::stop_token stop = {});

}  // namespace hashscope
