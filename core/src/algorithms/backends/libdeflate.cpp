// libdeflate's crc32 and adler32 (its own runtime CPU dispatch picks PCLMUL/AVX2 paths).
#include <libdeflate.h>

#include "algorithms/factories.hpp"
#include "algorithms/value_hasher.hpp"

namespace hashscope::detail {
namespace {

std::uint32_t deflate_crc32(std::uint32_t crc, const std::byte* p, std::size_t n) { return libdeflate_crc32(crc, p, n); }
std::uint32_t deflate_adler32(std::uint32_t adler, const std::byte* p, std::size_t n) {
    return libdeflate_adler32(adler, p, n);
}

}  // namespace

HasherPtr make_libdeflate_crc32() { return make_value_hasher<std::uint32_t, deflate_crc32>("crc32"); }
HasherPtr make_libdeflate_adler32() { return make_value_hasher<std::uint32_t, deflate_adler32, 1U>("adler32"); }

}  // namespace hashscope::detail
