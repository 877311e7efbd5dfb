// What this build of HashScope is: version, git revision and build type, as `--version`, the About
// dialog and benchmark reports state them. The values come from a file generated at build time
// (cmake/GitRevision.cmake), so a new commit changes them without a re-configure.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hashscope {

struct BuildInfo {
    std::string_view version;       // the project's version, "0.1.0"
    std::string_view git_revision;  // "2abae3a1c0de", "2abae3a1c0de-dirty", HASHSCOPE_GIT_REVISION, or "unknown"
    std::string_view build_type;    // "Release", "RelWithDebInfo", "Debug", ... or "unknown"
    std::string_view description;   // the project's one-line description
};

const BuildInfo& build_info();

// The first line of `--version`, the same shape for every program so scripts can parse it:
// "hashscope-cli 0.1.0 (git 2abae3a1c0de, RelWithDebInfo)".
std::string version_line(std::string_view program);

// How a library of library_versions() is spelled for people: "openssl" -> "OpenSSL". Unknown ids
// are returned as they are.
std::string_view library_display_name(std::string_view id);

// One "Name version" line per library of library_versions(), in its order: "OpenSSL 3.0.19", ...
std::vector<std::string> library_version_lines();

}  // namespace hashscope
