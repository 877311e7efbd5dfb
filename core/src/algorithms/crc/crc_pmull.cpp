// PMULL folding kernels of CRC-32, CRC-64/NVME and CRC-64/XZ (crc_pmull_kernel.hpp). Compiled with
// -march=armv8-a+crypto only: these three need PMULL and nothing more, not even the CRC32
// instructions (crc32c, which uses them, has its own file).
#include "algorithms/crc/crc_pmull.hpp"

#include "algorithms/crc/crc_pmull_kernel.hpp"

namespace hashscope::crc {

std::uint64_t extend_crc32_pmull(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pmull_extend<Crc32Poly>(value, data, size);
}
std::uint64_t extend_crc64nvme_pmull(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pmull_extend<Crc64NvmePoly>(value, data, size);
}
std::uint64_t extend_crc64xz_pmull(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pmull_extend<Crc64XzPoly>(value, data, size);
}

}  // namespace hashscope::crc
