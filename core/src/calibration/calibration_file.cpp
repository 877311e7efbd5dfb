// Keeping a calibration: its identities, its file, and the plan dispatch follows (calibration.hpp).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <list>
#include <mutex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "hashscope/atomic_file.hpp"
#include "hashscope/build_info.hpp"
#include "hashscope/calibration.hpp"

namespace hashscope {

namespace {

using nlohmann::json;

// FNV-1a, 64 bits: stable across builds and platforms, unlike std::hash.
std::string fnv1a_hex(std::string_view text) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : text) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    char out[17];
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
    return out;
}

// "hashscope-dispatch/1" -> 1; 0 when the text is not of that shape.
int schema_version(std::string_view schema) {
    const std::string_view prefix = calibration_schema.substr(0, calibration_schema.find('/') + 1);
    if (schema.substr(0, prefix.size()) != prefix) return 0;
    try {
        return std::stoi(std::string(schema.substr(prefix.size())));
    } catch (const std::exception&) {
        return 0;
    }
}

// The bands' upper limits as the file states them (the last, unbounded one as 0).
json band_limits() {
    json limits = json::array();
    for (const std::size_t limit : kBandLimits) limits.push_back(limit == SIZE_MAX ? 0 : limit);
    return limits;
}

// What each row of "choices" holds, in order (CalibrationChoice).
const json& choice_columns() {
    static const json columns{"algorithm", "band", "probe_size", "table_choice", "chosen", "table_ns", "chosen_ns"};
    return columns;
}

// Times as the file keeps them: to a thousandth of their unit (a picosecond, a microsecond), which
// is more than any calibration resolves.
double to_thousandths(double time) { return std::round(time * 1000) / 1000; }

LoadedCalibration ignored(const std::string& why) { return {std::nullopt, "the saved calibration is ignored: " + why}; }

}  // namespace

std::string cpu_fingerprint(const CpuInfo& cpu) {
    std::ostringstream identity;
    identity << cpu.vendor << '|' << cpu.model << '|' << cpu.microarchitecture << '|' << cpu.architecture << '|'
             << cpu.features.bits() << '|' << cpu.caches.l1d << '|' << cpu.caches.l2 << '|' << cpu.caches.l3;
    return fnv1a_hex(identity.str());
}

std::string build_fingerprint() {
    const auto& build = build_info();
    return std::string(build.version) + " " + std::string(build.git_revision) + " " + std::string(build.build_type);
}

std::filesystem::path calibration_path(const CpuInfo& cpu) {
    std::filesystem::path base;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg == '/') {
        base = xdg;
    } else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
        base = std::filesystem::path(home) / ".cache";
    } else {
        base = std::filesystem::temp_directory_path();
    }
    return base / "hashscope" / ("dispatch-" + cpu_fingerprint(cpu) + ".json");
}

std::string file_reading_text(const Calibration& calibration) {
    if (calibration.file_reading.empty()) {
        const std::string why = calibration.file_reading_note.empty() ? "" : " (" + calibration.file_reading_note + ")";
        return "from a mapping, the default: not measured" + why;
    }
    std::string copied;
    std::string mapped;
    std::string alone;
    for (const auto& r : calibration.file_reading) {
        auto& list = r.mapped ? mapped : copied;
        list += (list.empty() ? "" : ", ") + r.algorithm;
        if (r.one_thread) alone += (alone.empty() ? "" : ", ") + r.algorithm;
    }
    std::string text;
    if (!copied.empty()) text += "from read()'s copy for " + copied;
    if (!mapped.empty()) text += (text.empty() ? "" : "; ") + std::string("from a mapping for ") + mapped;
    if (!alone.empty()) text += " (on one thread for " + alone + ")";
    return text + ", measured with a " + std::to_string(calibration.file_probe_bytes >> 20) +
           " MiB file; from a mapping for the others";
}

std::string calibration_to_json(const Calibration& c) {
    json head{{"schema", calibration_schema},
              {"cpu_fingerprint", c.cpu_fingerprint},
              {"cpu", c.cpu_name},
              {"build", c.build},
              {"measured_on", c.measured_on},
              {"band_limits", band_limits()},
              {"columns", choice_columns()}};
    if (!c.file_reading.empty()) {
        json readings = json::array();
        for (const auto& r : c.file_reading) {
            readings.push_back({{"algorithm", r.algorithm},
                                {"mapped", r.mapped},
                                {"mapped_ms", to_thousandths(r.mapped_ms)},
                                {"copied_ms", to_thousandths(r.copied_ms)},
                                {"mapped_one_thread_ms", to_thousandths(r.mapped_one_thread_ms)},
                                {"copied_one_thread_ms", to_thousandths(r.copied_one_thread_ms)},
                                {"one_thread", r.one_thread}});
        }
        head["file_reading"] = {{"probe_bytes", c.file_probe_bytes}, {"algorithms", readings}};
    }
    std::string text = head.dump(1);
    text.resize(text.size() - 2);  // reopen the object: drop "\n}"
    // One row a line: the file stays readable and a fifth of the size of one object a choice,
    // which every start of the program parses.
    text += ",\n \"choices\": [";
    for (std::size_t i = 0; i < c.choices.size(); ++i) {
        const auto& choice = c.choices[i];
        text += i == 0 ? "\n  " : ",\n  ";
        text += json::array({choice.algorithm, choice.band, choice.probe_size, choice.table_choice, choice.chosen,
                             to_thousandths(choice.table_ns), to_thousandths(choice.chosen_ns)})
                    .dump();
    }
    text += c.choices.empty() ? "]\n}\n" : "\n ]\n}\n";
    return text;
}

