// CRC-32C with the crc32 instruction (compiled with -msse4.2, on this file only).
//
// The instruction has a latency of 3 cycles and a throughput of 1 per cycle (measured on Zen 4; Intel
// cores since Nehalem are listed alike in Agner Fog's tables), so a single stream runs at a third of the possible rate.
// Three streams over consecutive blocks A, B, C of `len` bytes fill the pipeline. The raw state
// (before the final inversion) obeys state(s, X) = shift_|X|(s) ^ state(0, X), where shift_n
// multiplies by x^(8n) modulo the polynomial: the effect of n zero bytes. That operator is linear
// over GF(2), so it is four 256-entry table lookups, one per byte of the state. Each pass starts all
// three streams from zero and folds them into the running state:
//     state = shift_3len(state) ^ shift_len(shift_len(state(0, A)) ^ state(0, B)) ^ state(0, C),
// so no stream of the next pass waits for the merge of this one.
//
// Block sizes (measured on Zen 4, see crc32c_sse42.hpp): a ladder of 64 · 3^k bytes per stream, from
// 139968 down to 64, each a third of the one before, so shift_3len of one rung is shift_len of the
// rung above and nine tables (36 KiB, of which a small input touches only the smallest) serve all
// eight. From 5184 bytes up the merges cost under 1% in cache; the larger rungs exist for inputs from
// RAM, where three streams far apart read faster (64 MiB: 3.0 ms with a 139968-byte top rung, 6.3 ms
// with 5184). The small rungs keep inputs of a few hundred bytes to a few KiB on three streams.
// Below 192 bytes one stream, unrolled, is fastest.
#include "algorithms/crc/crc32c_sse42.hpp"

#include <nmmintrin.h>

#include <array>
#include <cstring>
#include <utility>

#include "algorithms/crc/crc_table.hpp"

