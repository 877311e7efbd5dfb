// The folding kernels with their long loop on 256-bit VPCLMULQDQ vectors (AVX2 + VPCLMULQDQ, no
// AVX-512), instantiated from crc_pclmul_kernel.hpp.
// Compiled with -mavx2 -mvpclmulqdq -mpclmul -msse4.2.
#include "algorithms/crc/crc_pclmul_avx2.hpp"

#include "algorithms/crc/crc32c_sse42.hpp"
#include "algorithms/crc/crc_pclmul.hpp"
#include "algorithms/crc/crc_pclmul_kernel.hpp"

namespace hashscope::crc {
namespace {

// Beyond the last-level cache memory sets the pace, and the SSE4.2 kernel's three streams far
// apart read faster than one stream, prefetched or not (Zen 3, 64 MiB: 13 against 10.7 GB/s).
constexpr std::size_t kThreeStreamsFrom = std::size_t{16} << 20;
// Short messages: below 32 bytes the narrow kernel (one or two lanes; its GCC build of them took
// 3.7-5.1 ns at 16 B on Zen 3 against 5.4-7.2 for this file's clang build of the same lines), and
// below 192 bytes one chain of CRC32 instructions rather than lanes and a reduction (Zen 3, 32 to
// 176 B: 4.3-14.5 against 6.4-21 ns; on the Intel Xeon class the AVX-512 lanes also lost at 64 B,
// 4.2 against 3.1 ns). From 192 B, where the SSE4.2 kernel starts its three streams, the lanes win.
constexpr std::size_t kOneStreamFrom = 32;
constexpr std::size_t kLanesFrom = 192;

}  // namespace

std::uint64_t extend_crc32_vpclmul_avx2(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pclmul_extend<Crc32Poly, true>(value, data, size);
}
std::uint64_t extend_crc32c_vpclmul_avx2(std::uint64_t value, const std::byte* data, std::size_t size) {
    if (size < kLanesFrom) {
        return size >= kOneStreamFrom ? extend_crc32c_sse42(value, data, size)
                                      : extend_crc32c_pclmul(value, data, size);
    }
    if (size >= kThreeStreamsFrom) return extend_crc32c_sse42(value, data, size);
    return pclmul_extend<Crc32cPoly, true>(value, data, size);
}
std::uint64_t extend_crc64nvme_vpclmul_avx2(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pclmul_extend<Crc64NvmePoly, true>(value, data, size);
}
std::uint64_t extend_crc64xz_vpclmul_avx2(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pclmul_extend<Crc64XzPoly, true>(value, data, size);
}

}  // namespace hashscope::crc
