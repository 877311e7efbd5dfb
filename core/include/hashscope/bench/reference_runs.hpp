// Reference runs: full-preset results measured on the machine classes HashScope is developed on,
// shipped with it (share/hashscope/reference, from the repository's docs/results), so that a new
// user sees their CPU beside them before measuring anything. They are read-only: listed, shown and
// compared like the user's own runs, never renamed, annotated or deleted. A run measured under
// emulation is never a reference, whatever folder it is in (docs/architecture.md §8).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/bench/report.hpp"
#include "hashscope/bench/results_library.hpp"
#include "hashscope/result.hpp"

namespace hashscope::bench {

// A reference run's id is this prefix and its file's stem ("reference/zen5-epyc-kvm2"). A library
// id never holds a '/', so the two can never be confused.
inline constexpr std::string_view reference_id_prefix = "reference/";
bool is_reference_id(std::string_view id);

// $HASHSCOPE_REFERENCE_DIR when set (empty: no reference runs at all), else
// share/hashscope/reference beside the running program's bin/ folder: the installed prefix, or the
// build tree, where the build copies them.
std::filesystem::path default_reference_dir();

// Where runs are read from: the user's library and the reference runs (an empty path: none).
struct RunSources {
    std::filesystem::path library;
    std::filesystem::path reference;
};
RunSources default_run_sources();

struct RunListing {
    std::vector<RunSummary> runs;    // the reference runs (reference = true) first, then the library's
    std::vector<std::string> notes;  // reference files left out and why: a missing folder, a damaged file
};
// Never fails: what cannot be read is a note, and the library is listed as `list_runs` lists it.
RunListing list_all_runs(const RunSources& sources);
// The reference runs of `dir` alone (and the notes on files left out).
RunListing list_reference_runs(const std::filesystem::path& dir);

// A run by id, a reference id or a library one.
Result<BenchReport> load_run(const RunSources& sources, std::string_view id);
// The runs `ids` with their names and notes (a reference run is named for its CPU), in the order
// given; fails on the first unreadable one.
Result<std::vector<ReportRun>> load_named_runs(const RunSources& sources, const std::vector<std::string>& ids);

// Why a reference run cannot be changed, for `results rm/rename/note` and the Results page.
std::string reference_read_only_message(std::string_view id, std::string_view action);

}  // namespace hashscope::bench
