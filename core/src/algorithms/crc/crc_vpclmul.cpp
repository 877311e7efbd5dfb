// The VPCLMULQDQ folding kernel (crc_vpclmul_kernel.hpp) for the CRCs that fold only: crc32 and
// the CRC-64s (crc32c, which adds CRC32-instruction loops, is in crc32c_vpclmul.cpp).
// Compiled with -mavx512f -mavx512bw -mavx512vl -mvpclmulqdq -mpclmul -msse4.2.
#include "algorithms/crc/crc_vpclmul.hpp"
#include "algorithms/crc/crc_vpclmul_kernel.hpp"

namespace hashscope::crc {

std::uint64_t extend_crc32_vpclmul(std::uint64_t value, const std::byte* data, std::size_t size) {
    return vpclmul_extend<Crc32Poly>(value, data, size);
}
std::uint64_t extend_crc64nvme_vpclmul(std::uint64_t value, const std::byte* data, std::size_t size) {
    return vpclmul_extend<Crc64NvmePoly>(value, data, size);
}
std::uint64_t extend_crc64xz_vpclmul(std::uint64_t value, const std::byte* data, std::size_t size) {
    return vpclmul_extend<Crc64XzPoly>(value, data, size);
}

}  // namespace hashscope::crc