namespace hashscope::crc {
namespace {

// ---- Arithmetic modulo the reflected polynomial (bit 31 is x^0), for the compile-time tables ----

// a(x)·b(x) mod P(x); a must not be zero.
constexpr std::uint32_t multmodp(std::uint32_t a, std::uint32_t b) {
    std::uint32_t m = 1U << 31;
    std::uint32_t product = 0;
    for (;;) {
        if ((a & m) != 0) {
            product ^= b;
            if ((a & (m - 1)) == 0) break;
        }
        m >>= 1;
        b = (b & 1U) != 0 ? (b >> 1) ^ crc32c_poly : b >> 1;
    }
    return product;
}

// x^(8·bytes) mod P(x): the operator of appending that many zero bytes.
constexpr std::uint32_t x_pow_8n(std::size_t bytes) {
    std::uint32_t result = 1U << 31;  // x^0
    std::uint32_t square = 1U << 23;  // x^8, then x^16, x^32, ...
    while (bytes != 0) {
        if ((bytes & 1U) != 0) result = multmodp(square, result);
        square = multmodp(square, square);
        bytes >>= 1;
    }
    return result;
}

struct alignas(64) ShiftTable {
    std::array<std::array<std::uint32_t, 256>, 4> t;
};

// t[k][b] = (b << 8k)·x^(8·bytes) mod P, so shifting a state is the XOR of four lookups.
constexpr ShiftTable make_shift_table(std::size_t bytes) {
    const std::uint32_t op = x_pow_8n(bytes);
    ShiftTable table{};
    for (unsigned k = 0; k < 4; ++k) {
        for (std::uint32_t b = 0; b < 256; ++b) table.t[k][b] = multmodp(op, b << (8 * k));
    }
    return table;
}

template <std::size_t Bytes>
constexpr ShiftTable shift_table = make_shift_table(Bytes);

inline std::uint64_t shift(const ShiftTable& table, std::uint64_t state) {
    return table.t[0][state & 0xFF] ^ table.t[1][(state >> 8) & 0xFF] ^ table.t[2][(state >> 16) & 0xFF] ^
           table.t[3][(state >> 24) & 0xFF];
}

inline std::uint64_t load64(const std::byte* p) {
    std::uint64_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
inline std::uint32_t load32(const std::byte* p) {
    std::uint32_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
inline std::uint16_t load16(const std::byte* p) {
    std::uint16_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// Three-way passes over blocks of Block bytes (per stream), as long as 3·Block bytes remain.
template <std::size_t Block>
inline std::uint64_t three_way(std::uint64_t state, const std::byte*& p, std::size_t& n) {
    static_assert(Block % 8 == 0, "the streams take 8 bytes per step");
    const ShiftTable& block_shift = shift_table<Block>;
    const ShiftTable& pass_shift = shift_table<3 * Block>;
    while (n >= 3 * Block) {
        std::uint64_t crc0 = 0;
        std::uint64_t crc1 = 0;
        std::uint64_t crc2 = 0;
        if constexpr (Block <= 512) {
            // Fully unrolled: an inner loop's exit would be mispredicted on every pass.
#pragma GCC unroll 64
            for (std::size_t i = 0; i < Block; i += 8) {
                crc0 = _mm_crc32_u64(crc0, load64(p + i));
                crc1 = _mm_crc32_u64(crc1, load64(p + Block + i));
                crc2 = _mm_crc32_u64(crc2, load64(p + 2 * Block + i));
            }
        } else {
#pragma GCC unroll 4
            for (std::size_t i = 0; i < Block; i += 8) {
                crc0 = _mm_crc32_u64(crc0, load64(p + i));
                crc1 = _mm_crc32_u64(crc1, load64(p + Block + i));
                crc2 = _mm_crc32_u64(crc2, load64(p + 2 * Block + i));
            }
        }
        state = shift(pass_shift, state) ^ shift(block_shift, shift(block_shift, crc0) ^ crc1) ^ crc2;
        p += 3 * Block;
        n -= 3 * Block;
    }
    return state;
}

constexpr bool is_ladder_of_threes() {
    for (std::size_t i = 0; i + 1 < crc32c_sse42_blocks.size(); ++i) {
        if (crc32c_sse42_blocks[i] != 3 * crc32c_sse42_blocks[i + 1]) return false;
    }
    return true;
}
static_assert(is_ladder_of_threes(), "the rungs share shift tables: each is three times the next");

// The passes of every rung, largest first.
template <std::size_t... I>
inline std::uint64_t run_ladder(std::uint64_t state, const std::byte*& p, std::size_t& n, std::index_sequence<I...>) {
    ((state = three_way<crc32c_sse42_blocks[I]>(state, p, n)), ...);
    return state;
}

}  // namespace

std::uint64_t extend_crc32c_sse42(std::uint64_t value, const std::byte* data, std::size_t size) {
    constexpr auto& blocks = crc32c_sse42_blocks;
    std::uint64_t state = static_cast<std::uint32_t>(~value);
    const std::byte* p = data;
    std::size_t n = size;
    // [[unlikely]] is about layout, not frequency: it keeps the multi-stream code out of the straight
    // line of small inputs (64 bytes: 3.3 instead of 3.8 ns), and costs large inputs one taken branch.
    if (n >= 3 * blocks.back()) [[unlikely]] {
        // Align the streams' loads to 8 bytes (the block sizes are multiples of 8, so they stay so).
        const std::size_t head = (0 - reinterpret_cast<std::uintptr_t>(p)) & 7U;
        auto s32 = static_cast<std::uint32_t>(state);
        if ((head & 1U) != 0) s32 = _mm_crc32_u8(s32, std::to_integer<std::uint8_t>(*p)), p += 1;
        if ((head & 2U) != 0) s32 = _mm_crc32_u16(s32, load16(p)), p += 2;
        if ((head & 4U) != 0) s32 = _mm_crc32_u32(s32, load32(p)), p += 4;
        state = s32;
        n -= head;
        state = run_ladder(state, p, n, std::make_index_sequence<blocks.size()>{});
    }
    // One stream: latency-bound at 8 bytes per 3 cycles, so the loop overhead is kept out of it.
    while (n >= 32) {
        state = _mm_crc32_u64(state, load64(p));
        state = _mm_crc32_u64(state, load64(p + 8));
        state = _mm_crc32_u64(state, load64(p + 16));
        state = _mm_crc32_u64(state, load64(p + 24));
        p += 32;
        n -= 32;
    }
    if ((n & 16U) != 0) {
        state = _mm_crc32_u64(state, load64(p));
        state = _mm_crc32_u64(state, load64(p + 8));
        p += 16;
    }
    if ((n & 8U) != 0) state = _mm_crc32_u64(state, load64(p)), p += 8;
    auto s32 = static_cast<std::uint32_t>(state);
    if ((n & 4U) != 0) s32 = _mm_crc32_u32(s32, load32(p)), p += 4;
    if ((n & 2U) != 0) s32 = _mm_crc32_u16(s32, load16(p)), p += 2;
    if ((n & 1U) != 0) s32 = _mm_crc32_u8(s32, std::to_integer<std::uint8_t>(*p));
    return ~s32;
}

}  // namespace hashscope::crc
