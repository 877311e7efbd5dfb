// --threads N, shared by the commands that read files.
#pragma once

#include <optional>

#include "arguments.hpp"

namespace hashscope::cli {

// The value of --threads (1..1024), 0 when it was not given (the command decides), or nullopt
// after complaining about a bad value.
std::optional<unsigned> parse_thread_count(const Arguments& args);

}  // namespace hashscope::cli
