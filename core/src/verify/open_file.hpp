// Opening a file to read it for hashing: read-only, never blocking on a FIFO, without touching
// its access time where the kernel lets us, and describing what it is when it is no regular file.
#pragma once

#include <sys/stat.h>

#include <filesystem>
#include <string>

#include "hashscope/result.hpp"

namespace hashscope::verify {

// An open descriptor, closed when it goes out of scope.
class Descriptor {
public:
    Descriptor() = default;
    explicit Descriptor(int fd) : fd_(fd) {}
    ~Descriptor();
    Descriptor(Descriptor&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
    Descriptor& operator=(Descriptor&& other) noexcept;
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    [[nodiscard]] int get() const { return fd_; }

private:
    int fd_ = -1;
};

// What an open, regular file looked like when it was opened.
struct OpenedFile {
    Descriptor fd;
    struct stat before {};
};

enum class OpenFailure { unreadable, not_regular };

struct OpenError {
    OpenFailure kind = OpenFailure::unreadable;
    std::string message;  // strerror, or "not a regular file: a FIFO (named pipe)"
};

// Opens `path` read-only with O_NOATIME when permitted. Anything but a regular file is refused
// without reading from it (a FIFO is opened non-blocking, so no writer is waited for).
// On success the descriptor is blocking again and read-ahead is hinted sequential.
bool open_for_hashing(const std::filesystem::path& path, OpenedFile& out, OpenError& error);

// Same size and modification time: the file was not changed between the two looks.
bool same_version(const struct stat& a, const struct stat& b);

}  // namespace hashscope::verify
