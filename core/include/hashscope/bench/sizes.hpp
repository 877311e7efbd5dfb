// Buffer sizes as people write them: "64", "4KiB", "1MiB", lists "64,128,4KiB" and ranges
// "64..4MiB:x4" (geometric) or "1KiB..8KiB:+1KiB" (arithmetic).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/result.hpp"

namespace hashscope::bench {

// One size. Units: B, KiB, MiB, GiB (also K/KB, M/MB, G/GB, meaning the same powers of 1024, as
// the published checksum tables use "4KB" for 4096).
Result<std::size_t> parse_size(std::string_view text);
// A comma-separated list of sizes and ranges, in the order given, duplicates removed.
Result<std::vector<std::size_t>> parse_sizes(std::string_view text);
// "64 B", "4 KiB", "1 MiB", "4086 B", "1536 KiB"; from 1 MiB, sizes with no exact unit: "2.9 MiB".
std::string format_size(std::size_t bytes);
// Compact form for tables and chart ticks: "64B", "4KiB", "1MiB".
std::string format_size_compact(std::size_t bytes);

}  // namespace hashscope::bench
