#include "verify/page_cache.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>

namespace hashscope::verify {

bool looks_resident(std::span<const std::byte> mapped, std::uint64_t samples) {
    if (mapped.empty()) return true;
    const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const auto first = reinterpret_cast<std::uintptr_t>(mapped.data()) / page;
    const auto pages =
        std::uint64_t{(reinterpret_cast<std::uintptr_t>(mapped.data()) + mapped.size() - 1) / page - first + 1};
    const std::uint64_t count = std::min(samples, pages);
    for (std::uint64_t i = 0; i < count; ++i) {
        // Spread from the first page to the last, both included.
        const std::uint64_t index = count == 1 ? 0 : i * (pages - 1) / (count - 1);
        unsigned char in_core = 0;
        auto* address = reinterpret_cast<void*>((first + index) * page);
        if (::mincore(address, page, &in_core) != 0 || (in_core & 1U) == 0) return false;
    }
    return true;
}

bool looks_cached(int fd, std::uint64_t size) {
    if (size == 0) return true;
    void* map = ::mmap(nullptr, static_cast<std::size_t>(size), PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) return false;
    const bool resident = looks_resident({static_cast<const std::byte*>(map), static_cast<std::size_t>(size)}, 64);
    ::munmap(map, static_cast<std::size_t>(size));
    return resident;
}

}  // namespace hashscope::verify
