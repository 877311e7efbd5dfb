#include "hashscope/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace hashscope {

Result<bool> write_file_atomically(const std::filesystem::path& path, std::string_view content) {
    const auto folder = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    std::string temp = (folder / ("." + path.filename().string() + ".XXXXXX")).string();
    const int fd = ::mkstemp(temp.data());
    if (fd < 0) return Error{"cannot write in " + folder.string() + ": " + std::strerror(errno)};
    auto fail = [&](const char* what) {
        const std::string reason = std::strerror(errno);
        ::close(fd);
        ::unlink(temp.c_str());
        return Error{std::string("cannot ") + what + " " + path.string() + ": " + reason};
    };
    for (std::size_t written = 0; written < content.size();) {
        const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return fail("write");
        written += static_cast<std::size_t>(n);
    }
    ::fchmod(fd, 0644);  // mkstemp makes 0600; a results file is for sharing
    if (::fsync(fd) != 0) return fail("flush");
    if (::close(fd) != 0) {
        ::unlink(temp.c_str());
        return Error{"cannot write " + path.string() + ": " + std::strerror(errno)};
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(temp.c_str());
        return Error{"cannot replace " + path.string() + ": " + reason};
    }
    return true;
}

}  // namespace hashscope
