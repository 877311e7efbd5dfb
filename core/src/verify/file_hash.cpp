#include "hashscope/file_hash.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "verify/open_file.hpp"

namespace hashscope {
namespace {

// Large enough that per-block overhead vanishes, small enough to stay in L2 while every hasher
// reads it. 64-byte aligned for the vector kernels.
constexpr std::size_t kBlockSize = std::size_t{1} << 20;

struct FreeDeleter {
    void operator()(void* p) const { std::free(p); }
};

FileHashResult failure(FileStatus status, std::string message, std::uint64_t bytes = 0) {
    FileHashResult r;
    r.status = status;
    r.message = std::move(message);
    r.bytes = bytes;
    return r;
}

// Reads fd to its end, feeding every hasher. `expected` is the size hint for progress.
FileHashResult read_all(int fd, std::uint64_t expected, std::span<Hasher* const> hashers, const ProgressFn& progress,
                        const std::stop_token& stop) {
    std::unique_ptr<std::byte, FreeDeleter> buffer(static_cast<std::byte*>(std::aligned_alloc(64, kBlockSize)));
    if (!buffer) return failure(FileStatus::unreadable, "out of memory");
    for (auto* h : hashers) h->reset();

    std::uint64_t done = 0;
    for (;;) {
        if (stop.stop_requested()) return failure(FileStatus::cancelled, "cancelled", done);
        const ssize_t n = ::read(fd, buffer.get(), kBlockSize);
        if (n < 0) {
            if (errno == EINTR) continue;
            return failure(FileStatus::unreadable, std::string("read error: ") + std::strerror(errno), done);
        }
        if (n == 0) break;
        const std::span<const std::byte> block(buffer.get(), static_cast<std::size_t>(n));
        for (auto* h : hashers) h->update(block);
        done += static_cast<std::uint64_t>(n);
        if (progress) progress(done, expected);
    }
    FileHashResult result;
    result.bytes = done;
    result.digests.reserve(hashers.size());
    for (auto* h : hashers) result.digests.push_back(h->finish());
    return result;
}

}  // namespace

FileHashResult hash_file(const std::filesystem::path& path, std::span<Hasher* const> hashers,
                         const ProgressFn& progress, std::stop_token stop) {
    verify::OpenedFile file;
    verify::OpenError error;
    if (!verify::open_for_hashing(path, file, error)) {
        return failure(
            error.kind == verify::OpenFailure::not_regular ? FileStatus::not_regular : FileStatus::unreadable,
            error.message);
    }
    const auto& before = file.before;
    auto result = read_all(file.fd.get(), static_cast<std::uint64_t>(before.st_size), hashers, progress, stop);
    if (result.status != FileStatus::ok) return result;

    struct stat after {};
    if (::fstat(file.fd.get(), &after) != 0 || !verify::same_version(before, after) ||
        result.bytes != static_cast<std::uint64_t>(before.st_size)) {
        return failure(FileStatus::changed, "the file changed while it was read", result.bytes);
    }
    return result;
}

FileHashResult hash_descriptor(int fd, std::span<Hasher* const> hashers, const ProgressFn& progress,
                               std::stop_token stop) {
    return read_all(fd, 0, hashers, progress, stop);
}

}  // namespace hashscope
