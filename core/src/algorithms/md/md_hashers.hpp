// Internal: the registry's hashers of our own MD5, of SHA-1 / SHA-224 / SHA-256 with SHA-NI (x86-64)
// or the ARMv8 SHA instructions (aarch64), and of SHA-384 / SHA-512 / SHA-512/256 with the ARMv8.2
// SHA-512 instructions (aarch64) (md_hashers.cpp).
#pragma once

#include "algorithms/entry_points.hpp"
#include "hashscope/hasher.hpp"

namespace hashscope::detail {

HasherFactory make_own_md5, make_shani_sha1, make_shani_sha224, make_shani_sha256;
HasherFactory make_armv8_sha1, make_armv8_sha224, make_armv8_sha256;
HasherFactory make_armv8_sha384, make_armv8_sha512, make_armv8_sha512_256;

}  // namespace hashscope::detail
