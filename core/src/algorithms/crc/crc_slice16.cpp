// Slicing-by-16 (Intel's "slicing-by-8" generalised): table k maps a byte to its contribution after
// k further zero bytes, so 16 input bytes are folded into the state with 16 independent lookups.
// Whole 16-byte blocks go through the tables, the tail (< 16 bytes) one byte at a time.
//
// The CRC-64s slice differently on long inputs (the implementation keeps the id "slice16"): 16
// tables of 64-bit entries are 32 KiB, the whole L1d of most x86 cores, so streaming input evicted
// them and 64 KiB ran at 3.0 GB/s (Zen 4) against 3.6 GB/s at 256 B. They now run zlib's "braided"
// CRC instead: four independent 64-bit lanes over interleaved 8-byte words, each folded through the
// same 8 tables (16 KiB), and the lanes are merged into the last 32-byte block, which together with
// short inputs and the final 16-byte steps goes through the slicing-by-16 tables. Measured on Zen 4
// at 64 KiB: 2 lanes 3.6, 3 lanes 4.4, 4 lanes 4.7, 5 lanes 4.6, 6 lanes 4.7 GB/s; 4 lanes are the
// fastest at 64 B and 256 B as well.
#include "algorithms/crc/crc_slice16.hpp"

#include <array>
#include <bit>
#include <cstring>

#include "algorithms/crc/crc_table.hpp"

