// XXH3 / XXH128 with AVX2 (this file is compiled with -mavx2; see xxh3_kernels.hpp).
#define HASHSCOPE_XXH3_TABLE kAvx2
#include "algorithms/backends/xxh3_kernels.inc"
