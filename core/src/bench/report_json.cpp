// JSON in the versioned schema of docs/architecture.md §8. Other machines and scripts read these files, so
// reading is strict about types and says which field is wrong.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "hashscope/bench/report.hpp"

namespace hashscope::bench {
namespace {

using nlohmann::json;

json stats_json(const SampleStats& s) {
    return {{"mean", s.mean}, {"median", s.median}, {"min", s.min},
            {"max", s.max},   {"stddev", s.stddev}, {"error", s.error}};
}

json environment_json(const Environment& e) {
    return {{"cpu",
             {{"model", e.cpu_model},
              {"vendor", e.cpu_vendor},
              {"microarchitecture", e.microarchitecture},
              {"architecture", e.architecture},
              {"cores", e.cores},
              {"threads", e.threads},
              {"features", e.features},
              {"caches", {{"l1d", e.l1d}, {"l2", e.l2}, {"l3", e.l3}}},
              {"core_kinds", e.core_kinds},
              {"started_on_core", e.started_on_core}}},
            {"hypervisor", e.hypervisor},
            {"emulation", e.emulation},
            {"governor", e.governor},
            {"os", e.os},
            {"compiler", e.compiler},
            {"compiler_flags", e.compiler_flags},
            {"build_type", e.build_type},
            {"hashscope_version", e.hashscope_version},
            {"git_revision", e.git_revision},
            {"libraries", e.libraries},
            {"cycles_source", e.cycles_source},
            {"core_ghz", e.core_ghz},
            {"date", e.date},
            {"warnings", e.warnings}};
}

json spec_json(const BenchSpec& s) {
    json modes = json::array();
    for (const auto& m : s.modes) modes.push_back(mode_label(m));
    json placements = json::array();
    for (auto p : s.placements) placements.push_back(placement_name(p));
    json participants = json::array();
    for (const auto& p : s.participants)
        participants.push_back({{"algorithm", p.algorithm}, {"implementation", p.implementation}});
    return {{"preset", s.preset},           {"precision", s.precision}, {"max_time_s", s.max_time_s},
            {"warmup_s", s.warmup_s},       {"sample_s", s.sample_s},   {"min_samples", s.min_samples},
            {"max_samples", s.max_samples}, {"sizes", s.sizes},         {"modes", modes},
            {"threads", s.threads},         {"placements", placements}, {"participants", participants},
            {"unit", s.preferred_unit}};
}

json cell_json(const CellResult& c) {
    json j = {{"algorithm", c.algorithm},
              {"implementation", c.implementation},
              {"backend", c.backend},
              {"best", c.best},
              {"size", c.size},
              {"mode", mode_name(c.mode.mode)},
              {"chunk", c.mode.mode == Mode::stream ? json(c.mode.chunk) : json(nullptr)},
              {"threads", c.threads},
              {"placement", placement_name(c.placement)},
              {"samples", c.samples},
              {"precise", c.precise},
              {"ns_per_op", stats_json(c.ns_per_op)},
              {"gb_per_s", c.gb_per_s},
              {"ops_per_ms", c.ops_per_ms},
              {"cycles_per_byte", c.cycles_per_byte ? json(*c.cycles_per_byte) : json(nullptr)},
              {"raw_ns_per_op", c.raw_ns_per_op}};
    if (c.baseline) {
        j["baseline"] = {{"ns_per_op", c.baseline->baseline_mean},
                         {"error", c.baseline->baseline_error},
                         {"speedup", c.baseline->speedup},
                         {"change_pct", c.baseline->change_pct},
                         {"significant", c.baseline->significant}};
    }
    return j;
}

// nlohmann converts a JSON float to an integer with a plain cast, which is undefined behaviour
// when it does not fit (found by fuzz_bench_inputs): integers come only from JSON integers that
// fit. A file from another machine or a hand edit is refused with a message instead.
template <class T>
T whole(const json& v, const char* key) {
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        if (u <= std::numeric_limits<T>::max()) return static_cast<T>(u);
    } else if (v.is_number_integer()) {
        const auto i = v.get<std::int64_t>();
        if (i >= 0 && static_cast<std::uint64_t>(i) <= std::numeric_limits<T>::max()) return static_cast<T>(i);
    }
    throw std::runtime_error(std::string("'") + key + "' is not a whole number in range");
}

template <class T>
constexpr bool is_whole_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <class T>
struct is_whole_list : std::false_type {};
template <class U>
struct is_whole_list<std::vector<U>> : std::bool_constant<is_whole_v<U>> {};

template <class T>
T get_or(const json& j, const char* key, T fallback) {
    const auto it = j.find(key);
    if (it == j.end() || it->is_null()) return fallback;
    if constexpr (is_whole_v<T>) {
        return whole<T>(*it, key);
    } else if constexpr (is_whole_list<T>::value) {
        T out;
        for (const auto& v : it->get<std::vector<json>>()) out.push_back(whole<typename T::value_type>(v, key));
        return out;
    } else {
        return it->get<T>();
    }
}

Mode mode_from(const std::string& name) {
    for (auto m : {Mode::oneshot, Mode::stream, Mode::bytewise, Mode::file}) {
        if (mode_name(m) == name) return m;
    }
    throw std::runtime_error("unknown mode '" + name + "'");
}

CellResult cell_from(const json& j) {
    CellResult c;
    c.algorithm = j.at("algorithm").get<std::string>();
    c.implementation = j.at("implementation").get<std::string>();
    c.backend = get_or<std::string>(j, "backend", "");
    c.best = get_or(j, "best", false);
    c.size = whole<std::size_t>(j.at("size"), "size");
    c.mode = {mode_from(j.at("mode").get<std::string>()), get_or<std::size_t>(j, "chunk", 0)};
    c.threads = get_or(j, "threads", 1U);
    c.placement = get_or<std::string>(j, "placement", "hot") == "cold" ? Placement::cold : Placement::hot;
    c.samples = get_or<std::size_t>(j, "samples", 0);
    c.precise = get_or(j, "precise", false);
    const auto& ns = j.at("ns_per_op");
    c.ns_per_op.n = c.samples;
    c.ns_per_op.mean = ns.at("mean").get<double>();
    c.ns_per_op.median = get_or(ns, "median", c.ns_per_op.mean);
    c.ns_per_op.min = get_or(ns, "min", c.ns_per_op.mean);
    c.ns_per_op.max = get_or(ns, "max", c.ns_per_op.mean);
    c.ns_per_op.stddev = get_or(ns, "stddev", 0.0);
    c.ns_per_op.error = get_or(ns, "error", 0.0);
    c.gb_per_s = get_or(j, "gb_per_s", 0.0);
    c.ops_per_ms = get_or(j, "ops_per_ms", 0.0);
    if (j.contains("cycles_per_byte") && !j["cycles_per_byte"].is_null())
        c.cycles_per_byte = j["cycles_per_byte"].get<double>();
    c.raw_ns_per_op = get_or(j, "raw_ns_per_op", std::vector<double>{});
    return c;
}

Environment environment_from(const json& j) {
    Environment e;
    const json cpu = j.value("cpu", json::object());
    e.cpu_model = get_or<std::string>(cpu, "model", "");
    e.cpu_vendor = get_or<std::string>(cpu, "vendor", "");
    e.microarchitecture = get_or<std::string>(cpu, "microarchitecture", "");
    e.architecture = get_or<std::string>(cpu, "architecture", "");
    e.cores = get_or(cpu, "cores", 0U);
    e.threads = get_or(cpu, "threads", 0U);
    e.features = get_or(cpu, "features", std::vector<std::string>{});
    const json caches = cpu.value("caches", json::object());
    e.l1d = get_or<std::uint64_t>(caches, "l1d", 0);
    e.l2 = get_or<std::uint64_t>(caches, "l2", 0);
    e.l3 = get_or<std::uint64_t>(caches, "l3", 0);
    e.core_kinds = get_or<std::string>(cpu, "core_kinds", "");
    e.started_on_core = get_or<std::string>(cpu, "started_on_core", "");
    e.hypervisor = get_or<std::string>(j, "hypervisor", "");
    e.emulation = get_or<std::string>(j, "emulation", "");
    e.governor = get_or<std::string>(j, "governor", "");
    e.os = get_or<std::string>(j, "os", "");
    e.compiler = get_or<std::string>(j, "compiler", "");
    e.compiler_flags = get_or<std::string>(j, "compiler_flags", "");
    e.build_type = get_or<std::string>(j, "build_type", "");
    e.hashscope_version = get_or<std::string>(j, "hashscope_version", "");
    e.git_revision = get_or<std::string>(j, "git_revision", "");  // optional: older files lack it
    e.libraries = get_or(j, "libraries", std::map<std::string, std::string>{});
    e.cycles_source = get_or<std::string>(j, "cycles_source", "");
    e.core_ghz = get_or(j, "core_ghz", 0.0);
    e.date = get_or<std::string>(j, "date", "");
    e.warnings = get_or(j, "warnings", std::vector<std::string>{});
    return e;
}

BenchSpec spec_from(const json& j) {
    BenchSpec s;
    s.preset = get_or<std::string>(j, "preset", "custom");
    s.precision = get_or(j, "precision", s.precision);
    s.max_time_s = get_or(j, "max_time_s", s.max_time_s);
    s.warmup_s = get_or(j, "warmup_s", s.warmup_s);
    s.sample_s = get_or(j, "sample_s", s.sample_s);
    s.min_samples = get_or(j, "min_samples", s.min_samples);
    s.max_samples = get_or(j, "max_samples", s.max_samples);
    s.sizes = get_or(j, "sizes", std::vector<std::size_t>{});
    s.threads = get_or(j, "threads", s.threads);
    s.preferred_unit = get_or<std::string>(j, "unit", s.preferred_unit);
    if (j.contains("modes")) {
        s.modes.clear();
        for (const auto& m : j["modes"]) {
            auto mode = parse_mode(m.get<std::string>());
            s.modes.push_back(mode ? *mode : ModeSpec{mode_from(m.get<std::string>()), 0});
        }
    }
    if (j.contains("placements")) {
        s.placements.clear();
        for (const auto& p : j["placements"])
            s.placements.push_back(p.get<std::string>() == "cold" ? Placement::cold : Placement::hot);
    }
    if (j.contains("participants")) {
        for (const auto& p : j["participants"]) {
            s.participants.push_back({p.at("algorithm").get<std::string>(), p.at("implementation").get<std::string>()});
        }
    }
    return s;
}

}  // namespace

