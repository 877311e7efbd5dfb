// BLAKE2b (RFC 7693) of any digest length from 1 to 64 bytes, portable C++: the implementation of
// BLAKE2b's length variants that runs as fast as the libraries' full-length code. The libraries
// that take a length (libsodium, libb2) run at about half OpenSSL's speed on BLAKE2b-512 here, and
// OpenSSL 3.0 cannot set the length; the length is part of BLAKE2b's parameter block, so a
// variant is not a BLAKE2b-512 digest cut short.
#pragma once

#include "algorithms/entry_points.hpp"

namespace hashscope::detail {

HasherFactory make_own_blake2b;
VariantFactory make_own_blake2b_variant;

}  // namespace hashscope::detail
