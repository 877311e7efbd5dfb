// The results library: every benchmark run kept as one hashscope-bench/1 file in a folder, so that
// runs can be listed, shown and compared later (docs/architecture.md §8).
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/bench/report.hpp"
#include "hashscope/result.hpp"

namespace hashscope::bench {

// $HASHSCOPE_RESULTS_DIR, else $XDG_DATA_HOME/HashScope/results, else
// ~/.local/share/HashScope/results.
std::filesystem::path default_results_dir();

// "2026-12-02T05-40-12Z-3fa9c2d1": UTC time of `when` (so names sort by time) and a random
// suffix; `save_run` reserves the name exclusively, so two processes never share one.
std::string new_run_id(std::chrono::system_clock::time_point when);
// An id names a file of the library: no folder separators, no leading dot, not empty.
bool is_valid_run_id(std::string_view id);

// Files larger than this are not read as runs (listed as unreadable).
inline constexpr std::uintmax_t max_run_file_bytes = std::uintmax_t{64} << 20;

// Writes `json` (already validated) as a new run in `dir`, created if missing; returns its id.
Result<std::string> save_run_json(const std::filesystem::path& dir, std::string_view json);
Result<std::string> save_run(const std::filesystem::path& dir, const BenchReport& report);

// What `results list` shows of one run, without its cells.
struct RunSummary {
    std::string id;
    bool readable = false;
    std::string reason;  // why it is not readable
    std::string date, cpu_model, microarchitecture, preset, revision, build_type;
    std::string architecture, hypervisor, os;  // the machine: "x86_64", "KVM" ("" on bare metal)
    unsigned threads = 0;                      // hardware threads of the machine
    std::vector<std::string> warnings;         // the environment's (a hypervisor, a governor, ...)
    std::size_t cells = 0;
    bool partial = false;    // cancelled half-way
    std::string name, note;  // given by the user (RunNote), "" when none
    bool reference = false;  // shipped with HashScope, read-only (reference_runs.hpp)
};

// A name and a note a user gives a run. They live in the library's .notes.json, keyed by id,
// never in the run's own file: a run file holds what was measured and is never rewritten.
struct RunNote {
    std::string name, note;
};
// Every run's note; empty when there are none or the file is unreadable.
std::map<std::string, RunNote> read_run_notes(const std::filesystem::path& dir);
// Sets (or, when both are empty, clears) the note of run `id`, which must be in the library.
Result<bool> set_run_note(const std::filesystem::path& dir, std::string_view id, const RunNote& note);

// Every *.json file of `dir`, oldest first (by id). Never fails: a file that is not a readable
// run is listed with `readable == false` and the reason; a missing folder is an empty library.
std::vector<RunSummary> list_runs(const std::filesystem::path& dir);

Result<BenchReport> load_run(const std::filesystem::path& dir, std::string_view id);
Result<BenchReport> load_run_file(const std::filesystem::path& file);
// The text of a run file (as `results import` copies it), once it has been read as a run.
Result<std::string> read_run_text(const std::filesystem::path& file);
// A kept run with the name and note given to it, as the HTML report and the Results page show it.
struct ReportRun {
    std::string id;    // the run's library id (or a file name)
    std::string name;  // a name given to the run; "" for none
    std::string note;  // an annotation; "" for none
    BenchReport report;
};
// The runs `ids` of `dir` with their notes, in the order given; fails on the first unreadable one.
Result<std::vector<ReportRun>> load_named_runs(const std::filesystem::path& dir, const std::vector<std::string>& ids);

// Deletes the run's file and its note.
Result<bool> remove_run(const std::filesystem::path& dir, std::string_view id);

}  // namespace hashscope::bench
