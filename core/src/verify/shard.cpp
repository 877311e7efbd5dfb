#include "hashscope/verify/shard.hpp"

#include <xxhash.h>

#include <charconv>
#include <string>

namespace hashscope::verify {

namespace {

// More shards than this is a typo, not a cluster.
constexpr std::uint32_t kMaxShards = 1'000'000;

// A decimal number of digits only (no sign, no spaces), at most kMaxShards.
bool parse_count(std::string_view text, std::uint32_t& out) {
    if (text.empty() || text.size() > 7) return false;
    for (const char c : text) {
        if (c < '0' || c > '9') return false;
    }
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size() && out <= kMaxShards;
}

}  // namespace

std::uint64_t shard_hash(std::string_view path) { return XXH64(path.data(), path.size(), 0); }

std::uint32_t shard_of(std::string_view path, std::uint32_t count) {
    return static_cast<std::uint32_t>(shard_hash(path) % count) + 1;
}

bool Shard::takes(std::string_view path) const { return count <= 1 || shard_of(path, count) == index; }

Result<Shard> parse_shard(std::string_view spec) {
    const std::string quoted = "'" + std::string(spec) + "'";
    const auto slash = spec.find('/');
    if (slash == std::string_view::npos) return Error{"--shard " + quoted + ": expected K/N, e.g. 1/4"};
    Shard shard;
    if (!parse_count(spec.substr(0, slash), shard.index) || !parse_count(spec.substr(slash + 1), shard.count)) {
        return Error{"--shard " + quoted + ": K and N are whole numbers from 1 to 1000000, as in 1/4"};
    }
    if (shard.count == 0) return Error{"--shard " + quoted + ": N must be at least 1"};
    if (shard.index == 0 || shard.index > shard.count) {
        return Error{"--shard " + quoted + ": K counts from 1 to N (" + std::to_string(shard.count) + ")"};
    }
    return shard;
}

}  // namespace hashscope::verify
