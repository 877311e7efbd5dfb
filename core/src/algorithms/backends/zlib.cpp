// zlib's crc32 and adler32, through the size_t entry points (crc32_z, adler32_z) so that inputs
// over 4 GiB need no splitting.
#include <zlib.h>

#include "algorithms/backends/backends.hpp"

namespace hashscope::detail {

std::uint64_t extend_zlib_crc32(std::uint64_t v, const std::byte* p, std::size_t n) {
    return crc32_z(static_cast<uLong>(v), reinterpret_cast<const Bytef*>(p), n);
}
std::uint64_t extend_zlib_adler32(std::uint64_t v, const std::byte* p, std::size_t n) {
    return adler32_z(static_cast<uLong>(v), reinterpret_cast<const Bytef*>(p), n);
}

}  // namespace hashscope::detail
