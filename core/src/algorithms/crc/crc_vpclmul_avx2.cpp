// The folding kernels with their long loop on 256-bit VPCLMULQDQ vectors (AVX2 + VPCLMULQDQ, no
// AVX-512), instantiated from crc_pclmul_kernel.hpp.
// Compiled with -mavx2 -mvpclmulqdq -mpclmul -msse4.2.
#include "algorithms/crc/crc_vpclmul_avx2.hpp"

#include "algorithms/crc/crc_pclmul_kernel.hpp"

namespace hashscope::crc {

std::uint64_t extend_crc32_vpclmul_avx2(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pclmul_extend<Crc32Poly, true>(value, data, size);
}
std::uint64_t extend_crc32c_vpclmul_avx2(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pclmul_extend<Crc32cPoly, true>(value, data, size);
}
std::uint64_t extend_crc64nvme_vpclmul_avx2(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pclmul_extend<Crc64NvmePoly, true>(value, data, size);
}
std::uint64_t extend_crc64xz_vpclmul_avx2(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pclmul_extend<Crc64XzPoly, true>(value, data, size);
}

}  // namespace hashscope::crc
