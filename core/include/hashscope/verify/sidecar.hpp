// Sidecars: checksum files that vouch for a file. For X: X.sha256, X.sha256sum, X.sha512, X.sha1,
// X.md5, X.b3, X.sfv, ... beside it, and SHA256SUMS / CHECKSUMS / *.sha256 / *.md5 ... files in the
// same folder that list X by name.
#pragma once

#include <filesystem>
#include <vector>

#include "hashscope/verify/sums_file.hpp"

namespace hashscope::verify {

struct Sidecar {
    std::filesystem::path sums_file;  // where the expected digest was found
    // The line that names the file, entry.name as in the sums file. X.<ext> beside X may also name
    // it by a path ("dist/X"), as "-" (sha256sum < X > X.sha256), or hold a bare digest (then
    // entry.name is X's own name).
    SumsEntry entry;
};

// Every sidecar line for `file`, nearest first (X.<ext> before folder-wide lists). Reads only small
// files (under 16 MiB) of the folder whose names look like checksum files; never writes.
std::vector<Sidecar> find_sidecars(const std::filesystem::path& file);

// True when the name looks like a checksum file (SHA256SUMS, x.sha256, x.md5, x.sfv, CHECKSUMS, ...).
bool looks_like_sums_file(const std::filesystem::path& file);

}  // namespace hashscope::verify
