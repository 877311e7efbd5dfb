// combine(crc(a), crc(b), len(b)) == crc(a || b) for the four CRCs, in O(log len(b)).
//
// With the register convention of crc_table.hpp (reflected, init = xorout = all ones, written 1):
//   reg(m)    = (1 * x^(8|m|) + m * x^w) mod P,      crc(m) = reg(m) + 1
//   reg(a||b) = reg(a) * x^(8|b|) + b * x^w
//             = reg(a) * x^(8|b|) + reg(b) + 1 * x^(8|b|)
//   crc(a||b) = (reg(a) + 1) * x^(8|b|) + reg(b) + 1 = crc(a) * x^(8|b|) + crc(b).
// Because init equals xorout, the two all-ones terms cancel and no correction term is needed:
// combine(ca, cb, n) = shift(ca, n) ^ cb.
#pragma once

#include <cstdint>

namespace hashscope::crc {

std::uint32_t crc32_combine(std::uint32_t crc_a, std::uint32_t crc_b, std::uint64_t len_b);
std::uint32_t crc32c_combine(std::uint32_t crc_a, std::uint32_t crc_b, std::uint64_t len_b);
std::uint64_t crc64nvme_combine(std::uint64_t crc_a, std::uint64_t crc_b, std::uint64_t len_b);
std::uint64_t crc64xz_combine(std::uint64_t crc_a, std::uint64_t crc_b, std::uint64_t len_b);

// crc * x^(8 n) mod P, the building block of combine (portable, table of 64 powers).
std::uint32_t crc32_shift(std::uint32_t crc, std::uint64_t nbytes);
std::uint32_t crc32c_shift(std::uint32_t crc, std::uint64_t nbytes);
std::uint64_t crc64nvme_shift(std::uint64_t crc, std::uint64_t nbytes);
std::uint64_t crc64xz_shift(std::uint64_t crc, std::uint64_t nbytes);

}  // namespace hashscope::crc
