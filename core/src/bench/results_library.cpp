// The results library. Listing keeps a small index (.index.json) of each file's summary, keyed by
// the file's size and modification time: a run file holds every raw sample, so parsing 10,000 of
// them on every `results list` would take many seconds, and the head of a file cannot be trusted
// to hold the summary (JSON objects are unordered; files come from other machines and hand
// edits). The index is only a cache: a stale entry is re-read, a missing or damaged index is
// rebuilt, and one that cannot be written (a read-only library) just costs the re-reading. Names
// and notes users give runs are not a cache and live apart, in .notes.json.
#include "hashscope/bench/results_library.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <sstream>

#include "hashscope/atomic_file.hpp"
#include "hashscope/bench/reference_runs.hpp"

namespace hashscope::bench {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* index_name = ".index.json";
constexpr const char* notes_name = ".notes.json";
constexpr int notes_version = 1;
constexpr int index_version = 2;  // 2: the machine and its warnings

fs::path run_path(const fs::path& dir, std::string_view id) { return dir / (std::string(id) + ".json"); }

Result<std::string> read_whole(const fs::path& file) {
    std::error_code ec;
    const auto size = fs::file_size(file, ec);
    if (ec) return Error{"cannot read it: " + ec.message()};
    if (size > max_run_file_bytes) {
        return Error{"too large to be a benchmark run (" + std::to_string(size >> 20) + " MiB)"};
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) return Error{std::string("cannot read it: ") + std::strerror(errno)};
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

RunSummary summarize_file(const fs::path& file) {
    RunSummary s;
    s.id = file.stem().string();
    auto text = read_whole(file);
    if (!text) {
        s.reason = text.error().message;
        return s;
    }
    if (text->empty()) {
        s.reason = "empty file";
        return s;
    }
    auto report = report_from_json(*text);
    if (!report) {
        s.reason = report.error().message;
        return s;
    }
    s.readable = true;
    s.date = report->environment.date;
    s.cpu_model = report->environment.cpu_model;
    s.microarchitecture = report->environment.microarchitecture;
    s.preset = report->spec.preset;
    s.revision = report->environment.git_revision;
    s.build_type = report->environment.build_type;
    s.architecture = report->environment.architecture;
    s.hypervisor = report->environment.hypervisor;
    s.os = report->environment.os;
    s.threads = report->environment.threads;
    s.warnings = report->environment.warnings;
    s.cells = report->results.size();
    s.partial = report->cancelled;
    return s;
}

json summary_json(const RunSummary& s) {
    return {{"readable", s.readable},
            {"reason", s.reason},
            {"date", s.date},
            {"cpu_model", s.cpu_model},
            {"microarchitecture", s.microarchitecture},
            {"preset", s.preset},
            {"revision", s.revision},
            {"build_type", s.build_type},
            {"architecture", s.architecture},
            {"hypervisor", s.hypervisor},
            {"os", s.os},
            {"threads", s.threads},
            {"warnings", s.warnings},
            {"cells", s.cells},
            {"partial", s.partial}};
}

// The index's summary of a run, or nothing when the entry is damaged (the file is then read again).
std::optional<RunSummary> summary_from(const std::string& id, const json& j) try {
    RunSummary s;
    s.id = id;
    s.readable = j.at("readable").get<bool>();
    s.reason = j.at("reason").get<std::string>();
    s.date = j.at("date").get<std::string>();
    s.cpu_model = j.at("cpu_model").get<std::string>();
    s.microarchitecture = j.at("microarchitecture").get<std::string>();
    s.preset = j.at("preset").get<std::string>();
    s.revision = j.at("revision").get<std::string>();
    s.build_type = j.at("build_type").get<std::string>();
    s.architecture = j.at("architecture").get<std::string>();
    s.hypervisor = j.at("hypervisor").get<std::string>();
    s.os = j.at("os").get<std::string>();
    s.threads = j.at("threads").get<unsigned>();
    s.warnings = j.at("warnings").get<std::vector<std::string>>();
    s.cells = j.at("cells").get<std::size_t>();
    s.partial = j.at("partial").get<bool>();
    return s;
} catch (const json::exception&) {
    return std::nullopt;
}

// A small JSON file of the library's own (.index.json, .notes.json), or null when it is missing,
// not a regular file (a folder there makes reading throw) or not JSON.
json read_json_file(const fs::path& file) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) return nullptr;
    std::ifstream in(file, std::ios::binary);
    if (!in) return nullptr;
    try {
        return json::parse(in, nullptr, false);
    } catch (const std::exception&) {
        return nullptr;  // unreadable after opening (an I/O error): as good as missing
    }
}

