// CRC-32C (Castagnoli) with the SSE4.2 crc32 instruction. Small inputs run one stream; larger ones
// run three independent streams over consecutive blocks and merge them by "shifting" the earlier
// streams' CRCs over the later blocks with precomputed zero-operator tables (Mark Adler's method,
// tables generated at compile time from the polynomial). Needs SSE4.2 only (no PCLMULQDQ); the
// file is compiled with -msse4.2, so call it only where the CPU has SSE4.2.
// Same value convention as crc_table.hpp: extend(0, a) == crc32c(a), extend(crc32c(a), b) ==
// crc32c(a || b); the value travels in the low 32 bits (the high half of the argument is ignored).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace hashscope::crc {

// Bytes per stream of the three-way passes, largest first (exposed so tests can probe the lengths
// around them): 64 · 3^k. Each rung is three times the next, so one pass of a rung (3 × block) is
// the block of the rung above and the two share one shift table. An input runs as many passes of
// each rung as fit, largest first, and what remains (< 3 × 64 bytes) runs as one stream.
inline constexpr std::array<std::size_t, 8> crc32c_sse42_blocks = {139968, 46656, 15552, 5184, 1728, 576, 192, 64};

// Requires a CPU with SSE4.2 (the caller dispatches).
std::uint64_t extend_crc32c_sse42(std::uint64_t value, const std::byte* data, std::size_t size);

}  // namespace hashscope::crc
