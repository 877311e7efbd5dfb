// The algorithms HashScope knows (docs/architecture.md §2): their ids, display names and digest sizes.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace hashscope {

struct AlgorithmInfo {
    std::string_view id;       // "sha256", "crc32c", ... — the CLI's and the JSON's name
    std::string_view display;  // "SHA-256", "CRC-32C" — for people
    std::string_view bsd_tag;  // "SHA256" as in "SHA256 (name) = hex" (coreutils --tag)
    std::size_t digest_size;   // bytes
    bool combinable;           // crc(a||b) can be computed from crc(a), crc(b) and len(b)
};

// Every algorithm, in the order docs/architecture.md §2 lists them.
std::span<const AlgorithmInfo> algorithms();

// nullptr when the id is unknown. Ids are matched case-insensitively.
const AlgorithmInfo* find_algorithm(std::string_view id);

}  // namespace hashscope
