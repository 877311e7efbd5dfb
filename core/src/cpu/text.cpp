#include "cpu/text.hpp"

#include <cctype>

namespace hashscope::cpu_detail {

bool is_space_or_nul(char c) { return c == '\0' || std::isspace(static_cast<unsigned char>(c)) != 0; }

std::string normalize_spaces(std::string_view text) {
    std::string out;
    bool pending_space = false;
    for (const char c : text) {
        if (is_space_or_nul(c)) {
            pending_space = !out.empty();
            continue;
        }
        if (pending_space) out += ' ';
        pending_space = false;
        out += c;
    }
    return out;
}

}  // namespace hashscope::cpu_detail
