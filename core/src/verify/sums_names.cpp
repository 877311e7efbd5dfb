// Names that say which algorithm: a sums file's own name (SHA256SUMS, x.md5, release.sfv), a BSD
// tag ("SHA256", "SHA2-256", "BLAKE2b"), and the likely algorithms of a bare digest length.
//
// The sums file name table (case-insensitive; a trailing ".txt" is ignored):
//   key      as an extension (x.KEY, x.KEYsum, x.KEYsums)   or as KEYSUMS / KEYSUM in the name
//   md5 sha1 sha224 sha256 sha384 sha512 sha512-256 sha3-256 sha3-512 -> the algorithm itself
//   sha2 -> sha256, sha512, sha384, sha224     sha3 -> sha3-256, sha3-512
//   b2 blake2 blake2b -> blake2b               b2s blake2s -> blake2s
//   b3 blake3 -> blake3                        sfv crc32 -> crc32
//   crc32c crc64nvme crc64xz adler32 xxh32 xxh64 xxh3 xxh128 -> the algorithm itself
//   xxh -> xxh64, xxh3, xxh32, xxh128 (xxhsum's default first)
// "SHA256SUMS", "sha256sums.txt", "ubuntu-SHA256SUMS", "x.sha256", "x.sha256sum", "x.sha256.txt",
// "B3SUMS", "x.b3", "x.xxh3" all say something; "CHECKSUMS" says nothing.
#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <utility>

#include "common/ascii.hpp"
#include "hashscope/verify/sums_file.hpp"