namespace hashscope::crc {
namespace {

constexpr std::size_t kSlices = 16;

template <class Word>
struct alignas(64) SliceTables {
    std::array<std::array<Word, 256>, kSlices> t;
};

// t[0] is the byte-at-a-time table; t[k][b] = the CRC state of byte b followed by k zero bytes.
template <class Word>
constexpr SliceTables<Word> make_slice_tables(Word poly) {
    SliceTables<Word> tables{};
    tables.t[0] = make_reflected_table<Word>(poly);
    for (std::size_t k = 1; k < kSlices; ++k) {
        for (std::size_t i = 0; i < 256; ++i) {
            const Word prev = tables.t[k - 1][i];
            tables.t[k][i] = static_cast<Word>((prev >> 8) ^ tables.t[0][prev & 0xFFU]);
        }
    }
    return tables;
}

template <class Word, Word Poly>
constexpr SliceTables<Word> slice_tables = make_slice_tables<Word>(Poly);

// Braid for the CRC-64s: kLanes independent lanes, lane i taking the 8-byte words i, i + kLanes,
// i + 2 kLanes, ... One step XORs each lane into its word and folds the word forward over the whole
// kLanes * 8-byte block: byte k of the word goes through b[7 - k], the state of that byte followed by
// kLanes * 8 - 1 - k zero bytes, i.e. the slicing table t[kLanes * 8 - 1 - k].
constexpr std::size_t kLanes = 4;
constexpr std::size_t kBraidBlock = 8 * kLanes;
static_assert(kLanes >= 2 && kLanes % 2 == 0, "the lanes are merged two words (one 16-byte step) at a time");

struct alignas(64) BraidTables {
    std::array<std::array<std::uint64_t, 256>, 8> b;
};

constexpr BraidTables make_braid_tables(std::uint64_t poly) {
    const SliceTables<std::uint64_t> slice = make_slice_tables<std::uint64_t>(poly);
    const auto& t = slice.t;
    std::array<std::uint64_t, 256> cur = t[kSlices - 1];  // byte + 15 zero bytes
    BraidTables tables{};
    for (std::size_t k = kSlices; k < kBraidBlock; ++k) {  // cur: byte + k zero bytes
        for (auto& v : cur) v = (v >> 8) ^ t[0][v & 0xFFU];
        if (k >= kBraidBlock - 8) tables.b[k - (kBraidBlock - 8)] = cur;
    }
    return tables;
}

template <std::uint64_t Poly>
constexpr BraidTables braid_tables = make_braid_tables(Poly);

// Little-endian loads from any address.
inline std::uint64_t load_le64(const std::byte* p) {
    std::uint64_t v;
    std::memcpy(&v, p, sizeof v);
    if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
    return v;
}
inline std::uint32_t load_le32(const std::byte* p) {
    std::uint32_t v;
    std::memcpy(&v, p, sizeof v);
    if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap32(v);
    return v;
}
inline unsigned byte_at(const std::byte* p, std::size_t i) { return std::to_integer<unsigned>(p[i]); }

// Returns v, after making the compiler forget how it was computed. GCC's reassociation otherwise
// turns the XOR tree below into one serial chain of 16 XORs, which puts every lookup that depends
// on the state on the loop's critical path (measured on Zen 4: 3.8 instead of 4.8 GB/s).
template <class Word>
inline Word opaque(Word v) {
#if defined(__GNUC__)
    __asm__("" : "+r"(v));
#endif
    return v;
}

template <class Word>
inline Word byte_step(const SliceTables<Word>& tables, Word state, std::byte b) {
    return static_cast<Word>(tables.t[0][(state ^ std::to_integer<unsigned>(b)) & 0xFFU] ^ (state >> 8));
}

// The raw (unconditioned) state after data[0, len), for the 32-bit CRCs.
//
// Byte i of a 16-byte block goes through table 15 - i. Only the first 4 bytes are XORed with
// the state; the lookups of the others do not depend on it and run ahead of the loop-carried chain,
// which is kept short: state -> XOR -> byte extract -> lookup -> two or three XOR levels -> state.
// The state-free bytes come partly straight from memory as bytes and partly from 32-bit words, which
// balances load ports and ALUs better than shifting everything out of 64-bit words.
template <class Word, Word Poly>
Word slice16_update(Word state, const std::byte* p, std::size_t len) {
    static_assert(sizeof(Word) == 4, "the CRC-64s go through crc64_update");
    const auto& tables = slice_tables<Word, Poly>;
    const auto& t = tables.t;
    // No alignment head: on Zen 4 misaligned input costs nothing measurable here (64 KiB at offset 3:
    // same speed), while a bytewise head made 64-byte inputs twice as slow.
    while (len >= 16) {
        const std::uint32_t w2 = load_le32(p + 8);
        const std::uint32_t w3 = load_le32(p + 12);
        Word free =
            static_cast<Word>((t[7][w2 & 0xFF] ^ t[6][(w2 >> 8) & 0xFF]) ^ (t[5][(w2 >> 16) & 0xFF] ^ t[4][w2 >> 24]) ^
                              (t[3][w3 & 0xFF] ^ t[2][(w3 >> 8) & 0xFF]) ^ (t[1][(w3 >> 16) & 0xFF] ^ t[0][w3 >> 24]));
        const std::uint32_t x = load_le32(p) ^ state;
        free = static_cast<Word>(free ^ (t[11][byte_at(p, 4)] ^ t[10][byte_at(p, 5)]) ^
                                 (t[9][byte_at(p, 6)] ^ t[8][byte_at(p, 7)]));
        const Word a = opaque<Word>(t[15][x & 0xFF] ^ t[14][(x >> 8) & 0xFF]);
        const Word b = opaque<Word>(t[13][(x >> 16) & 0xFF] ^ t[12][x >> 24]);
        const Word tied = opaque<Word>(a ^ b);
        state = static_cast<Word>(opaque<Word>(free) ^ tied);
        p += 16;
        len -= 16;
    }
    while (len-- != 0) state = byte_step(tables, state, *p++);
    return state;
}

// Eight lookups for the 8 bytes of x, byte k through tables[Base + 7 - k]. The bytes come out of x
// two at a time (low byte, second byte) with a shift by 16 between pairs; the opaque() stops GCC from
// turning that back into eight shifts of x, which costs a register copy per byte and was measurably
// slower (4.45 instead of 4.7 GB/s with 4 lanes). The XOR tree is left to the compiler: with four
// independent lanes the critical path no longer limits (forcing a balanced tree: same or slower).
template <std::size_t Base, std::size_t Count>
inline std::uint64_t fold8(const std::array<std::array<std::uint64_t, 256>, Count>& t, std::uint64_t x) {
    static_assert(Base + 8 <= Count);
    const std::uint64_t x1 = opaque<std::uint64_t>(x >> 16);
    const std::uint64_t x2 = opaque<std::uint64_t>(x1 >> 16);
    const std::uint64_t x3 = opaque<std::uint64_t>(x2 >> 16);
    const std::uint64_t a = opaque<std::uint64_t>(t[Base + 7][x & 0xFF] ^ t[Base + 6][(x >> 8) & 0xFF]);
    const std::uint64_t b = opaque<std::uint64_t>(t[Base + 5][x1 & 0xFF] ^ t[Base + 4][(x1 >> 8) & 0xFF]);
    const std::uint64_t c = opaque<std::uint64_t>(t[Base + 3][x2 & 0xFF] ^ t[Base + 2][(x2 >> 8) & 0xFF]);
    const std::uint64_t d = opaque<std::uint64_t>(t[Base + 1][x3 & 0xFF] ^ t[Base + 0][x3 >> 8]);
    return (a ^ b) ^ (c ^ d);
}

// One slicing-by-16 step for a 64-bit state: w0, w1 are the block's two little-endian words.
template <std::size_t Count>
inline std::uint64_t slice16_step64(const std::array<std::array<std::uint64_t, 256>, Count>& t, std::uint64_t state,
                                    std::uint64_t w0, std::uint64_t w1) {
    return opaque<std::uint64_t>(fold8<8>(t, state ^ w0)) ^ fold8<0>(t, w1);
}

// The raw (unconditioned) state after data[0, len), for the CRC-64s.
//
// Lane 0 starts as the state and the other lanes as zero; after the braid loop, lane i is what still
// has to be XORed into word i of the next block, so that block (always present: the loop leaves at
// least one) goes through the slicing tables with the lanes XORed in, starting from lane 0.
template <std::uint64_t Poly>
std::uint64_t crc64_update(std::uint64_t state, const std::byte* p, std::size_t len) {
    const auto& slice = slice_tables<std::uint64_t, Poly>;
    const auto& t = slice.t;
    if (len >= 2 * kBraidBlock) {
        const auto& b = braid_tables<Poly>.b;
        std::array<std::uint64_t, kLanes> lane{};
        lane[0] = state;
        do {
            // Written out by the pragma: a runtime loop over the lanes keeps them in memory (1.2 GB/s).
#pragma GCC unroll 16
            for (std::size_t i = 0; i < kLanes; ++i) lane[i] = fold8<0>(b, lane[i] ^ load_le64(p + 8 * i));
            p += kBraidBlock;
            len -= kBraidBlock;
        } while (len >= 2 * kBraidBlock);
        state = slice16_step64(t, lane[0], load_le64(p), load_le64(p + 8) ^ lane[1]);
#pragma GCC unroll 16
        for (std::size_t i = 2; i < kLanes; i += 2) {
            state = slice16_step64(t, state, load_le64(p + 8 * i) ^ lane[i], load_le64(p + 8 * i + 8) ^ lane[i + 1]);
        }
        p += kBraidBlock;
        len -= kBraidBlock;
    }
    while (len >= 16) {
        state = slice16_step64(t, state, load_le64(p), load_le64(p + 8));
        p += 16;
        len -= 16;
    }
    while (len-- != 0) state = byte_step(slice, state, *p++);
    return state;
}

}  // namespace

std::uint64_t extend_crc32_slice16(std::uint64_t value, const std::byte* data, std::size_t size) {
    return static_cast<std::uint32_t>(
        ~slice16_update<std::uint32_t, crc32_poly>(~static_cast<std::uint32_t>(value), data, size));
}
std::uint64_t extend_crc32c_slice16(std::uint64_t value, const std::byte* data, std::size_t size) {
    return static_cast<std::uint32_t>(
        ~slice16_update<std::uint32_t, crc32c_poly>(~static_cast<std::uint32_t>(value), data, size));
}
std::uint64_t extend_crc64nvme_slice16(std::uint64_t value, const std::byte* data, std::size_t size) {
    return ~crc64_update<crc64nvme_poly>(~value, data, size);
}
std::uint64_t extend_crc64xz_slice16(std::uint64_t value, const std::byte* data, std::size_t size) {
    return ~crc64_update<crc64xz_poly>(~value, data, size);
}

}  // namespace hashscope::crc
