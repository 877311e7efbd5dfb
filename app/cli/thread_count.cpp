#include "thread_count.hpp"

#include <string>

#include "commands.hpp"

namespace hashscope::cli {

std::optional<unsigned> parse_thread_count(const Arguments& args) {
    const auto text = args.value("threads");
    if (!text) return 0U;
    unsigned long threads = 0;
    try {
        threads = std::stoul(*text);
    } catch (const std::exception&) {
        threads = 0;
    }
    if (threads == 0 || threads > 1024 || text->find_first_not_of("0123456789") != std::string::npos) {
        complain("--threads wants a whole number from 1 to 1024, not '" + *text + "'");
        return std::nullopt;
    }
    return static_cast<unsigned>(threads);
}

}  // namespace hashscope::cli