// The index as it was last written: file name → {size, mtime, summary}; empty when unusable.
json read_index(const fs::path& dir) {
    const json j = read_json_file(dir / index_name);
    if (!j.is_object() || j.value("version", 0) != index_version || !j.contains("runs") || !j["runs"].is_object())
        return json::object();
    return j["runs"];
}

Result<bool> write_notes(const fs::path& dir, const std::map<std::string, RunNote>& notes) {
    json runs = json::object();
    for (const auto& [id, n] : notes) runs[id] = {{"name", n.name}, {"note", n.note}};
    auto written =
        write_file_atomically(dir / notes_name, json{{"version", notes_version}, {"runs", runs}}.dump(2) + "\n");
    if (!written) return Error{"cannot keep the note: " + written.error().message};
    return true;
}

std::string random_suffix() {
    static thread_local std::mt19937_64 generator{std::random_device{}() ^
                                                  (static_cast<std::uint64_t>(::getpid()) << 32U)};
    static constexpr char hex[] = "0123456789abcdef";
    std::string out(8, '0');
    auto bits = generator();
    for (auto& c : out) {
        c = hex[bits & 0xFU];
        bits >>= 4U;
    }
    return out;
}

}  // namespace

fs::path default_results_dir() {
    if (const char* dir = std::getenv("HASHSCOPE_RESULTS_DIR"); dir != nullptr && *dir != '\0') return dir;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg != nullptr && *xdg == '/')
        return fs::path(xdg) / "HashScope" / "results";
    if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
        return fs::path(home) / ".local" / "share" / "HashScope" / "results";
    return fs::temp_directory_path() / "HashScope" / "results";
}

std::string new_run_id(std::chrono::system_clock::time_point when) {
    const std::time_t t = std::chrono::system_clock::to_time_t(when);
    std::tm utc{};
    ::gmtime_r(&t, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H-%M-%SZ", &utc);
    return std::string(stamp) + "-" + random_suffix();
}

bool is_valid_run_id(std::string_view id) {
    return !id.empty() && id.front() != '.' && id.find('/') == std::string_view::npos &&
           id.find('\0') == std::string_view::npos;
}

Result<std::string> save_run_json(const fs::path& dir, std::string_view text) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return Error{"cannot create the results library " + dir.string() + ": " + ec.message()};
    // The name is reserved with O_EXCL before the content is renamed over it, so that two runs
    // saved in the same second never replace one another even if their random suffixes met.
    for (int attempt = 0; attempt < 16; ++attempt) {
        const auto id = new_run_id(std::chrono::system_clock::now());
        const auto path = run_path(dir, id);
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0) {
            if (errno == EEXIST) continue;
            return Error{"cannot write in the results library " + dir.string() + ": " + std::strerror(errno)};
        }
        ::close(fd);
        if (auto written = write_file_atomically(path, text); !written) {
            fs::remove(path, ec);
            return written.error();
        }
        return id;
    }
    return Error{"cannot find a free name in the results library " + dir.string()};
}

Result<std::string> save_run(const fs::path& dir, const BenchReport& report) {
    return save_run_json(dir, to_json(report));
}

std::vector<RunSummary> list_runs(const fs::path& dir) {
    std::vector<RunSummary> runs;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return runs;
    const json old_index = read_index(dir);
    json new_index = json::object();
    bool changed = false;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const auto& path = it->path();
        const auto name = path.filename().string();
        if (name.front() == '.' || path.extension() != ".json") continue;
        std::error_code stat_error;
        const auto size = fs::file_size(path, stat_error);
        const auto mtime = fs::last_write_time(path, stat_error).time_since_epoch().count();
        if (stat_error) {
            RunSummary s;
            s.id = path.stem().string();
            s.reason = "cannot read it: " + stat_error.message();
            runs.push_back(std::move(s));
            continue;
        }
        const auto cached = old_index.find(name);
        if (cached != old_index.end() && cached->is_object() && cached->value("size", std::uintmax_t{0}) == size &&
            cached->value("mtime", decltype(mtime){0}) == mtime && cached->contains("summary")) {
            if (auto summary = summary_from(path.stem().string(), cached->at("summary"))) {
                runs.push_back(std::move(*summary));
                new_index[name] = *cached;
                continue;
            }
        }
        runs.push_back(summarize_file(path));
        new_index[name] = {{"size", size}, {"mtime", mtime}, {"summary", summary_json(runs.back())}};
        changed = true;
    }
    if (changed || new_index.size() != old_index.size()) {
        // Best effort: a library on a read-only disk lists all the same, only more slowly.
        (void)write_file_atomically(dir / index_name,
                                    json{{"version", index_version}, {"runs", new_index}}.dump() + "\n");
    }
    const auto notes = read_run_notes(dir);
    for (auto& r : runs) {
        if (const auto n = notes.find(r.id); n != notes.end()) {
            r.name = n->second.name;
            r.note = n->second.note;
        }
    }
    std::sort(runs.begin(), runs.end(), [](const RunSummary& a, const RunSummary& b) { return a.id < b.id; });
    return runs;
}