LoadedCalibration parse_calibration(std::string_view text, std::string_view cpu, std::string_view build,
                                    const Registry& registry) {
    Calibration c;
    try {
        const json j = json::parse(text);
        const int version = schema_version(j.at("schema").get<std::string>());
        const int ours = schema_version(calibration_schema);
        if (version == 0) return ignored("it is not a HashScope calibration");
        if (version > ours) return ignored("it was written by a newer HashScope");
        if (version < ours) return ignored("it was written by an older HashScope");
        c.cpu_fingerprint = j.at("cpu_fingerprint").get<std::string>();
        c.cpu_name = j.at("cpu").get<std::string>();
        c.build = j.at("build").get<std::string>();
        c.measured_on = j.at("measured_on").get<std::string>();
        if (j.at("band_limits") != band_limits()) return ignored("it was measured in other size bands");
        if (j.at("columns") != choice_columns()) return ignored("it is damaged (its columns are not ours)");
        if (j.contains("file_reading")) {  // absent when it was not measured
            const auto& reading = j.at("file_reading");
            c.file_probe_bytes = reading.at("probe_bytes").get<std::size_t>();
            for (const auto& r : reading.at("algorithms")) {
                c.file_reading.push_back({r.at("algorithm").get<std::string>(), r.at("mapped").get<bool>(),
                                          r.at("mapped_ms").get<double>(), r.at("copied_ms").get<double>(),
                                          r.at("mapped_one_thread_ms").get<double>(),
                                          r.at("copied_one_thread_ms").get<double>(), r.at("one_thread").get<bool>()});
            }
        }
        for (const auto& row : j.at("choices")) {
            if (!row.is_array() || row.size() != choice_columns().size()) {
                return ignored("it is damaged (a choice is not a row of " + std::to_string(choice_columns().size()) +
                               " values)");
            }
            CalibrationChoice choice;
            choice.algorithm = row.at(0).get<std::string>();
            choice.band = row.at(1).get<std::size_t>();
            choice.probe_size = row.at(2).get<std::size_t>();
            choice.table_choice = row.at(3).get<std::string>();
            choice.chosen = row.at(4).get<std::string>();
            choice.table_ns = row.at(5).get<double>();
            choice.chosen_ns = row.at(6).get<double>();
            c.choices.push_back(std::move(choice));
        }
    } catch (const json::exception& e) {
        return ignored(std::string("it is damaged (") + e.what() + ")");
    }
    if (c.cpu_fingerprint != cpu) return ignored("it was measured on another CPU (" + c.cpu_name + ")");
    if (c.build != build) return ignored("it was measured by another build (" + c.build + ")");
    for (const auto& choice : c.choices) {
        const auto* row = registry.find(choice.algorithm, choice.chosen);
        if (choice.band >= kBands || row == nullptr || !registry.available(*row)) {
            return ignored("it names " + choice.algorithm + " · " + choice.chosen +
                           ", which this build or CPU cannot run");
        }
    }
    return {std::move(c), {}};
}

LoadedCalibration load_calibration(const std::filesystem::path& path, std::string_view cpu, std::string_view build,
                                   const Registry& registry) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    std::ostringstream text;
    text << in.rdbuf();
    auto loaded = parse_calibration(text.str(), cpu, build, registry);
    if (!loaded.note.empty()) loaded.note += " (" + path.string() + ")";
    return loaded;
}

Result<bool> save_calibration(const Calibration& calibration, const std::filesystem::path& path) {
    std::error_code error;
    std::filesystem::create_directories(path.parent_path(), error);
    if (error) return Error{"cannot make " + path.parent_path().string() + ": " + error.message()};
    return write_file_atomically(path, calibration_to_json(calibration));
}

const DispatchPlan* keep_plan(const Calibration& calibration, const Registry& registry) {
    static std::mutex mutex;
    static std::list<DispatchPlan> kept;  // a list: pointers to its elements stay valid
    DispatchPlan plan;
    plan.measured_on = calibration.measured_on;
    for (const auto& r : calibration.file_reading) {
        if (!r.mapped) plan.copy_cached_files.push_back(r.algorithm);
        if (r.one_thread) plan.one_thread_cached_files.push_back(r.algorithm);
    }
    plan.choices.assign(algorithms().size(), {});
    for (const auto& choice : calibration.choices) {
        const auto* info = find_algorithm(choice.algorithm);
        const auto* row = registry.find(choice.algorithm, choice.chosen);
        if (info == nullptr || row == nullptr || choice.band >= kBands) continue;
        plan.choices[static_cast<std::size_t>(info - algorithms().data())][choice.band] = row;
    }
    const std::lock_guard lock(mutex);
    return &kept.emplace_back(std::move(plan));
}

AppliedCalibration apply_saved_calibration(const Registry& registry, const CpuInfo& cpu) {
    auto loaded = load_calibration(calibration_path(cpu), cpu_fingerprint(cpu), build_fingerprint(), registry);
    if (loaded.calibration) registry.use_plan(keep_plan(*loaded.calibration, registry));
    return {std::move(loaded.calibration), std::move(loaded.note)};
}

}  // namespace hashscope
