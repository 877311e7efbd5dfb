// -a ALGO and -l BITS, shared by the commands that take algorithms (sum, check, audit, verify).
#pragma once

#include <optional>

#include "arguments.hpp"
#include "hashscope/algorithm.hpp"

namespace hashscope::cli {

// The algorithm -a names (with -l's length applied), nullptr when -a was not given, or nullopt
// after complaining about a name no algorithm has or a length it cannot have.
std::optional<const AlgorithmInfo*> parse_algorithm_option(const Arguments& args);

// -l BITS / --length=BITS, as b2sum and `cksum -a blake2b` take it: the algorithm's length variant
// (BLAKE2b-256), the algorithm itself without -l or with 0 or its own length, or nullopt after
// complaining, in coreutils' words: a length that is no number, no multiple of 8, over the
// algorithm's digest, or given for an algorithm without length variants.
std::optional<const AlgorithmInfo*> apply_length_option(const Arguments& args, const AlgorithmInfo& algorithm);

}  // namespace hashscope::cli
