// Writing one line of a checksum file in the format asked for.
//
// SFV has no escapes and no quoting: "NAME HEX", the name ending at the last space, ';' and '#'
// starting comments. A name SFV cannot hold exactly (a newline or CR, a leading ';', '#' or '\',
// leading or trailing blanks, a leading byte-order mark) is written as an escaped GNU line instead ("\HEX  NAME" with
// the name escaped). The reader takes such a line in a .sfv file first, so nothing is lost, and `sha256sum -c`-like
// tools read it too.
#include "hashscope/sums_format.hpp"
#include "hashscope/verify/sums_file.hpp"

namespace hashscope::verify {
namespace {

bool sfv_can_hold(std::string_view name) {
    if (name.empty() || name.find_first_of("\n\r") != std::string_view::npos) return false;
    const char first = name.front();
    const char last = name.back();
    if (first == ';' || first == '#' || first == '\\' || first == ' ' || first == '\t') return false;
    // A name starting with the bytes of a UTF-8 byte-order mark would lose them on the first line,
    // where readers strip a BOM (found by fuzz_sums_reader).
    if (name.starts_with("\xEF\xBB\xBF")) return false;
    return last != ' ' && last != '\t';
}

}  // namespace

bool format_supports(SumsFormat format, const AlgorithmInfo& algorithm) {
    return format != SumsFormat::sfv || algorithm.id == "crc32";
}

std::string format_sums_line(SumsFormat format, const AlgorithmInfo& algorithm, std::string_view name,
                             std::string_view hex) {
    switch (format) {
        case SumsFormat::bsd:
            return bsd_line(algorithm.bsd_tag, name, hex);
        case SumsFormat::sfv:
            if (!format_supports(format, algorithm)) break;
            if (sfv_can_hold(name)) {
                std::string line(name);
                line.append(" ").append(hex).append("\n");
                return line;
            }
            // Always marked as escaped, even without anything to escape, so that the reader of a
            // .sfv file knows it for a GNU line.
            return std::string("\\").append(hex).append("  ").append(escape_name(name)).append("\n");
        case SumsFormat::gnu:
            break;
    }
    return gnu_line(hex, name);
}

}  // namespace hashscope::verify
