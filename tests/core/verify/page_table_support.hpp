// Which pages of a mapping this process's page table maps now (/proc/self/pagemap): what the
// tests of mapped reading check.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "hashscope/cpu.hpp"

namespace hashscope::verify::testing_pages {

inline std::size_t page_size() { return static_cast<std::size_t>(::sysconf(_SC_PAGESIZE)); }

// Whether the page at `address` is mapped in this process's page table (bit 63 of its entry), or
// nothing when that file cannot say.
inline std::optional<bool> page_present(const void* address) {
    const int fd = ::open("/proc/self/pagemap", O_RDONLY);
    if (fd < 0) return std::nullopt;
    std::uint64_t entry = 0;
    const auto offset = static_cast<off_t>(reinterpret_cast<std::uintptr_t>(address) / page_size() * sizeof entry);
    const bool read = ::pread(fd, &entry, sizeof entry, offset) == static_cast<ssize_t>(sizeof entry);
    ::close(fd);
    if (!read) return std::nullopt;
    return (entry >> 63U) != 0;
}

// How many pages of `bytes` are mapped, or nothing when /proc/self/pagemap cannot tell (under a
// user-mode emulator it describes the emulator's addresses, not the program's).
inline std::optional<std::size_t> mapped_pages(std::span<const std::byte> bytes) {
    static std::vector<char> written(page_size(), 1);
    if (!host_cpu().emulation.empty() || page_present(written.data()) != std::optional<bool>(true)) return std::nullopt;
    std::size_t count = 0;
    for (std::size_t at = 0; at < bytes.size(); at += page_size()) {
        if (page_present(bytes.data() + at) == std::optional<bool>(true)) ++count;
    }
    return count;
}

}  // namespace hashscope::verify::testing_pages
