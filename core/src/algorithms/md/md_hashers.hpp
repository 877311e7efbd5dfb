// Internal: the registry's hashers of our own MD5, and of SHA-1 / SHA-224 / SHA-256 with SHA-NI
// (md_hashers.cpp).
#pragma once

#include "algorithms/entry_points.hpp"
#include "hashscope/hasher.hpp"

namespace hashscope::detail {

HasherFactory make_own_md5, make_shani_sha1, make_shani_sha224, make_shani_sha256;

}  // namespace hashscope::detail
