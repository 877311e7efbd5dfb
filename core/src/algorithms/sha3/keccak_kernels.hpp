// Absorbing kernels of Keccak-f[1600], for sha3::SpongeHasher (keccak_sponge.hpp). Light on purpose
// (no hasher.hpp): this header is included by files built with ISA flags.
#pragma once

#include <cstddef>
#include <cstdint>

namespace hashscope::detail::sha3 {

// XORs each of `blocks` whole blocks of `rate` bytes into the state (25 lanes, lane x + 5y at
// index x + 5y, little-endian as FIPS 202 reads the message) and permutes it after each. `rate`
// is one of SHA-3's: 144, 136, 104 or 72. Needs the ARMv8.2 sha3 feature (aarch64 builds only; the
// caller dispatches).
void absorb_keccak_armv8(std::uint64_t* state, const std::byte* data, std::size_t blocks, std::size_t rate);

}  // namespace hashscope::detail::sha3