std::string to_json(const BenchReport& report) {
    json results = json::array();
    for (const auto& c : report.results) results.push_back(cell_json(c));
    const json j = {{"schema", schema_id},
                    {"environment", environment_json(report.environment)},
                    {"spec", spec_json(report.spec)},
                    {"elapsed_s", report.elapsed_s},
                    {"cancelled", report.cancelled},
                    {"results", results}};
    return j.dump(2) + "\n";
}

Result<BenchReport> report_from_json(std::string_view text) {
    try {
        const json j = json::parse(text);
        if (!j.is_object()) return Error{"not a HashScope benchmark file (not a JSON object)"};
        const auto schema = get_or<std::string>(j, "schema", "");
        if (schema != schema_id && schema.rfind("hashscope-bench/", 0) == 0) {
            return Error{"written by a newer HashScope (schema \"" + schema + "\"; this one reads " +
                         std::string(schema_id) + ")"};
        }
        if (schema != schema_id) {
            return Error{"not a HashScope benchmark file of schema " + std::string(schema_id) +
                         (schema.empty() ? std::string(" (no \"schema\" field)") : " (it says \"" + schema + "\")")};
        }
        BenchReport report;
        report.environment = environment_from(j.value("environment", json::object()));
        report.spec = spec_from(j.value("spec", json::object()));
        report.elapsed_s = get_or(j, "elapsed_s", 0.0);
        report.cancelled = get_or(j, "cancelled", false);
        std::size_t index = 0;
        for (const auto& cell : j.at("results")) {
            try {
                report.results.push_back(cell_from(cell));
            } catch (const std::exception& e) {
                return Error{"result " + std::to_string(index) + ": " + e.what()};
            }
            ++index;
        }
        return report;
    } catch (const std::exception& e) {
        return Error{std::string("cannot read the benchmark file: ") + e.what()};
    }
}

}  // namespace hashscope::bench
