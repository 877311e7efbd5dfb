// For the tests of mapped reading: a file to map, and which of its pages this process's page table
// maps now (/proc/self/pagemap).
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "hashscope/cpu.hpp"

namespace hashscope::verify::testing_pages {

// `size` bytes of a fixed pattern in the temporary folder, open read-only (fd() < 0 if it could
// not be), removed at the end.
class PatternedFile {
public:
    PatternedFile(const std::string& name, std::size_t size)
        : path_(std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()))) {
        std::vector<char> data(size);
        for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<char>((i * 2654435761U) >> 13U);
        std::ofstream(path_, std::ios::binary).write(data.data(), static_cast<std::streamsize>(data.size()));
        fd_ = ::open(path_.c_str(), O_RDONLY);
    }
    PatternedFile(const PatternedFile&) = delete;
    PatternedFile& operator=(const PatternedFile&) = delete;
    ~PatternedFile() {
        if (fd_ >= 0) ::close(fd_);
        std::error_code ignored;
        std::filesystem::remove(path_, ignored);
    }

    [[nodiscard]] int fd() const { return fd_; }
    [[nodiscard]] const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
    int fd_ = -1;
};

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
