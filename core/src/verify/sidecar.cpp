// Finding the checksum files that vouch for one file (see sidecar.hpp).
//
// Order, nearest first:
//   1. X.<ext> beside X, by extension: sha256, sha256sum, sha512, ..., md5, b3, b2, sfv, xxh*, ...
//      These may name X by a path ("dist/X"), as "-" (sha256sum < X > X.sha256) or not at all (a
//      bare digest, as many download pages publish): all count as X.
//   2. Folder-wide lists named after an algorithm (SHA256SUMS, SHA512SUMS, ..., MD5SUMS, B3SUMS),
//      strongest algorithm first.
//   3. Generic lists (CHECKSUMS, DIGESTS, *.sums, ...).
//   4. Other X'.<ext> files of the folder (e.g. release.sha256 listing several files).
// In 2-4 only lines naming X itself ("X" or "./X") count. Ties go by file name.
#include "hashscope/verify/sidecar.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <string>
#include <system_error>
#include <tuple>

#include "common/ascii.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kMaxSidecarSize = std::uintmax_t{16} << 20;
constexpr std::uintmax_t kMaxBareDigestFile = 4096;

constexpr std::array<std::string_view, 35> kNearExtensions{
    "sha256",   "sha256sum", "sha512",  "sha512sum", "sha1",    "sha1sum",   "md5",      "md5sum",   "b3",
    "b3sum",    "blake3",    "b2",      "b2sum",     "blake2b", "sha384",    "sha224",   "sha3-256", "sha3-512",
    "sha3-384", "sha3-224",  "sfv",     "xxh128",    "xxh3",    "xxh64",     "xxh32",    "xxh",      "crc64nvme",
    "crc32c",   "crc32",     "adler32", "digests",   "digest",  "checksums", "checksum", "sums",
};

// Strongest first: decides the order of folder-wide lists.
constexpr std::array<std::string_view, 23> kStrength{
    "sha256",   "sha512", "sha384",    "sha224",  "sha512-256", "sha3-256", "sha3-512", "sha3-384",
    "sha3-224", "blake3", "blake2b",   "blake2s", "sha1",       "md5",      "xxh128",   "xxh3",
    "xxh64",    "xxh32",  "crc64nvme", "crc64xz", "crc32c",     "crc32",    "adler32",
};

constexpr std::array<std::string_view, 6> kGenericNames{"checksums", "checksum", "sums",
                                                        "digests",   "hashes",   "hashsums"};
constexpr std::array<std::string_view, 5> kSignatureExtensions{".sig", ".gpg", ".asc", ".sign", ".minisig"};

std::string without_txt(std::string s) {
    if (s.ends_with(".txt")) s.resize(s.size() - 4);
    return s;
}

template <std::size_t N>
std::size_t index_in(const std::array<std::string_view, N>& list, std::string_view value) {
    return static_cast<std::size_t>(std::find(list.begin(), list.end(), value) - list.begin());
}

std::size_t strength_of(const std::vector<const AlgorithmInfo*>& algos) {
    return algos.empty() ? kStrength.size() : index_in(kStrength, algos.front()->id);
}

bool is_generic_name(const std::string& lowered) {
    const std::string s = without_txt(lowered);
    if (index_in(kGenericNames, s) < kGenericNames.size()) return true;
    const auto dot = s.find_last_of('.');
    return dot != std::string::npos &&
           index_in(kGenericNames, std::string_view(s).substr(dot + 1)) < kGenericNames.size();
}

// True when the algorithm comes from an extension ("x.sha256") rather than a KEYSUMS name.
bool named_by_extension(const std::string& lowered) {
    const std::string s = without_txt(lowered);
    const auto dot = s.find_last_of('.');
    return dot != std::string::npos && !algorithms_for_sums_name("x" + s.substr(dot)).empty();
}

std::string_view last_component(std::string_view name) {
    const auto slash = name.find_last_of('/');
    return slash == std::string_view::npos ? name : name.substr(slash + 1);
}

std::string_view without_dot_slash(std::string_view name) {
    while (name.starts_with("./")) name.remove_prefix(2);
    return name;
}

// A file that holds nothing but one digest: "e3b0c442...\n".
std::vector<SumsEntry> bare_digest(const fs::path& sums_file, const std::string& file_name) {
    std::error_code ec;
    if (fs::file_size(sums_file, ec) > kMaxBareDigestFile || ec) return {};
    std::ifstream in(sums_file, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.erase(0, 1);
    if (text.empty() ||
        !std::all_of(text.begin(), text.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); })) {
        return {};
    }
    // Through the parser, so that the sidecar's name picks the algorithm as for any sums file.
    SumsReadOptions options;
    options.file_name = sums_file.filename().string();
    return parse_sums(text + "  " + file_name + "\n", options).entries;
}

struct Candidate {
    std::tuple<int, std::size_t, std::string> rank;
    fs::path path;
    bool near = false;
};

}  // namespace

bool looks_like_sums_file(const fs::path& file) {
    const std::string name = ascii::lower(file.filename().string());
    if (name.empty()) return false;
    for (std::string_view ext : kSignatureExtensions) {
        if (name.ends_with(ext)) return false;
    }
    return !algorithms_for_sums_name(name).empty() || is_generic_name(name);
}

std::vector<Sidecar> find_sidecars(const fs::path& file) {
    std::vector<Sidecar> out;
    const std::string base = file.filename().string();
    if (base.empty()) return out;
    const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");

    std::vector<Candidate> candidates;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& path = it->path();
        const std::string name = path.filename().string();
        if (name == base || !looks_like_sums_file(path)) continue;
        std::error_code status_ec;
        if (!it->is_regular_file(status_ec) || status_ec) continue;
        const auto size = it->file_size(status_ec);
        if (status_ec || size > kMaxSidecarSize) continue;

        const std::string lowered = ascii::lower(name);
        Candidate c;
        c.path = path;
        if (name.size() > base.size() + 1 && name.starts_with(base) && name[base.size()] == '.' &&
            without_txt(lowered.substr(base.size() + 1)).find('.') == std::string::npos) {
            c.near = true;
            c.rank = {0, index_in(kNearExtensions, without_txt(lowered.substr(base.size() + 1))), name};
        } else if (is_generic_name(lowered)) {
            c.rank = {2, 0, name};
        } else {
            const int group = named_by_extension(lowered) ? 3 : 1;
            c.rank = {group, strength_of(algorithms_for_sums_name(name)), name};
        }
        candidates.push_back(std::move(c));
    }
    std::sort(candidates.begin(), candidates.end(),
              [](const Candidate& a, const Candidate& b) { return a.rank < b.rank; });

    for (const auto& c : candidates) {
        auto sums = read_sums_file(c.path, SumsReadOptions{});
        if (!sums) continue;
        std::vector<SumsEntry> entries = std::move(sums->entries);
        if (c.near && entries.empty()) entries = bare_digest(c.path, base);
        for (auto& entry : entries) {
            const std::string_view name = entry.name;
            const bool names_file =
                without_dot_slash(name) == base || (c.near && (name == "-" || last_component(name) == base));
            if (names_file) out.push_back(Sidecar{c.path, std::move(entry)});
        }
    }
    return out;
}

}  // namespace hashscope::verify
