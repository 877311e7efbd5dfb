// The catalogue of docs/architecture.md §2: every fact about an algorithm, in its row. Order here
// is the order every listing shows. How checksum files name an algorithm (file_words,
// tag_aliases, size_rank) is read by verify/sums_names.cpp; the known answers (known_answers.hpp,
// with their sources) are what the self-test and the tests check every implementation against.
#include <array>
#include <cctype>
#include <charconv>
#include <deque>
#include <string>
#include <vector>

#include "algorithms/known_answers.hpp"
#include "hashscope/algorithm.hpp"

namespace hashscope {
namespace {

// Three lines a row: what it is; how checksum files name it; its known answers.
// clang-format off
constexpr auto kAlgorithms = std::to_array<AlgorithmInfo>({
    {.id = "crc32", .display = "CRC-32", .bsd_tag = "CRC32", .digest_size = 4, .combinable = true,
     .file_words = {{"crc32"}, {"sfv"}}, .tag_aliases = {"CRC32B"}, .size_rank = 0,
     .known_answers = answers::kCrc32},
    {.id = "crc32c", .display = "CRC-32C", .bsd_tag = "CRC32C", .digest_size = 4, .combinable = true,
     .file_words = {{"crc32c"}}, .size_rank = 1,
     .known_answers = answers::kCrc32c},
    {.id = "crc64nvme", .display = "CRC-64/NVME", .bsd_tag = "CRC64NVME", .digest_size = 8, .combinable = true,
     .file_words = {{"crc64nvme"}}, .size_rank = 0,
     .known_answers = answers::kCrc64Nvme},
    {.id = "crc64xz", .display = "CRC-64/XZ", .bsd_tag = "CRC64XZ", .digest_size = 8, .combinable = true,
     .file_words = {{"crc64xz"}}, .size_rank = 3,
     .known_answers = answers::kCrc64Xz},
    {.id = "adler32", .display = "Adler-32", .bsd_tag = "ADLER32", .digest_size = 4, .combinable = true,
     .file_words = {{"adler32"}}, .size_rank = 2,
     .known_answers = answers::kAdler32},
    {.id = "md5", .display = "MD5", .bsd_tag = "MD5", .digest_size = 16, .combinable = false,
     .file_words = {{"md5"}}, .size_rank = 0,
     .known_answers = answers::kMd5},
    {.id = "sha1", .display = "SHA-1", .bsd_tag = "SHA1", .digest_size = 20, .combinable = false,
     .file_words = {{"sha1"}}, .size_rank = 0,
     .known_answers = answers::kSha1},
    {.id = "sha224", .display = "SHA-224", .bsd_tag = "SHA224", .digest_size = 28, .combinable = false,
     .file_words = {{"sha224"}, {"sha2", 3}}, .tag_aliases = {"SHA2-224"}, .size_rank = 0,
     .known_answers = answers::kSha224},
    {.id = "sha256", .display = "SHA-256", .bsd_tag = "SHA256", .digest_size = 32, .combinable = false,
     .file_words = {{"sha256"}, {"sha2", 0}}, .tag_aliases = {"SHA2-256"}, .size_rank = 0,
     .known_answers = answers::kSha256},
    {.id = "sha384", .display = "SHA-384", .bsd_tag = "SHA384", .digest_size = 48, .combinable = false,
     .file_words = {{"sha384"}, {"sha2", 2}}, .tag_aliases = {"SHA2-384"}, .size_rank = 0,
     .known_answers = answers::kSha384},
    {.id = "sha512", .display = "SHA-512", .bsd_tag = "SHA512", .digest_size = 64, .combinable = false,
     .file_words = {{"sha512"}, {"sha2", 1}}, .tag_aliases = {"SHA2-512"}, .size_rank = 0,
     .known_answers = answers::kSha512},
    {.id = "sha512-256", .display = "SHA-512/256", .bsd_tag = "SHA512-256", .digest_size = 32, .combinable = false,
     .file_words = {{"sha512-256"}, {"sha512_256"}}, .tag_aliases = {"SHA2-512/256"}, .size_rank = 4,
     .known_answers = answers::kSha512_256},
    {.id = "sha3-256", .display = "SHA3-256", .bsd_tag = "SHA3-256", .digest_size = 32, .combinable = false,
     .file_words = {{"sha3-256"}, {"sha3_256"}, {"sha3", 0}}, .size_rank = 2,
     .known_answers = answers::kSha3_256},
    {.id = "sha3-224", .display = "SHA3-224", .bsd_tag = "SHA3-224", .digest_size = 28, .combinable = false,
     .file_words = {{"sha3-224"}, {"sha3_224"}, {"sha3", 3}}, .size_rank = 1,
     .known_answers = answers::kSha3_224},
    {.id = "sha3-384", .display = "SHA3-384", .bsd_tag = "SHA3-384", .digest_size = 48, .combinable = false,
     .file_words = {{"sha3-384"}, {"sha3_384"}, {"sha3", 2}}, .size_rank = 1,
     .known_answers = answers::kSha3_384},
    {.id = "sha3-512", .display = "SHA3-512", .bsd_tag = "SHA3-512", .digest_size = 64, .combinable = false,
     .file_words = {{"sha3-512"}, {"sha3_512"}, {"sha3", 1}}, .size_rank = 2,
     .known_answers = answers::kSha3_512},
    {.id = "blake2b", .display = "BLAKE2b-512", .bsd_tag = "BLAKE2b", .digest_size = 64, .combinable = false,
     .file_words = {{"blake2b"}, {"b2"}, {"blake2"}}, .tag_aliases = {"BLAKE2b-512"}, .size_rank = 1,
     .known_answers = answers::kBlake2b, .length_step = 1},
    {.id = "blake2s", .display = "BLAKE2s-256", .bsd_tag = "BLAKE2s", .digest_size = 32, .combinable = false,
     .file_words = {{"blake2s"}, {"b2s"}}, .tag_aliases = {"BLAKE2s-256"}, .size_rank = 3,
     .known_answers = answers::kBlake2s},
    {.id = "blake3", .display = "BLAKE3", .bsd_tag = "BLAKE3", .digest_size = 32, .combinable = true, .compute_bound = true,
     .file_words = {{"blake3"}, {"b3"}}, .tag_aliases = {"BLAKE3-256"}, .size_rank = 1,
     .known_answers = answers::kBlake3},
    {.id = "xxh32", .display = "XXH32", .bsd_tag = "XXH32", .digest_size = 4, .combinable = false,
     .file_words = {{"xxh32"}, {"xxh", 2}}, .size_rank = 3,
     .known_answers = answers::kXxh32},
    {.id = "xxh64", .display = "XXH64", .bsd_tag = "XXH64", .digest_size = 8, .combinable = false,
     .file_words = {{"xxh64"}, {"xxh", 0}}, .size_rank = 1,
     .known_answers = answers::kXxh64},
    {.id = "xxh3", .display = "XXH3-64", .bsd_tag = "XXH3", .digest_size = 8, .combinable = false,
     .file_words = {{"xxh3"}, {"xxh", 1}}, .tag_aliases = {"XXH3-64"}, .size_rank = 2,
     .known_answers = answers::kXxh3},
    {.id = "xxh128", .display = "XXH128", .bsd_tag = "XXH128", .digest_size = 16, .combinable = false,
     .file_words = {{"xxh128"}, {"xxh", 3}}, .tag_aliases = {"XXH3-128"}, .size_rank = 1,
     .known_answers = answers::kXxh128},
});
// clang-format on

bool equal_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    }
    return true;
}

