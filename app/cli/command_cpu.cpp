// `hashscope-cli cpu`: this CPU, its checksum-relevant features, and dispatch's choices.
#include <iostream>
#include <nlohmann/json.hpp>

#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/calibration.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::cli {
namespace {

std::string human_bytes(std::uint64_t bytes) {
    if (bytes == 0) return "-";
    constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
    if (bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
    if (bytes % 1024 == 0) return std::to_string(bytes / 1024) + " KiB";
    return std::to_string(bytes) + " B";
}

// "vpclmul (own)", then the bands where a measured plan chose otherwise: "; < 256 B: sse42".
std::string chosen_text(const Registry& registry, std::string_view algorithm) {
    const auto* best = registry.best(algorithm);
    if (best == nullptr) return "none available";
    std::string text = std::string(best->id) + " (" + std::string(best->backend) + ")";
    for (const auto& other : registry.exceptions_to_best(algorithm))
        text += "; " + other.sizes + ": " + std::string(other.chosen->id);
    return text;
}

std::string dispatch_text(const AppliedCalibration& applied) {
    if (applied.calibration) {
        return "chosen by measurement on " + applied.calibration->measured_on + " (" +
               std::to_string(applied.calibration->changed()) + " of " +
               std::to_string(applied.calibration->choices.size()) +
               " choices differ from the built-in table; `hashscope-cli calibrate` measures again)";
    }
    return "the built-in table (not calibrated for this CPU and build: `hashscope-cli calibrate` measures)";
}

// [{"microarchitecture": "Cortex-A76", "cores": 4}, ...]; empty when the cores are all alike.
nlohmann::json core_kinds_json(const CpuInfo& cpu) {
    nlohmann::json kinds = nlohmann::json::array();
    for (const auto& kind : cpu.core_kinds)
        kinds.push_back({{"microarchitecture", kind.microarchitecture}, {"cores", kind.cores}});
    return kinds;
}

nlohmann::json as_json(const CpuInfo& cpu, const Registry& registry, const AppliedCalibration& applied) {
    nlohmann::json chosen = nlohmann::json::object();
    nlohmann::json by_band = nlohmann::json::object();
    for (const auto& algorithm : algorithms()) {
        if (const auto* best = registry.best(algorithm.id)) chosen[std::string(algorithm.id)] = best->id;
        nlohmann::json bands = nlohmann::json::array();
        for (std::size_t band = 0; band < kBands; ++band) {
            const auto* row = registry.best(algorithm.id, kBandLimits[band] - 1);
            bands.push_back({{"below", band + 1 < kBands ? nlohmann::json(kBandLimits[band]) : nlohmann::json(nullptr)},
                             {"implementation", row ? nlohmann::json(row->id) : nlohmann::json(nullptr)}});
        }
        by_band[std::string(algorithm.id)] = bands;
    }
    nlohmann::json dispatch = {{"source", applied.calibration ? "measured" : "table"}, {"by_size", by_band}};
    if (applied.calibration) {
        dispatch["measured_on"] = applied.calibration->measured_on;
        nlohmann::json readings = nlohmann::json::array();
        for (const auto& r : applied.calibration->file_reading) {
            readings.push_back({{"algorithm", r.algorithm},
                                {"mapped", r.mapped},
                                {"mapped_ms", r.mapped_ms},
                                {"copied_ms", r.copied_ms}});
        }
        dispatch["cached_files"] = {{"probe_bytes", applied.calibration->file_probe_bytes}, {"algorithms", readings}};
    }
    if (!applied.note.empty()) dispatch["note"] = applied.note;
    return {{"model", cpu.model},
            {"vendor", cpu.vendor},
            {"microarchitecture", cpu.microarchitecture},
            {"architecture", cpu.architecture},
            {"cores", cpu.cores},
            {"threads", cpu.threads},
            {"core_kinds", core_kinds_json(cpu)},
            {"caches", {{"l1d", cpu.caches.l1d}, {"l2", cpu.caches.l2}, {"l3", cpu.caches.l3}}},
            {"features", cpu.features.names()},
            {"hypervisor", cpu.hypervisor},
            {"emulation", cpu.emulation},
            {"implementations", chosen},
            {"dispatch", dispatch}};
}

void print_text(const CpuInfo& cpu, const Registry& registry, const AppliedCalibration& applied) {
    std::cout << "model:        " << cpu.model << '\n'
              << "vendor:       " << cpu.vendor << '\n'
              << "microarch:    " << cpu.microarchitecture << '\n'
              << "architecture: " << cpu.architecture << '\n'
              << "cores:        " << cpu.cores << " cores, " << cpu.threads << " threads"
              << (cpu.core_kinds.empty() ? "" : " (" + describe_core_kinds(cpu.core_kinds) + ")") << '\n'
              << "caches:       L1d " << human_bytes(cpu.caches.l1d) << ", L2 " << human_bytes(cpu.caches.l2) << ", L3 "
              << human_bytes(cpu.caches.l3) << '\n'
              << "hypervisor:   " << (cpu.hypervisor.empty() ? "none" : cpu.hypervisor) << '\n'
              << "emulation:    " << (cpu.emulation.empty() ? "none" : cpu.emulation) << '\n'
              << "features:    ";
    for (auto f : native_cpu_features()) {
        std::cout << ' ' << (cpu.features.has(f) ? "+" : "-") << cpu_feature_name(f);
    }
    std::cout << '\n';
    if (!cpu.emulation.empty()) std::cout << "warning:      " << emulation_warning(cpu.emulation) << '\n';
    std::cout << "\ndispatch:     " << dispatch_text(applied) << '\n';
    if (applied.calibration) std::cout << "cached files: " << file_reading_text(*applied.calibration) << '\n';
    if (!applied.note.empty()) std::cout << "note:         " << applied.note << '\n';
    std::cout << "\nchosen implementations:\n";
    for (const auto& algorithm : algorithms()) {
        std::cout << "  " << algorithm.id << std::string(12 - std::min<std::size_t>(11, algorithm.id.size()), ' ')
                  << chosen_text(registry, algorithm.id) << '\n';
    }
}

}  // namespace

int run_cpu(int argc, char** argv, int first, const AppliedCalibration& calibration) {
    const Arguments args(argc, argv, first, {{"json", 0, false}});
    if (!args.ok() || !args.operands().empty()) {
        complain(args.ok() ? "cpu takes no operands" : args.error());
        return exit_usage;
    }
    const auto& cpu = host_cpu();
    const auto& registry = Registry::host();
    if (args.has("json")) {
        std::cout << as_json(cpu, registry, calibration).dump(2) << '\n';
    } else {
        print_text(cpu, registry, calibration);
    }
    return exit_ok;
}

}  // namespace hashscope::cli
