// Registry factories for the byte-at-a-time table CRCs.
#include "algorithms/crc/crc_table.hpp"
#include "algorithms/factories.hpp"
#include "algorithms/value_hasher.hpp"

namespace hashscope::detail {

HasherPtr make_crc32_table() { return make_value_hasher<std::uint32_t, crc::crc32_table_extend>("crc32"); }
HasherPtr make_crc32c_table() { return make_value_hasher<std::uint32_t, crc::crc32c_table_extend>("crc32c"); }
HasherPtr make_crc64nvme_table() { return make_value_hasher<std::uint64_t, crc::crc64nvme_table_extend>("crc64nvme"); }
HasherPtr make_crc64xz_table() { return make_value_hasher<std::uint64_t, crc::crc64xz_table_extend>("crc64xz"); }

}  // namespace hashscope::detail
