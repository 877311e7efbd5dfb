// XXH3 / XXH128 with AVX-512 (this file is compiled with -mavx512f; see xxh3_kernels.hpp).
#define HASHSCOPE_XXH3_TABLE kAvx512
#include "algorithms/backends/xxh3_kernels.inc"
