// Splitting `sum` and `check` over N processes or machines (--shard K/N) without a scheduler of our
// own: each process takes the files whose path hashes to its share, so N processes given the same
// operands cover every file exactly once whatever order they list or walk them in.
//
// The rule: file PATH belongs to shard (XXH64(PATH bytes, seed 0) mod N) + 1, PATH being the name
// exactly as given or listed (the walked path for `sum -r`, the name on the line for `check`), not
// resolved or normalised. `printf %s PATH | xxhsum -H1` shows the same XXH64 value.
#pragma once

#include <cstdint>
#include <string_view>

#include "hashscope/result.hpp"

namespace hashscope::verify {

// Shard `index` of `count` (1 <= index <= count). The default takes everything.
struct Shard {
    std::uint32_t index = 1;
    std::uint32_t count = 1;

    // True when `path` belongs to this shard.
    [[nodiscard]] bool takes(std::string_view path) const;
};

// The XXH64 (seed 0) of the path's bytes: what the shard is decided by.
std::uint64_t shard_hash(std::string_view path);

// The shard (1..count) `path` belongs to; count must be at least 1.
std::uint32_t shard_of(std::string_view path, std::uint32_t count);

// "K/N" in decimal, 1 <= K <= N (N at most 1,000,000). Anything else is an error that says why.
Result<Shard> parse_shard(std::string_view spec);

}  // namespace hashscope::verify
