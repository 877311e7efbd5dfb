#include "hashscope/sums_format.hpp"

namespace hashscope {

bool needs_escaping(std::string_view name) { return name.find_first_of("\\\n\r") != std::string_view::npos; }

std::string escape_name(std::string_view name) {
    std::string out;
    out.reserve(name.size() + 8);
    for (char c : name) {
        switch (c) {
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string gnu_line(std::string_view hex, std::string_view name, LineStyle style) {
    const bool escaped = !style.zero && needs_escaping(name);
    std::string line = escaped ? "\\" : "";
    line.append(hex).append(style.binary ? " *" : "  ").append(escaped ? escape_name(name) : std::string(name));
    line += style.zero ? '\0' : '\n';
    return line;
}

std::string bsd_line(std::string_view tag, std::string_view name, std::string_view hex, LineStyle style) {
    const bool escaped = !style.zero && needs_escaping(name);
    std::string line = escaped ? "\\" : "";
    line.append(tag).append(" (").append(escaped ? escape_name(name) : std::string(name)).append(") = ").append(hex);
    line += style.zero ? '\0' : '\n';
    return line;
}

}  // namespace hashscope
