#include "verify/page_cache.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>

namespace hashscope::verify {

bool looks_cached(int fd, std::uint64_t size) {
    if (size == 0) return true;
    constexpr std::uint64_t kSamples = 64;
    const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    void* map = ::mmap(nullptr, static_cast<std::size_t>(size), PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) return false;
    const std::uint64_t pages = (size + page - 1) / page;
    bool resident = true;
    for (std::uint64_t i = 0; i < kSamples && resident; ++i) {
        const std::uint64_t index = std::min(pages - 1, i * pages / kSamples);
        unsigned char in_core = 0;
        auto* address = static_cast<std::byte*>(map) + index * page;
        resident = ::mincore(address, static_cast<std::size_t>(page), &in_core) == 0 && (in_core & 1U) != 0;
    }
    ::munmap(map, static_cast<std::size_t>(size));
    return resident;
}

}  // namespace hashscope::verify
