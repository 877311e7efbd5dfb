// `hashscope-cli cpu`: this CPU, its checksum-relevant features, and dispatch's choices.
#include <iostream>
#include <nlohmann/json.hpp>

#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::cli {
namespace {

std::string human_bytes(std::uint64_t bytes) {
    if (bytes == 0) return "-";
    if (bytes % (1024 * 1024) == 0) return std::to_string(bytes / (1024 * 1024)) + " MiB";
    if (bytes % 1024 == 0) return std::to_string(bytes / 1024) + " KiB";
    return std::to_string(bytes) + " B";
}

nlohmann::json as_json(const CpuInfo& cpu, const Registry& registry) {
    nlohmann::json chosen = nlohmann::json::object();
    for (const auto& algorithm : algorithms()) {
        if (const auto* best = registry.best(algorithm.id)) chosen[std::string(algorithm.id)] = best->id;
    }
    return {{"model", cpu.model},
            {"vendor", cpu.vendor},
            {"microarchitecture", cpu.microarchitecture},
            {"architecture", cpu.architecture},
            {"cores", cpu.cores},
            {"threads", cpu.threads},
            {"caches", {{"l1d", cpu.caches.l1d}, {"l2", cpu.caches.l2}, {"l3", cpu.caches.l3}}},
            {"features", cpu.features.names()},
            {"hypervisor", cpu.hypervisor},
            {"implementations", chosen}};
}

void print_text(const CpuInfo& cpu, const Registry& registry) {
    std::cout << "model:        " << cpu.model << '\n'
              << "vendor:       " << cpu.vendor << '\n'
              << "microarch:    " << cpu.microarchitecture << '\n'
              << "architecture: " << cpu.architecture << '\n'
              << "cores:        " << cpu.cores << " cores, " << cpu.threads << " threads\n"
              << "caches:       L1d " << human_bytes(cpu.caches.l1d) << ", L2 " << human_bytes(cpu.caches.l2) << ", L3 "
              << human_bytes(cpu.caches.l3) << '\n'
              << "hypervisor:   " << (cpu.hypervisor.empty() ? "none" : cpu.hypervisor) << '\n'
              << "features:    ";
    for (auto f : native_cpu_features()) {
        std::cout << ' ' << (cpu.features.has(f) ? "+" : "-") << cpu_feature_name(f);
    }
    std::cout << "\n\nchosen implementations:\n";
    for (const auto& algorithm : algorithms()) {
        const auto* best = registry.best(algorithm.id);
        std::cout << "  " << algorithm.id << std::string(12 - std::min<std::size_t>(11, algorithm.id.size()), ' ')
                  << (best ? std::string(best->id) + " (" + std::string(best->backend) + ")" : "none available") << '\n';
    }
}

}  // namespace

int run_cpu(int argc, char** argv, int first) {
    const Arguments args(argc, argv, first, {{"json", 0, false}});
    if (!args.ok() || !args.operands().empty()) {
        complain(args.ok() ? "cpu takes no operands" : args.error());
        return exit_usage;
    }
    const auto& cpu = host_cpu();
    const auto& registry = Registry::host();
    if (args.has("json")) {
        std::cout << as_json(cpu, registry).dump(2) << '\n';
    } else {
        print_text(cpu, registry);
    }
    return exit_ok;
}

}  // namespace hashscope::cli
