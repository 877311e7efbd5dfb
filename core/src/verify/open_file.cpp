#include "verify/open_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "verify/file_type.hpp"

namespace hashscope::verify {

Descriptor::~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
}

Descriptor& Descriptor::operator=(Descriptor&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        other.fd_ = -1;
    }
    return *this;
}

bool same_version(const struct stat& a, const struct stat& b) {
    return a.st_size == b.st_size && a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec;
}

bool open_for_hashing(const std::filesystem::path& path, OpenedFile& out, OpenError& error) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; cleared again below for regular files.
    constexpr int kFlags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;
    // O_NOATIME keeps a verification pass from rewriting every inode's access time, but the kernel
    // allows it only to the file's owner (EPERM otherwise): then open without it.
    int fd = ::open(path.c_str(), kFlags | O_NOATIME);
    if (fd < 0 && errno == EPERM) fd = ::open(path.c_str(), kFlags);
    if (fd < 0) {
        error = {OpenFailure::unreadable, std::strerror(errno)};
        return false;
    }
    out.fd = Descriptor(fd);
    if (::fstat(fd, &out.before) != 0) {
        error = {OpenFailure::unreadable, std::strerror(errno)};
        return false;
    }
    if (!S_ISREG(out.before.st_mode)) {
        error = {OpenFailure::not_regular, "not a regular file: " + file_type_name(out.before.st_mode)};
        return false;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    // Read-ahead matters for large files only; a small one is read in a call or two.
    constexpr off_t kReadAheadWorthIt = off_t{1} << 20;
    if (out.before.st_size > kReadAheadWorthIt) ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    return true;
}

}  // namespace hashscope::verify
