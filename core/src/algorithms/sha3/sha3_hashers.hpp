// Internal: the registry's hashers of our own SHA3-224 / SHA3-256 / SHA3-384 / SHA3-512 with the
// ARMv8.2 SHA-3 instructions (aarch64) (sha3_hashers.cpp).
#pragma once

#include "algorithms/entry_points.hpp"
#include "hashscope/hasher.hpp"

namespace hashscope::detail {

HasherFactory make_armv8_sha3_224, make_armv8_sha3_256, make_armv8_sha3_384, make_armv8_sha3_512;

}  // namespace hashscope::detail
