#include "thread_count.hpp"

#include <string>

#include "commands.hpp"
#include "hashscope/bench/spec.hpp"

namespace hashscope::cli {

std::optional<unsigned> parse_thread_count(const Arguments& args) {
    const auto text = args.value("threads");
    if (!text) return 0U;
    auto threads = bench::parse_thread_count(*text);
    if (!threads) {
        complain("--threads: " + threads.error().message);
        return std::nullopt;
    }
    return *threads;
}

}  // namespace hashscope::cli
