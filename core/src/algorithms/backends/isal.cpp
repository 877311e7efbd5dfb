// Intel ISA-L CRCs (its own runtime dispatch picks SSE4.2 / PCLMUL / AVX-512 code).
// The entry points disagree on conventions; each wrapper maps them to "finished CRC in, finished
// CRC out" so that extend(0, a) is crc(a).
#include <isa-l/crc.h>
#include <isa-l/crc64.h>

#include <algorithm>
#include <climits>

#include "algorithms/backends/backends.hpp"
#include "algorithms/vector_state.hpp"

namespace hashscope::detail {

// Each wrapper clears the vector state ISA-L leaves dirty (see vector_state.hpp), so whatever the
// thread hashes next (SHA-256 after CRC32C in one read) runs at full speed.

// crc32_gzip_refl inverts on entry and exit itself.
std::uint64_t extend_isal_crc32(std::uint64_t crc, const std::byte* p, std::size_t n) {
    const auto result = crc32_gzip_refl(static_cast<std::uint32_t>(crc), reinterpret_cast<const unsigned char*>(p), n);
    clear_upper_vector_state();
    return result;
}

// crc32_iscsi neither inverts nor takes more than INT_MAX bytes, and wants a non-const pointer
// (it does not write through it).
std::uint64_t extend_isal_crc32c(std::uint64_t crc, const std::byte* p, std::size_t n) {
    auto* bytes = const_cast<unsigned char*>(reinterpret_cast<const unsigned char*>(p));
    std::uint32_t state = ~static_cast<std::uint32_t>(crc);
    while (n > 0) {
        const std::size_t piece = std::min<std::size_t>(n, static_cast<std::size_t>(INT_MAX) & ~std::size_t{63});
        state = crc32_iscsi(bytes, static_cast<int>(piece), state);
        bytes += piece;
        n -= piece;
    }
    clear_upper_vector_state();
    return ~state;
}

// crc64_ecma_refl inverts on entry and exit itself: it is CRC-64/XZ.
std::uint64_t extend_isal_crc64xz(std::uint64_t crc, const std::byte* p, std::size_t n) {
    const auto result = crc64_ecma_refl(crc, reinterpret_cast<const unsigned char*>(p), n);
    clear_upper_vector_state();
    return result;
}

}  // namespace hashscope::detail
