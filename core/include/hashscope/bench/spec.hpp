// What a benchmark run measures: participants × sizes × modes × threads × cache placement.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/registry.hpp"
#include "hashscope/result.hpp"

namespace hashscope::bench {

enum class Mode {
    oneshot,   // the whole buffer in one call
    stream,    // updates of `chunk` bytes
    bytewise,  // one byte per update: the pathological case Java SDKs measured
    file,      // hashing a file, in-process or by a command (md5-vs-md5sum)
};

struct ModeSpec {
    Mode mode = Mode::oneshot;
    std::size_t chunk = 0;  // for stream
    friend bool operator==(const ModeSpec&, const ModeSpec&) = default;
};

enum class Placement {
    hot,   // in cache: one buffer reused, or a page of messages up to half a page long, in turn
    cold,  // a pool several times the last-level cache, rotated through
};

// One algorithm × implementation taking part ("null" × "null" is the harness itself).
struct Participant {
    std::string algorithm;
    std::string implementation;  // a resolved id, never "best"
    // Named as "best": at each size the run measures what dispatch chooses for that size (a
    // measured plan may choose differently per size band); `implementation` is its long-message
    // choice.
    bool follows_dispatch = false;
    // The same algorithm and implementation (whether it follows dispatch is how it was asked for,
    // not what it is: the Benchmark page's tree ticks it either way).
    friend bool operator==(const Participant& a, const Participant& b) {
        return a.algorithm == b.algorithm && a.implementation == b.implementation;
    }
};

struct BenchSpec {
    std::string preset = "custom";
    std::vector<Participant> participants;
    std::vector<std::size_t> sizes;
    std::vector<ModeSpec> modes{ModeSpec{}};
    std::vector<unsigned> threads{1};
    std::vector<Placement> placements{Placement::hot};
    double precision = 0.01;  // target relative error (error / mean)
    double max_time_s = 2.0;  // time budget of one cell, warm-up included
    double warmup_s = 0.05;   // warm-up of one cell before samples count
    double sample_s = 0.005;  // target duration of one sample (a calibrated batch)
    std::size_t min_samples = 10;
    std::size_t max_samples = 1000;
    bool measure_harness = true;           // add the null participant
    bool measure_read_floor = false;       // add "memory · read": reading the bytes and nothing else
    bool compare_with_command = false;     // md5-vs-md5sum: also time the `md5sum` command
    std::string preferred_unit = "ns/op";  // what the preset's study reported: "ns/op", "ops/ms", "GB/s"
};

std::string_view mode_name(Mode mode);               // "oneshot", "stream", "bytewise", "file"
std::string mode_label(const ModeSpec& mode);        // "stream:4096"
Result<ModeSpec> parse_mode(std::string_view text);  // "oneshot" | "stream:CHUNK" | "bytewise" | "file"
// Lists as the CLI and the Benchmark page take them: comma-separated, blanks around items ignored,
// in the order given, duplicates dropped; an empty list is an error.
Result<std::vector<ModeSpec>> parse_modes(std::string_view text);          // "oneshot,stream:4KiB"
Result<std::vector<unsigned>> parse_thread_counts(std::string_view text);  // "1,2,4", each 1..1024
Result<unsigned> parse_thread_count(std::string_view text);                // one, 1..1024
std::string_view placement_name(Placement placement);

// Participants from lists as the CLI takes them: every algorithm × every implementation named.
// "best" names what dispatch chooses, size by size; "all" every implementation this CPU can run. An
// implementation an algorithm does not have is skipped for that algorithm; one this CPU cannot run
// is skipped with a note in `skipped`. Unknown algorithms are errors.
Result<std::vector<Participant>> select_participants(const std::vector<std::string>& algorithms,
                                                     const std::vector<std::string>& implementations,
                                                     const Registry& registry,
                                                     std::vector<std::string>* skipped = nullptr);

}  // namespace hashscope::bench
