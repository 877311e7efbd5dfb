// Byte-at-a-time table CRCs: the reference every faster kernel is checked against.
// All four CRCs here are reflected with init and xorout all ones, so the running value can be the
// finished CRC itself: extend(0, a) is crc(a), and extend(crc(a), b) is crc(a || b).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "algorithms/entry_points.hpp"

namespace hashscope::crc {

// Reflected polynomials (bit-reversed from their usual "normal" form).
inline constexpr std::uint32_t crc32_poly = 0xEDB88320U;                // CRC-32/ISO-HDLC
inline constexpr std::uint32_t crc32c_poly = 0x82F63B78U;               // CRC-32/ISCSI (Castagnoli)
inline constexpr std::uint64_t crc64xz_poly = 0xC96C5795D7870F42ULL;    // CRC-64/XZ (ECMA-182)
inline constexpr std::uint64_t crc64nvme_poly = 0x9A6C9329AC4BC9B5ULL;  // CRC-64/NVME (0xAD93D23594C93659 reflected)

template <class Word>
constexpr std::array<Word, 256> make_reflected_table(Word poly) {
    std::array<Word, 256> table{};
    for (unsigned i = 0; i < 256; ++i) {
        Word r = i;
        for (int bit = 0; bit < 8; ++bit) r = (r & 1) ? (r >> 1) ^ poly : r >> 1;
        table[i] = r;
    }
    return table;
}

template <class Word, Word Poly>
inline constexpr std::array<Word, 256> reflected_table = make_reflected_table<Word>(Poly);

template <class Word, Word Poly>
Word table_extend(Word crc, const std::byte* data, std::size_t len) {
    const auto& table = reflected_table<Word, Poly>;
    Word state = ~crc;
    for (std::size_t i = 0; i < len; ++i) {
        state = table[(state ^ static_cast<std::uint8_t>(data[i])) & 0xFFU] ^ (state >> 8);
    }
    return ~state;
}

inline std::uint32_t crc32_table_extend(std::uint32_t crc, const std::byte* p, std::size_t n) {
    return table_extend<std::uint32_t, crc32_poly>(crc, p, n);
}
inline std::uint32_t crc32c_table_extend(std::uint32_t crc, const std::byte* p, std::size_t n) {
    return table_extend<std::uint32_t, crc32c_poly>(crc, p, n);
}
inline std::uint64_t crc64xz_table_extend(std::uint64_t crc, const std::byte* p, std::size_t n) {
    return table_extend<std::uint64_t, crc64xz_poly>(crc, p, n);
}
inline std::uint64_t crc64nvme_table_extend(std::uint64_t crc, const std::byte* p, std::size_t n) {
    return table_extend<std::uint64_t, crc64nvme_poly>(crc, p, n);
}

// The same as the registry's reference kernels (crc_table_kernels.cpp).
ExtendKernel extend_crc32_table, extend_crc32c_table, extend_crc64nvme_table, extend_crc64xz_table;

}  // namespace hashscope::crc
