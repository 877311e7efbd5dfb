// Small text rules the engine applies in several places, each written once: ASCII case folding
// (names of algorithms, units and checksum files are ASCII; locale rules must not apply) and
// trimming blanks around list items.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace hashscope::ascii {

inline std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

inline std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())) != 0) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())) != 0) s.remove_suffix(1);
    return s;
}

}  // namespace hashscope::ascii
