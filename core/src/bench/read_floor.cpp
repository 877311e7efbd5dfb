// Why the widest loads: with 16-byte loads the floor read a buffer in L2 at 80-92 GB/s on the
// Intel Xeon guest of docs/performance.md, slower than the CRC kernels that fold the same buffer
// with 64-byte loads (114-122 GB/s), so it was no floor there; with 64-byte loads it reads 185.
#include "bench/read_floor.hpp"

namespace hashscope::bench::detail {
namespace {

#if defined(__x86_64__)
__attribute__((target("avx2"))) std::uint64_t read_avx2(const std::byte* p, std::size_t size) {
    return read_vectors<32>(p, size);
}
#if defined(HASHSCOPE_AVX512_KERNELS)
__attribute__((target("avx512f"))) std::uint64_t read_avx512(const std::byte* p, std::size_t size) {
    return read_vectors<64>(p, size);
}
#endif
#endif

}  // namespace

ReadFn read_wide([[maybe_unused]] CpuFeatureSet features) {
#if defined(__x86_64__)
#if defined(HASHSCOPE_AVX512_KERNELS)
    if (features.has(CpuFeature::avx512f)) return read_avx512;
#endif
    if (features.has(CpuFeature::avx2)) return read_avx2;
#endif
    return read_narrow;
}

}  // namespace hashscope::bench::detail
