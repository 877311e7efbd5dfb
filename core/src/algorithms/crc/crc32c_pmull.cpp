// crc32c's PMULL kernel (crc_pmull_kernel.hpp): PMULL folding with the CRC32C instructions for
// short inputs, the final reduction and three scalar streams beside the vector loop. Compiled with
// -march=armv8-a+crc+crypto: it needs both PMULL and CRC32.
#include "algorithms/crc/crc_pmull.hpp"
#include "algorithms/crc/crc_pmull_kernel.hpp"

namespace hashscope::crc {

std::uint64_t extend_crc32c_pmull(std::uint64_t value, const std::byte* data, std::size_t size) {
    return pmull_extend<Crc32cPoly>(value, data, size);
}

}  // namespace hashscope::crc
