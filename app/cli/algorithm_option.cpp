#include "algorithm_option.hpp"

#include <string>

#include "commands.hpp"

namespace hashscope::cli {

std::optional<const AlgorithmInfo*> parse_algorithm_option(const Arguments& args) {
    const auto id = args.value("algo");
    if (!id) return nullptr;
    const auto* algorithm = find_algorithm(*id);
    if (algorithm == nullptr) {
        complain("unknown algorithm '" + *id + "' (see: hashscope-cli list)");
        return std::nullopt;
    }
    return algorithm;
}

}  // namespace hashscope::cli