std::map<std::string, RunNote> read_run_notes(const fs::path& dir) {
    std::map<std::string, RunNote> notes;
    const json j = read_json_file(dir / notes_name);
    if (!j.is_object() || j.value("version", 0) != notes_version || !j.contains("runs") || !j["runs"].is_object())
        return notes;
    for (const auto& item : j["runs"].items()) {
        const json& entry = item.value();
        if (!entry.is_object()) continue;
        const auto text = [&entry](const char* key) {
            const auto it = entry.find(key);
            return it != entry.end() && it->is_string() ? it->get<std::string>() : std::string();
        };
        notes[item.key()] = RunNote{text("name"), text("note")};
    }
    return notes;
}

Result<bool> set_run_note(const fs::path& dir, std::string_view id, const RunNote& note) {
    if (is_reference_id(id)) return Error{reference_read_only_message(id, "renamed or annotated")};
    std::error_code ec;
    if (!is_valid_run_id(id) || !fs::is_regular_file(run_path(dir, id), ec)) {
        return Error{"no run '" + std::string(id) + "' in " + dir.string() + " (see 'results list')"};
    }
    auto notes = read_run_notes(dir);
    if (note.name.empty() && note.note.empty()) {
        notes.erase(std::string(id));
    } else {
        notes[std::string(id)] = note;
    }
    return write_notes(dir, notes);
}

Result<BenchReport> load_run_file(const fs::path& file) {
    auto text = read_whole(file);
    if (!text) return Error{file.string() + ": " + text.error().message};
    auto report = report_from_json(*text);
    if (!report) return Error{file.string() + ": " + report.error().message};
    return report;
}

Result<std::string> read_run_text(const fs::path& file) {
    auto text = read_whole(file);
    if (!text) return Error{file.string() + ": " + text.error().message};
    if (auto report = report_from_json(*text); !report) return Error{file.string() + ": " + report.error().message};
    return text;
}

Result<BenchReport> load_run(const fs::path& dir, std::string_view id) {
    const auto path = run_path(dir, id);
    std::error_code ec;
    if (!is_valid_run_id(id) || !fs::is_regular_file(path, ec)) {
        return Error{"no run '" + std::string(id) + "' in " + dir.string() + " (see 'results list')"};
    }
    return load_run_file(path);
}

Result<std::vector<ReportRun>> load_named_runs(const fs::path& dir, const std::vector<std::string>& ids) {
    const auto notes = read_run_notes(dir);
    std::vector<ReportRun> runs;
    runs.reserve(ids.size());
    for (const auto& id : ids) {
        auto report = load_run(dir, id);
        if (!report) return report.error();
        const auto note = notes.find(id);
        runs.push_back(note == notes.end() ? ReportRun{id, {}, {}, std::move(*report)}
                                           : ReportRun{id, note->second.name, note->second.note, std::move(*report)});
    }
    return runs;
}

Result<bool> remove_run(const fs::path& dir, std::string_view id) {
    if (is_reference_id(id)) return Error{reference_read_only_message(id, "deleted")};
    const auto path = run_path(dir, id);
    std::error_code ec;
    if (!is_valid_run_id(id) || !fs::is_regular_file(path, ec)) {
        return Error{"no run '" + std::string(id) + "' in " + dir.string() + " (see 'results list')"};
    }
    if (!fs::remove(path, ec) || ec) return Error{"cannot remove " + path.string() + ": " + ec.message()};
    // The note goes with the run; a note left behind (an unwritable notes file) is harmless, as
    // notes of ids no file has are never shown.
    if (auto notes = read_run_notes(dir); notes.erase(std::string(id)) > 0) (void)write_notes(dir, notes);
    return true;
}

}  // namespace hashscope::bench
