// Portable CRC combination: crc(a||b) = crc(a) * x^(8|b|) + crc(b) modulo P (see crc_combine.hpp).
// x^(8n) is assembled from the 64 powers x^(8 * 2^i) mod P, squared once at compile time, so a
// shift costs one multiplication per set bit of n (at most 64), each a table-free shift-and-add
// carry-less multiplication reduced bit by bit.
#include "algorithms/crc/crc_combine.hpp"

#include <array>

#include "algorithms/crc/polynomial.hpp"

namespace hashscope::crc {
namespace {

template <class Poly>
constexpr std::array<typename Poly::Word, 64> make_byte_powers() {
    std::array<typename Poly::Word, 64> t{};
    typename Poly::Word p = Poly::x8;  // x^(8 * 2^0)
    for (auto& e : t) {
        e = p;
        p = Poly::multiply(p, p);
    }
    return t;
}

template <class Poly>
constexpr std::array<typename Poly::Word, 64> byte_powers = make_byte_powers<Poly>();

template <class Poly>
typename Poly::Word shift_by(typename Poly::Word crc, std::uint64_t nbytes) {
    const auto& powers = byte_powers<Poly>;
    for (unsigned i = 0; nbytes != 0 && crc != 0; ++i, nbytes >>= 1) {
        if ((nbytes & 1U) != 0) crc = Poly::multiply(crc, powers[i]);
    }
    return crc;
}

}  // namespace

std::uint32_t crc32_shift(std::uint32_t crc, std::uint64_t nbytes) { return shift_by<Crc32Poly>(crc, nbytes); }
std::uint32_t crc32c_shift(std::uint32_t crc, std::uint64_t nbytes) { return shift_by<Crc32cPoly>(crc, nbytes); }
std::uint64_t crc64nvme_shift(std::uint64_t crc, std::uint64_t nbytes) { return shift_by<Crc64NvmePoly>(crc, nbytes); }
std::uint64_t crc64xz_shift(std::uint64_t crc, std::uint64_t nbytes) { return shift_by<Crc64XzPoly>(crc, nbytes); }

std::uint32_t crc32_combine(std::uint32_t crc_a, std::uint32_t crc_b, std::uint64_t len_b) {
    return crc32_shift(crc_a, len_b) ^ crc_b;
}
std::uint32_t crc32c_combine(std::uint32_t crc_a, std::uint32_t crc_b, std::uint64_t len_b) {
    return crc32c_shift(crc_a, len_b) ^ crc_b;
}
std::uint64_t crc64nvme_combine(std::uint64_t crc_a, std::uint64_t crc_b, std::uint64_t len_b) {
    return crc64nvme_shift(crc_a, len_b) ^ crc_b;
}
std::uint64_t crc64xz_combine(std::uint64_t crc_a, std::uint64_t crc_b, std::uint64_t len_b) {
    return crc64xz_shift(crc_a, len_b) ^ crc_b;
}

}  // namespace hashscope::crc
