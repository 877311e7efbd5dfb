// The algorithms HashScope knows (docs/architecture.md §2): their ids, display names and digest
// sizes, how checksum files name them, and their known answers. Each is one row of
// core/src/algorithms/algorithm_table.cpp, the only place these facts are written.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <span>
#include <string_view>

namespace hashscope {

// Up to N values kept in place, so that a table row can list a few facts inline: {"a", "b"}.
// More than N does not compile in a constant table (the write past the end is no constant).
template <class T, std::size_t N>
class FixedList {
public:
    constexpr FixedList() = default;
    constexpr FixedList(std::initializer_list<T> values) {
        for (const T& v : values) items_[size_++] = v;
    }
    [[nodiscard]] constexpr const T* begin() const { return items_.data(); }
    [[nodiscard]] constexpr const T* end() const { return items_.data() + size_; }
    [[nodiscard]] constexpr std::size_t size() const { return size_; }
    [[nodiscard]] constexpr bool empty() const { return size_ == 0; }

private:
    std::array<T, N> items_{};
    std::size_t size_ = 0;
};

// A message described compactly: `text` repeated to `length` bytes ("a" x 1000000), or, when
// `text` is empty, BLAKE3's test input: byte i is i % 251.
struct MessageSpec {
    std::string_view text;
    std::size_t length = 0;
};

// A published digest of a message: every implementation of the algorithm must give it (the
// self-test checks it at run time, the tests at build time).
struct KnownAnswer {
    MessageSpec message;
    std::string_view hex;  // the digest as Digest::hex() prints it
};

// A word in a sums file's name that says which algorithm made it: "x.WORD", "x.WORDsum(s)" or
// "WORDSUMS" as a word of the name (SHA256SUMS, x.sha256, B3SUMS, release.sfv).
struct SumsFileWord {
    std::string_view word;  // lower case
    int rank = 0;           // among the algorithms sharing the word ("sha2", "xxh"): 0 the most likely
};

struct AlgorithmInfo {
    std::string_view id;          // "sha256", "crc32c", ... — the CLI's and the JSON's name
    std::string_view display;     // "SHA-256", "CRC-32C" — for people
    std::string_view bsd_tag;     // "SHA256" as in "SHA256 (name) = hex" (coreutils --tag)
    std::size_t digest_size = 0;  // bytes
    bool combinable = false;      // crc(a||b) can be computed from crc(a), crc(b) and len(b)
    // Hashes far slower than a core maps the page cache (BLAKE3: about a byte a cycle at best), so
    // that a file cut into pieces on two cores takes two thirds of the time from a few MiB up,
    // where a CRC, as fast as the mapping, gains only on files of tens of MiB.
    bool compute_bound = false;
    // How checksum files name it, beyond the id, display name and BSD tag (verify/sums_file.hpp):
    FixedList<SumsFileWord, 4> file_words{};       // words of a sums file's name
    FixedList<std::string_view, 2> tag_aliases{};  // other BSD tags: OpenSSL's "SHA2-256", "BLAKE2b-512"
    // How likely a bare digest of digest_size bytes is this algorithm's, among the algorithms of
    // that size: 0 the most likely (a sums file of 64 hex digits is tried as SHA-256 first).
    int size_rank = 0;
    std::span<const KnownAnswer> known_answers{};  // sources: core/src/algorithms/known_answers.hpp
    // Shorter digests the algorithm defines as variants of its own, in steps of this many bytes
    // (0: none). BLAKE2b writes the length into its parameter block, so BLAKE2b-256 (`b2sum -l
    // 256`) is a different function, not BLAKE2b-512 cut short.
    std::size_t length_step = 0;
    // A length variant's algorithm of algorithms(); nullptr for the rows of algorithms() themselves.
    const AlgorithmInfo* variant_of = nullptr;
};

// Every algorithm, in the order docs/architecture.md §2 lists them.
std::span<const AlgorithmInfo> algorithms();

// nullptr when the id is unknown. Ids are matched case-insensitively; a length variant's id is its
// algorithm's and the length in bits: "blake2b-256".
const AlgorithmInfo* find_algorithm(std::string_view id);

// The algorithm's own function with `digest_size` bytes of output: itself, one of its length
// variants (built once, never freed: pointers to it stay valid), or nullptr when it has no such
// length. Length variants are not in algorithms(): listings, benchmarks and dispatch plans cover
// the algorithm, and a variant uses the algorithm's implementations that take a length.
const AlgorithmInfo* with_digest_size(const AlgorithmInfo& algorithm, std::size_t digest_size);

// The row of algorithms() that `algorithm` is, or is a length variant of.
// Rows and variants live as long as the program, so the reference returned stays valid.
inline const AlgorithmInfo& family_of(const AlgorithmInfo& algorithm) {
    // NOLINTNEXTLINE(bugprone-return-const-ref-from-parameter)
    return algorithm.variant_of != nullptr ? *algorithm.variant_of : algorithm;
}

}  // namespace hashscope
