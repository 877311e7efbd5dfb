// libdeflate's crc32 and adler32 (its own runtime CPU dispatch picks PCLMUL/AVX2 paths).
#include <libdeflate.h>

#include "algorithms/backends/backends.hpp"

namespace hashscope::detail {

std::uint64_t extend_libdeflate_crc32(std::uint64_t v, const std::byte* p, std::size_t n) {
    return libdeflate_crc32(static_cast<std::uint32_t>(v), p, n);
}
std::uint64_t extend_libdeflate_adler32(std::uint64_t v, const std::byte* p, std::size_t n) {
    return libdeflate_adler32(static_cast<std::uint32_t>(v), p, n);
}

}  // namespace hashscope::detail