// Every length variant of every algorithm that has them, made once: ids "blake2b-8" ...
// "blake2b-504", display names and BSD tags as b2sum writes them ("BLAKE2b-256").
struct Variants {
    std::deque<std::string> names;  // what the rows' string_views point into (a deque never moves them)
    std::vector<AlgorithmInfo> rows;
};

const Variants& variants() {
    static const Variants made = [] {
        Variants v;
        for (const auto& a : kAlgorithms) {
            if (a.length_step == 0) continue;
            for (std::size_t size = a.length_step; size < a.digest_size; size += a.length_step) {
                const std::string bits = std::to_string(size * 8);
                const std::string_view id = v.names.emplace_back(std::string(a.id) + "-" + bits);
                const std::string_view tag = v.names.emplace_back(std::string(a.bsd_tag) + "-" + bits);
                v.rows.push_back({.id = id,
                                  .display = tag,
                                  .bsd_tag = tag,
                                  .digest_size = size,
                                  .size_rank = a.size_rank,
                                  .variant_of = &a});
            }
        }
        return v;
    }();
    return made;
}

}  // namespace

std::span<const AlgorithmInfo> algorithms() { return kAlgorithms; }

const AlgorithmInfo* find_algorithm(std::string_view id) {
    for (const auto& a : algorithms()) {
        if (equal_ignoring_case(a.id, id)) return &a;
    }
    // "ID-BITS": a length variant, or the algorithm's own length ("blake2b-512").
    const auto dash = id.find_last_of('-');
    if (dash == std::string_view::npos) return nullptr;
    const std::string_view digits = id.substr(dash + 1);
    std::size_t bits = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), bits);
    if (error != std::errc{} || end != digits.data() + digits.size() || bits % 8 != 0) return nullptr;
    for (const auto& a : algorithms()) {
        if (a.length_step != 0 && equal_ignoring_case(a.id, id.substr(0, dash))) return with_digest_size(a, bits / 8);
    }
    return nullptr;
}

const AlgorithmInfo* with_digest_size(const AlgorithmInfo& algorithm, std::size_t digest_size) {
    const AlgorithmInfo& family = family_of(algorithm);
    if (digest_size == family.digest_size) return &family;
    if (family.length_step == 0 || digest_size == 0 || digest_size % family.length_step != 0) return nullptr;
    for (const auto& v : variants().rows) {
        if (v.variant_of == &family && v.digest_size == digest_size) return &v;
    }
    return nullptr;
}

}  // namespace hashscope
