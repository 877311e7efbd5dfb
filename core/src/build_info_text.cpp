// The text forms of BuildInfo and of the library versions, shared by both programs' --version
// and the About dialog so that they cannot drift apart.
#include <array>
#include <utility>

#include "hashscope/build_info.hpp"
#include "hashscope/libraries.hpp"

namespace hashscope {

std::string version_line(std::string_view program) {
    const BuildInfo& info = build_info();
    std::string line(program);
    line.append(" ").append(info.version);
    line.append(" (git ").append(info.git_revision).append(", ").append(info.build_type).append(")");
    return line;
}

std::string_view library_display_name(std::string_view id) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 9> names{{
        {"isal", "ISA-L"},
        {"libb2", "libb2"},
        {"libdeflate", "libdeflate"},
        {"libgcrypt", "Libgcrypt"},
        {"libsodium", "libsodium"},
        {"nettle", "Nettle"},
        {"openssl", "OpenSSL"},
        {"xxhash", "xxHash"},
        {"zlib", "zlib"},
    }};
    for (const auto& [known, name] : names) {
        if (known == id) return name;
    }
    return id;
}

std::vector<std::string> library_version_lines() {
    std::vector<std::string> lines;
    for (const auto& [id, version] : library_versions()) {
        lines.push_back(std::string(library_display_name(id)) + " " + version);
    }
    return lines;
}

}  // namespace hashscope
