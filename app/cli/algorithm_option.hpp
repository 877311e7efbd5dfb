// -a ALGO, shared by the commands that take one algorithm (check, audit, verify).
#pragma once

#include <optional>

#include "arguments.hpp"
#include "hashscope/algorithm.hpp"

namespace hashscope::cli {

// The algorithm -a names, nullptr when -a was not given, or nullopt after complaining about a
// name no algorithm has.
std::optional<const AlgorithmInfo*> parse_algorithm_option(const Arguments& args);

}  // namespace hashscope::cli
