// The VPCLMULQDQ folding kernel (crc_vpclmul_kernel.hpp) for the CRCs that fold only: crc32 and
// the CRC-64s (crc32c, which adds CRC32-instruction loops, is in crc32c_vpclmul.cpp), with and
// without its software prefetch.
// Compiled with -mavx512f -mavx512bw -mavx512vl -mvpclmulqdq -mpclmul -msse4.2.
#include "algorithms/crc/crc_vpclmul.hpp"
#include "algorithms/crc/crc_vpclmul_kernel.hpp"

namespace hashscope::crc {

[[gnu::noinline]] std::uint64_t extend_crc32_vpclmul(std::uint64_t value, const std::byte* data, std::size_t size) {
    return vpclmul_extend<Crc32Poly>(value, data, size);
}
[[gnu::noinline]] std::uint64_t extend_crc64nvme_vpclmul(std::uint64_t value, const std::byte* data, std::size_t size) {
    return vpclmul_extend<Crc64NvmePoly>(value, data, size);
}
[[gnu::noinline]] std::uint64_t extend_crc64xz_vpclmul(std::uint64_t value, const std::byte* data, std::size_t size) {
    return vpclmul_extend<Crc64XzPoly>(value, data, size);
}

// The same folding without the loop's software prefetch. It was added for the Intel Xeon guest,
// where a 64 MiB buffer in L3 folded at 24.5 GB/s without it against the prefetching AVX2 kernel's
// 27.9; on the AMD EPYC Zen 4 guest it costs 6-17 % on data from memory (16 MiB and 64 MiB, where
// ISA-L, which does not prefetch, was as much ahead) and nothing measurable in cache
// (docs/performance.md). Which way a CPU goes is measured, so both are listed. Below
// kHardwarePrefetchFrom, in L2 on both, it made no difference, and the message goes to the entry
// point above, so that calibration never chooses between two copies of the same instructions by
// where each landed.
namespace {
constexpr std::size_t kHardwarePrefetchFrom = std::size_t{256} << 10;

// WithPrefetch is called, never inlined here: noinline entry points above.
template <class Poly, ExtendKernel* WithPrefetch>
std::uint64_t without_prefetch(std::uint64_t value, const std::byte* data, std::size_t size) {
    if (size < kHardwarePrefetchFrom) return WithPrefetch(value, data, size);
    return vpclmul_extend_long<Poly, FoldOnly, false>(value, data, size);
}
}  // namespace

std::uint64_t extend_crc32_vpclmul_no_prefetch(std::uint64_t value, const std::byte* data, std::size_t size) {
    return without_prefetch<Crc32Poly, extend_crc32_vpclmul>(value, data, size);
}
std::uint64_t extend_crc64nvme_vpclmul_no_prefetch(std::uint64_t value, const std::byte* data, std::size_t size) {
    return without_prefetch<Crc64NvmePoly, extend_crc64nvme_vpclmul>(value, data, size);
}
std::uint64_t extend_crc64xz_vpclmul_no_prefetch(std::uint64_t value, const std::byte* data, std::size_t size) {
    return without_prefetch<Crc64XzPoly, extend_crc64xz_vpclmul>(value, data, size);
}

}  // namespace hashscope::crc
