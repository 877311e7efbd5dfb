// The catalogue of docs/architecture.md §2. Order here is the order every listing shows.
#include <array>
#include <cctype>

#include "hashscope/algorithm.hpp"

namespace hashscope {
namespace {

constexpr auto kAlgorithms = std::to_array<AlgorithmInfo>({
    {"crc32", "CRC-32", "CRC32", 4, true},
    {"crc32c", "CRC-32C", "CRC32C", 4, true},
    {"crc64nvme", "CRC-64/NVME", "CRC64NVME", 8, true},
    {"crc64xz", "CRC-64/XZ", "CRC64XZ", 8, true},
    {"adler32", "Adler-32", "ADLER32", 4, true},
    {"md5", "MD5", "MD5", 16, false},
    {"sha1", "SHA-1", "SHA1", 20, false},
    {"sha224", "SHA-224", "SHA224", 28, false},
    {"sha256", "SHA-256", "SHA256", 32, false},
    {"sha384", "SHA-384", "SHA384", 48, false},
    {"sha512", "SHA-512", "SHA512", 64, false},
    {"sha512-256", "SHA-512/256", "SHA512-256", 32, false},
    {"sha3-256", "SHA3-256", "SHA3-256", 32, false},
    {"sha3-512", "SHA3-512", "SHA3-512", 64, false},
    {"blake2b", "BLAKE2b-512", "BLAKE2b", 64, false},
    {"blake2s", "BLAKE2s-256", "BLAKE2s", 32, false},
    {"blake3", "BLAKE3", "BLAKE3", 32, true},
    {"xxh32", "XXH32", "XXH32", 4, false},
    {"xxh64", "XXH64", "XXH64", 8, false},
    {"xxh3", "XXH3-64", "XXH3", 8, false},
    {"xxh128", "XXH128", "XXH128", 16, false},
});

bool equal_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    }
    return true;
}

}  // namespace

std::span<const AlgorithmInfo> algorithms() { return kAlgorithms; }

const AlgorithmInfo* find_algorithm(std::string_view id) {
    for (const auto& a : algorithms()) {
        if (equal_ignoring_case(a.id, id)) return &a;
    }
    return nullptr;
}

}  // namespace hashscope
