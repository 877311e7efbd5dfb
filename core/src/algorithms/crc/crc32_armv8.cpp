// The ARMv8 CRC32 instructions over one stream: byte steps to an 8-byte boundary, four 8-byte
// steps per loop, then the tail. Compiled with -march=armv8-a+crc.
#include "algorithms/crc/crc32_armv8.hpp"

#include <arm_acle.h>

#include <cstdint>
#include <cstring>

namespace hashscope::crc {

namespace {

std::uint64_t load64(const std::byte* p) {
    std::uint64_t v = 0;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// Castagnoli: CRC32C* (polynomial 0x1EDC6F41), else CRC32* (0x04C11DB7); both reflected, as
// crc_table.hpp's polynomials are.
template <bool Castagnoli>
std::uint32_t step8(std::uint32_t crc, std::uint64_t v) {
    if constexpr (Castagnoli) return __crc32cd(crc, v);
    return __crc32d(crc, v);
}

template <bool Castagnoli>
std::uint32_t step1(std::uint32_t crc, std::byte b) {
    if constexpr (Castagnoli) return __crc32cb(crc, static_cast<std::uint8_t>(b));
    return __crc32b(crc, static_cast<std::uint8_t>(b));
}

template <bool Castagnoli>
std::uint64_t extend(std::uint64_t value, const std::byte* p, std::size_t n) {
    auto crc = ~static_cast<std::uint32_t>(value);
    for (; n > 0 && (reinterpret_cast<std::uintptr_t>(p) & 7U) != 0; ++p, --n) crc = step1<Castagnoli>(crc, *p);
    for (; n >= 32; p += 32, n -= 32) {
        crc = step8<Castagnoli>(crc, load64(p));
        crc = step8<Castagnoli>(crc, load64(p + 8));
        crc = step8<Castagnoli>(crc, load64(p + 16));
        crc = step8<Castagnoli>(crc, load64(p + 24));
    }
    for (; n >= 8; p += 8, n -= 8) crc = step8<Castagnoli>(crc, load64(p));
    for (; n > 0; ++p, --n) crc = step1<Castagnoli>(crc, *p);
    return ~crc;
}

}  // namespace

std::uint64_t extend_crc32_armv8(std::uint64_t value, const std::byte* data, std::size_t size) {
    return extend<false>(value, data, size);
}
std::uint64_t extend_crc32c_armv8(std::uint64_t value, const std::byte* data, std::size_t size) {
    return extend<true>(value, data, size);
}

}  // namespace hashscope::crc
