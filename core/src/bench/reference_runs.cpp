// Reference runs beside the program. The folder is found from the program's own path, not from
// a prefix compiled in: the same binary finds them in the build tree (where the build copies
// docs/results) and wherever the package or `cmake --install` put it. Nothing here writes: the
// folder is read-only on an installed system, and every file in it is read whole (a few, each a
// few MiB) rather than through an index.
#include "hashscope/bench/reference_runs.hpp"

#include <algorithm>
#include <cstdlib>

namespace hashscope::bench {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view emulation_warning_start = "running under emulation";

// Measured under an emulator: every instruction was translated, the figures belong to no CPU.
// Files record it in `emulation`; older ones only in their warnings.
std::string emulated_by(const BenchReport& report) {
    if (!report.environment.emulation.empty()) return report.environment.emulation;
    for (const auto& w : report.environment.warnings) {
        if (w.starts_with(emulation_warning_start)) return "an emulator";
    }
    return {};
}

std::string reference_name(const BenchReport& report) {
    std::string cpu = report.environment.cpu_model.empty() ? "unknown CPU" : report.environment.cpu_model;
    if (!report.environment.microarchitecture.empty()) cpu += " (" + report.environment.microarchitecture + ")";
    return "Reference: " + cpu;
}

std::string reference_note(const BenchReport& report) {
    const auto& env = report.environment;
    return "Shipped with HashScope, read-only: measured by its developers on " +
           (env.date.empty() ? std::string("an unrecorded date") : env.date) + ", revision " +
           (env.git_revision.empty() ? std::string("unknown") : env.git_revision) + ".";
}

RunSummary summary_of(std::string id, const BenchReport& report) {
    RunSummary s;
    s.id = std::move(id);
    s.readable = true;
    s.reference = true;
    const auto& env = report.environment;
    s.date = env.date;
    s.cpu_model = env.cpu_model;
    s.microarchitecture = env.microarchitecture;
    s.preset = report.spec.preset;
    s.revision = env.git_revision;
    s.build_type = env.build_type;
    s.architecture = env.architecture;
    s.hypervisor = env.hypervisor;
    s.os = env.os;
    s.threads = env.threads;
    s.warnings = env.warnings;
    s.cells = report.results.size();
    s.partial = report.cancelled;
    s.name = reference_name(report);
    s.note = reference_note(report);
    return s;
}

// The file a reference id names, if the id is one and names a plain stem.
Result<fs::path> reference_file(const fs::path& dir, std::string_view id) {
    const auto stem = id.substr(reference_id_prefix.size());
    if (dir.empty() || !is_reference_id(id) || !is_valid_run_id(stem)) {
        return Error{"no reference run '" + std::string(id) + "' (see 'results list')"};
    }
    return dir / (std::string(stem) + ".json");
}

// A reference run that may be shown: readable, not emulated.
Result<BenchReport> load_reference(const fs::path& file) {
    auto report = load_run_file(file);
    if (!report) return report;
    if (const auto emulator = emulated_by(*report); !emulator.empty()) {
        return Error{file.string() + ": measured under emulation (" + emulator + "), so it is no reference"};
    }
    return report;
}

}  // namespace

bool is_reference_id(std::string_view id) {
    return id.starts_with(reference_id_prefix) && id.size() > reference_id_prefix.size();
}

fs::path default_reference_dir() {
    if (const char* dir = std::getenv("HASHSCOPE_REFERENCE_DIR"); dir != nullptr) return dir;
    std::error_code ec;
    const auto self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    return self.parent_path().parent_path() / "share" / "hashscope" / "reference";
}

RunSources default_run_sources() { return {default_results_dir(), default_reference_dir()}; }

RunListing list_reference_runs(const fs::path& dir) {
    RunListing listing;
    if (dir.empty()) return listing;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        listing.notes.push_back("no reference runs: " + dir.string() + " is not a folder");
        return listing;
    }
    std::vector<fs::path> files;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const auto& path = it->path();
        if (path.filename().string().front() != '.' && path.extension() == ".json") files.push_back(path);
    }
    if (ec) listing.notes.push_back("cannot read the reference runs in " + dir.string() + ": " + ec.message());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        auto report = load_reference(file);
        if (!report) {
            listing.notes.push_back("reference run left out: " + report.error().message);
            continue;
        }
        listing.runs.push_back(summary_of(std::string(reference_id_prefix) + file.stem().string(), *report));
    }
    return listing;
}

RunListing list_all_runs(const RunSources& sources) {
    auto listing = list_reference_runs(sources.reference);
    auto own = list_runs(sources.library);
    listing.runs.insert(listing.runs.end(), std::make_move_iterator(own.begin()), std::make_move_iterator(own.end()));
    return listing;
}

Result<BenchReport> load_run(const RunSources& sources, std::string_view id) {
    if (!id.starts_with(reference_id_prefix)) return load_run(sources.library, id);
    auto file = reference_file(sources.reference, id);
    if (!file) return file.error();
    std::error_code ec;
    if (!fs::is_regular_file(*file, ec)) {
        return Error{"no reference run '" + std::string(id) + "' in " + sources.reference.string() +
                     " (see 'results list')"};
    }
    return load_reference(*file);
}

Result<std::vector<ReportRun>> load_named_runs(const RunSources& sources, const std::vector<std::string>& ids) {
    const auto notes = read_run_notes(sources.library);
    std::vector<ReportRun> runs;
    runs.reserve(ids.size());
    for (const auto& id : ids) {
        auto report = load_run(sources, id);
        if (!report) return report.error();
        if (is_reference_id(id)) {
            auto name = reference_name(*report);
            auto note = reference_note(*report);
            runs.push_back(ReportRun{id, std::move(name), std::move(note), std::move(*report)});
            continue;
        }
        const auto note = notes.find(id);
        runs.push_back(note == notes.end() ? ReportRun{id, {}, {}, std::move(*report)}
                                           : ReportRun{id, note->second.name, note->second.note, std::move(*report)});
    }
    return runs;
}

std::string reference_read_only_message(std::string_view id, std::string_view action) {
    return std::string(id) + " is a reference run shipped with HashScope: it cannot be " + std::string(action) +
           " (it is read-only; your own runs can be)";
}

}  // namespace hashscope::bench
