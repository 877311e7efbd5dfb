// The results library. Listing keeps a small index (.index.json) of each file's summary, keyed by
// the file's size and modification time: a run file holds every raw sample, so parsing 10,000 of
// them on every `results list` would take many seconds, and the head of a file cannot be trusted
// to hold the summary (JSON objects are unordered; files come from other machines and hand
// edits). The index is only a cache: a stale entry is re-read, a missing or damaged index is
// rebuilt, and one that cannot be written (a read-only library) just costs the re-reading.
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
#include <random>
#include <sstream>

#include "hashscope/atomic_file.hpp"

namespace hashscope::bench {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* index_name = ".index.json";
constexpr int index_version = 1;

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
            {"cells", s.cells},
            {"partial", s.partial}};
}

RunSummary summary_from(const std::string& id, const json& j) {
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
    s.cells = j.at("cells").get<std::size_t>();
    s.partial = j.at("partial").get<bool>();
    return s;
}

// The index as it was last written: file name → {size, mtime, summary}; empty when unusable.
json read_index(const fs::path& dir) {
    std::ifstream in(dir / index_name, std::ios::binary);
    if (!in) return json::object();
    const json j = json::parse(in, nullptr, false);
    if (!j.is_object() || j.value("version", 0) != index_version || !j.contains("runs") || !j["runs"].is_object())
        return json::object();
    return j["runs"];
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
            cached->value("mtime", decltype(mtime){0}) == mtime) {
            try {
                runs.push_back(summary_from(path.stem().string(), cached->at("summary")));
                new_index[name] = *cached;
                continue;
            } catch (const std::exception&) {
                // a damaged entry: read the file again
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
    std::sort(runs.begin(), runs.end(), [](const RunSummary& a, const RunSummary& b) { return a.id < b.id; });
    return runs;
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

Result<bool> remove_run(const fs::path& dir, std::string_view id) {
    const auto path = run_path(dir, id);
    std::error_code ec;
    if (!is_valid_run_id(id) || !fs::is_regular_file(path, ec)) {
        return Error{"no run '" + std::string(id) + "' in " + dir.string() + " (see 'results list')"};
    }
    if (!fs::remove(path, ec) || ec) return Error{"cannot remove " + path.string() + ": " + ec.message()};
    return true;
}

}  // namespace hashscope::bench
