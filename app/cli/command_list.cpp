// `hashscope-cli list`: the registry table as this machine sees it.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::cli {
namespace {

nlohmann::json as_json(const Registry& registry) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& algorithm : algorithms()) {
        const auto* best = registry.best(algorithm.id);
        for (const auto* impl : registry.implementations_of(algorithm.id)) {
            rows.push_back({{"algorithm", impl->algorithm},
                            {"implementation", impl->id},
                            {"backend", impl->backend},
                            {"needs", impl->needs.names()},
                            {"available", registry.available(*impl)},
                            {"default", impl == best},
                            {"priority", impl->priority},
                            {"description", impl->description}});
        }
    }
    return rows;
}

void print_table(const Registry& registry) {
    std::size_t needs_width = 6;
    std::size_t id_width = 6;  // an id, " *" and a space
    for (const auto& impl : all_implementations()) {
        needs_width = std::max(needs_width, impl.needs.to_string().size() + 2);
        id_width = std::max(id_width, impl.id.size() + 3);
    }
    const int needs_column = static_cast<int>(needs_width);
    const int id_column = static_cast<int>(id_width);
    std::cout << std::left << std::setw(12) << "ALGORITHM" << std::setw(id_column) << "IMPL" << std::setw(12)
              << "BACKEND" << std::setw(needs_column) << "NEEDS"
              << "AVAILABLE\n";
    for (const auto& algorithm : algorithms()) {
        const auto* best = registry.best(algorithm.id);
        for (const auto* impl : registry.implementations_of(algorithm.id)) {
            const std::string id = std::string(impl->id) + (impl == best ? " *" : "");
            std::cout << std::setw(12) << impl->algorithm << std::setw(id_column) << id << std::setw(12)
                      << impl->backend << std::setw(needs_column) << impl->needs.to_string();
            if (registry.available(*impl)) {
                std::cout << "yes\n";
            } else {
                std::cout << "no (lacks " << impl->needs.without(registry.features()).to_string() << ")\n";
            }
        }
    }
    std::cout << "(* = chosen by dispatch on this machine)\n";
}

}  // namespace

int run_list(int argc, char** argv, int first) {
    const Arguments args(argc, argv, first, {{"json", 0, false}});
    if (!args.ok() || !args.operands().empty()) {
        complain(args.ok() ? "list takes no operands" : args.error());
        return exit_usage;
    }
    const auto& registry = Registry::host();
    if (args.has("json")) {
        std::cout << as_json(registry).dump(2) << '\n';
    } else {
        print_table(registry);
    }
    return exit_ok;
}

}  // namespace hashscope::cli
