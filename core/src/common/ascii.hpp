// Small text rules the engine applies in several places, each written once: ASCII case folding
// (names of algorithms, units and checksum files are ASCII; locale rules must not apply),
// trimming blanks around list items, and the value of a hex digit.
#pragma once

#include <array>
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

namespace detail {
constexpr std::array<signed char, 256> make_hex_values() {
    std::array<signed char, 256> values{};
    for (auto& v : values) v = -1;
    constexpr std::string_view kLower = "0123456789abcdef";
    constexpr std::string_view kUpper = "0123456789ABCDEF";
    for (std::size_t i = 0; i < 16; ++i) {
        values[static_cast<unsigned char>(kLower[i])] = static_cast<signed char>(i);
        values[static_cast<unsigned char>(kUpper[i])] = static_cast<signed char>(i);
    }
    return values;
}
inline constexpr std::array<signed char, 256> kHexValues = make_hex_values();
}  // namespace detail

// 0..15 for a hex digit of either case, -1 for any other byte. A table, not a chain of range
// tests: digests are random digits, and the branches of a chain mispredicted about every third
// digit, which made reading a checksum file's digests most of its cost.
constexpr int hex_value(char c) { return detail::kHexValues[static_cast<unsigned char>(c)]; }
static_assert(hex_value('0') == 0 && hex_value('9') == 9 && hex_value('a') == 10 && hex_value('F') == 15);
static_assert(hex_value('/') == -1 && hex_value(':') == -1 && hex_value('G') == -1 && hex_value('\xff') == -1);

}  // namespace hashscope::ascii
