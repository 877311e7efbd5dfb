// Registry kernels for the byte-at-a-time table CRCs.
#include "algorithms/crc/crc_table.hpp"

namespace hashscope::crc {

std::uint64_t extend_crc32_table(std::uint64_t v, const std::byte* p, std::size_t n) {
    return crc32_table_extend(static_cast<std::uint32_t>(v), p, n);
}
std::uint64_t extend_crc32c_table(std::uint64_t v, const std::byte* p, std::size_t n) {
    return crc32c_table_extend(static_cast<std::uint32_t>(v), p, n);
}
std::uint64_t extend_crc64nvme_table(std::uint64_t v, const std::byte* p, std::size_t n) {
    return crc64nvme_table_extend(v, p, n);
}
std::uint64_t extend_crc64xz_table(std::uint64_t v, const std::byte* p, std::size_t n) {
    return crc64xz_table_extend(v, p, n);
}

}  // namespace hashscope::crc
