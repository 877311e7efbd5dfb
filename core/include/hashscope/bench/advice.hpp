// Which checksum to use: the candidates that fit a purpose, in order, each with why it fits, and
// ranked by speed at the message size where this machine's kept runs (results library) measured
// them. What fits a purpose is a rule written here; how fast a candidate is on this machine is
// only ever read from measurements, never guessed.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/bench/report.hpp"
#include "hashscope/bench/spec.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/result.hpp"

namespace hashscope::bench {

enum class Purpose {
    corruption,  // accidental damage: disks, networks, memory
    interop,     // a digest someone else computes or publishes
    tamper,      // deliberate change by someone who can also rewrite weak checksums
    dedup,       // content addressing: equal digests must mean equal content
};

Result<Purpose> parse_purpose(std::string_view text);
std::string_view purpose_name(Purpose purpose);
std::string_view purpose_description(Purpose purpose);

struct Suggestion {
    std::string algorithm;
    std::string why;
    // From the newest kept run of this CPU model that measured the algorithm, at the size nearest
    // the one asked about; unset when none did.
    std::optional<double> gb_per_s;
    std::string implementation;  // the one measured fastest there
    std::size_t measured_size = 0;
    std::string measured_in;  // the run's date
    std::string dispatch;     // what HashScope uses for this size here (name_dispatch); "" unknown
};

struct Advice {
    Purpose purpose = Purpose::corruption;
    std::size_t size = 0;
    std::vector<Suggestion> suggestions;  // best first
    std::vector<std::string> notes;       // what the user must know beside the choice
};

// The CPU a run's figures belong to: its model and, when known, its microarchitecture ("AMD
// EPYC · Zen 3"), since one model name covers several generations. `cpu` below is this key.
std::string cpu_class(const std::string& model, const std::string& microarchitecture);

// `runs`: kept runs (any order, any machine); only those of the CPU class `cpu` count. Candidates with a
// measurement are ranked by it, fastest first, for corruption and dedup (where any candidate
// will do); for interop and tamper the order of the rules stands (compatibility and strength
// come first) and speeds are shown only.
Advice advise(Purpose purpose, std::size_t size, const std::string& cpu, const std::vector<BenchReport>& runs);

// The newest kept runs of the CPU class `cpu` in the library `dir`, newest first, at most `limit` of them:
// a run file holds every raw sample, and the newest few answer for every candidate.
std::vector<BenchReport> newest_runs_of(const std::filesystem::path& dir, const std::string& cpu,
                                        std::size_t limit = 20);

// Sets each suggestion's `dispatch`: the implementation dispatch chooses for the advice's size.
void name_dispatch(Advice& advice, const Registry& registry);

// The suggested algorithms no kept run of this CPU measured, in the advice's order.
std::vector<std::string> unmeasured(const Advice& advice);

// A short run that measures `algorithms` where the advice looks (every implementation this CPU can
// run, the advice's size, oneshot, hot, one thread): kept in the library, it fills the gaps.
Result<BenchSpec> measuring_spec(const std::vector<std::string>& algorithms, std::size_t size,
                                 const Registry& registry);

}  // namespace hashscope::bench
