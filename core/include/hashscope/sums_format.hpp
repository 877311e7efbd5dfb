// Lines of checksum files, written the way GNU coreutils writes them.
#pragma once

#include <string>
#include <string_view>

namespace hashscope {

// True when a name must be escaped: it holds a backslash, a newline or a carriage return.
bool needs_escaping(std::string_view name);
// The name with '\\' -> "\\\\", '\n' -> "\\n", '\r' -> "\\r" (coreutils 9).
std::string escape_name(std::string_view name);

// How coreutils' options shape a line: -b marks the name with '*' ("HEX *NAME"); -z ends the line
// with NUL instead of a newline and leaves the name unescaped.
struct LineStyle {
    bool binary = false;
    bool zero = false;
};

// "HEX  NAME\n" — GNU style (sha256sum). An escaped name makes the line start with '\'. The
// digest may as well be base64 (cksum --base64).
std::string gnu_line(std::string_view hex, std::string_view name, LineStyle style = {});
// "TAG (NAME) = HEX\n" — BSD style (sha256sum --tag). An escaped name makes the line start with '\'.
std::string bsd_line(std::string_view tag, std::string_view name, std::string_view hex, LineStyle style = {});

}  // namespace hashscope