namespace hashscope::verify {
namespace {

bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

struct NameKey {
    std::string_view key;
    std::array<std::string_view, 4> ids;  // algorithm ids, most likely first; empty ones unused
};

constexpr std::array kNameKeys{
    NameKey{"md5", {"md5"}},
    NameKey{"sha1", {"sha1"}},
    NameKey{"sha224", {"sha224"}},
    NameKey{"sha256", {"sha256"}},
    NameKey{"sha384", {"sha384"}},
    NameKey{"sha512", {"sha512"}},
    NameKey{"sha512-256", {"sha512-256"}},
    NameKey{"sha512_256", {"sha512-256"}},
    NameKey{"sha3-256", {"sha3-256"}},
    NameKey{"sha3_256", {"sha3-256"}},
    NameKey{"sha3-512", {"sha3-512"}},
    NameKey{"sha3_512", {"sha3-512"}},
    NameKey{"sha2", {"sha256", "sha512", "sha384", "sha224"}},
    NameKey{"sha3", {"sha3-256", "sha3-512"}},
    NameKey{"b2", {"blake2b"}},
    NameKey{"blake2", {"blake2b"}},
    NameKey{"blake2b", {"blake2b"}},
    NameKey{"b2s", {"blake2s"}},
    NameKey{"blake2s", {"blake2s"}},
    NameKey{"b3", {"blake3"}},
    NameKey{"blake3", {"blake3"}},
    NameKey{"sfv", {"crc32"}},
    NameKey{"crc32", {"crc32"}},
    NameKey{"crc32c", {"crc32c"}},
    NameKey{"crc64nvme", {"crc64nvme"}},
    NameKey{"crc64xz", {"crc64xz"}},
    NameKey{"adler32", {"adler32"}},
    NameKey{"xxh32", {"xxh32"}},
    NameKey{"xxh64", {"xxh64"}},
    NameKey{"xxh3", {"xxh3"}},
    NameKey{"xxh128", {"xxh128"}},
    NameKey{"xxh", {"xxh64", "xxh3", "xxh32", "xxh128"}},
};

const NameKey* find_key(std::string_view key) {
    for (const auto& k : kNameKeys) {
        if (k.key == key) return &k;
    }
    return nullptr;
}

std::string_view strip_sum_suffix(std::string_view s) {
    if (s.ends_with("sums")) return s.substr(0, s.size() - 4);
    if (s.ends_with("sum")) return s.substr(0, s.size() - 3);
    return s;
}

// "KEYSUMS" or "KEYSUM" somewhere in the name, as a word of its own ("ubuntu-22.04-SHA256SUMS",
// "sha256sums-signed"); the longest key wins ("sha3-256sums" is sha3-256, not sha3).
const NameKey* find_sums_word(std::string_view s) {
    const NameKey* best = nullptr;
    for (const auto& k : kNameKeys) {
        for (std::string_view suffix : {"sums", "sum"}) {
            std::string word(k.key);
            word += suffix;
            for (std::size_t at = s.find(word); at != std::string_view::npos; at = s.find(word, at + 1)) {
                const std::size_t end = at + word.size();
                if ((at == 0 || !is_alnum(s[at - 1])) && (end == s.size() || !is_alnum(s[end]))) {
                    if (best == nullptr || k.key.size() > best->key.size()) best = &k;
                }
            }
        }
    }
    return best;
}

std::string normalized_tag(std::string_view tag) {
    std::string out;
    for (char c : tag) {
        if (c == '-' || c == '_' || c == '/' || c == ' ') continue;
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return out;
}

struct TagAlias {
    std::string_view normalized;
    std::string_view id;
};

// Spellings beyond each algorithm's own id, display name and coreutils tag (those are matched
// from the algorithm table): OpenSSL's "SHA2-256", "BLAKE2B-512", "SHA2-512/256", and the sizes
// written out.
constexpr std::array kTagAliases{
    TagAlias{"SHA2224", "sha224"},     TagAlias{"SHA2256", "sha256"},        TagAlias{"SHA2384", "sha384"},
    TagAlias{"SHA2512", "sha512"},     TagAlias{"SHA2512256", "sha512-256"}, TagAlias{"BLAKE2B512", "blake2b"},
    TagAlias{"BLAKE2S256", "blake2s"}, TagAlias{"BLAKE3256", "blake3"},      TagAlias{"XXH364", "xxh3"},
    TagAlias{"XXH3128", "xxh128"},     TagAlias{"CRC32B", "crc32"},
};

// Most likely first, for each digest size (docs/architecture.md §2 has them in table order instead).
constexpr std::array<std::string_view, 21> kLikelyOrder{
    "crc32",    "crc32c",  "adler32",    "xxh32",  "crc64nvme", "xxh64",   "xxh3",
    "crc64xz",  "md5",     "xxh128",     "sha1",   "sha224",    "sha256",  "blake3",
    "sha3-256", "blake2s", "sha512-256", "sha384", "sha512",    "blake2b", "sha3-512",
};

}  // namespace

std::vector<const AlgorithmInfo*> algorithms_for_sums_name(std::string_view file_name) {
    // Only the last path component counts.
    if (const auto slash = file_name.find_last_of('/'); slash != std::string_view::npos) {
        file_name.remove_prefix(slash + 1);
    }
    std::string s = ascii::lower(file_name);
    if (s.ends_with(".txt")) s.resize(s.size() - 4);

    const NameKey* key = nullptr;
    if (const auto dot = s.find_last_of('.'); dot != std::string::npos) {
        key = find_key(strip_sum_suffix(std::string_view(s).substr(dot + 1)));
    }
    if (key == nullptr) key = find_sums_word(s);

    std::vector<const AlgorithmInfo*> out;
    if (key == nullptr) return out;
    for (std::string_view id : key->ids) {
        if (id.empty()) break;
        if (const auto* a = find_algorithm(id)) out.push_back(a);
    }
    return out;
}

const AlgorithmInfo* algorithm_for_tag(std::string_view tag) {
    // Built once (thread-safe, never changed): a sums file may hold millions of BSD lines.
    static const std::vector<std::pair<std::string, const AlgorithmInfo*>> spellings = [] {
        std::vector<std::pair<std::string, const AlgorithmInfo*>> out;
        for (const auto& a : algorithms()) {
            for (std::string_view name : {a.id, a.display, a.bsd_tag}) out.emplace_back(normalized_tag(name), &a);
        }
        for (const auto& alias : kTagAliases) out.emplace_back(std::string(alias.normalized), find_algorithm(alias.id));
        return out;
    }();
    const std::string t = normalized_tag(tag);
    if (t.empty()) return nullptr;
    for (const auto& [spelling, algorithm] : spellings) {
        if (spelling == t) return algorithm;
    }
    return nullptr;
}

std::vector<const AlgorithmInfo*> algorithms_for_digest_size(std::size_t bytes) {
    static const std::vector<const AlgorithmInfo*> likely_order = [] {
        std::vector<const AlgorithmInfo*> out;
        for (std::string_view id : kLikelyOrder) {
            if (const auto* a = find_algorithm(id)) out.push_back(a);
        }
        // An algorithm added to the table but not to kLikelyOrder still counts, last.
        for (const auto& a : algorithms()) {
            if (std::find(out.begin(), out.end(), &a) == out.end()) out.push_back(&a);
        }
        return out;
    }();
    std::vector<const AlgorithmInfo*> out;
    for (const auto* a : likely_order) {
        if (a->digest_size == bytes) out.push_back(a);
    }
    return out;
}

bool is_outside_name(std::string_view name) {
    if (name.starts_with('/')) return true;
    while (!name.empty()) {
        const auto slash = name.find('/');
        const std::string_view component = name.substr(0, slash);
        if (component == "..") return true;
        if (slash == std::string_view::npos) break;
        name.remove_prefix(slash + 1);
    }
    return false;
}

}  // namespace hashscope::verify
