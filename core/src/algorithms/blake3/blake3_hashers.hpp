// Internal: the registry's BLAKE3 hashers, the portable reference and one per kernel tier
// (blake3_hashers.cpp). make_blake3_avx512 is defined only with HASHSCOPE_AVX512_KERNELS,
// make_blake3_neon only with HASHSCOPE_AARCH64_KERNELS.
#pragma once

#include "algorithms/entry_points.hpp"
#include "hashscope/hasher.hpp"

namespace hashscope::detail {

HasherFactory make_blake3_portable, make_blake3_sse41, make_blake3_avx2, make_blake3_avx512, make_blake3_neon;

}  // namespace hashscope::detail
