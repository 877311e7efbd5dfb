// The PCLMULQDQ folding kernels (SSE4.2 + PCLMULQDQ), instantiated from crc_pclmul_kernel.hpp.
// Compiled with -msse4.2 -mpclmul.
#include "algorithms/crc/crc_pclmul.hpp"

#include "algorithms/crc/crc_pclmul_kernel.hpp"

namespace hashscope::crc {

std::uint64_t extend_crc32_pclmul(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pclmul_extend<Crc32Poly, false>(value, data, size);
}
std::uint64_t extend_crc32c_pclmul(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pclmul_extend<Crc32cPoly, false>(value, data, size);
}
std::uint64_t extend_crc64nvme_pclmul(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pclmul_extend<Crc64NvmePoly, false>(value, data, size);
}
std::uint64_t extend_crc64xz_pclmul(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pclmul_extend<Crc64XzPoly, false>(value, data, size);
}

}  // namespace hashscope::crc
