// zlib's crc32 and adler32, through the size_t entry points (crc32_z, adler32_z) so that inputs
// over 4 GiB need no splitting.
#include <zlib.h>

#include "algorithms/factories.hpp"
#include "algorithms/value_hasher.hpp"

namespace hashscope::detail {
namespace {

std::uint32_t zlib_crc32(std::uint32_t crc, const std::byte* p, std::size_t n) {
    return static_cast<std::uint32_t>(crc32_z(crc, reinterpret_cast<const Bytef*>(p), n));
}
std::uint32_t zlib_adler32(std::uint32_t adler, const std::byte* p, std::size_t n) {
    return static_cast<std::uint32_t>(adler32_z(adler, reinterpret_cast<const Bytef*>(p), n));
}

}  // namespace

HasherPtr make_zlib_crc32() { return make_value_hasher<std::uint32_t, zlib_crc32>("crc32"); }
HasherPtr make_zlib_adler32() { return make_value_hasher<std::uint32_t, zlib_adler32, 1U>("adler32"); }

}  // namespace hashscope::detail
