// hash_file() is the FileDigester's serial read over the caller's hashers, so that it makes the
// same checks (a file changed, grown, shrunk or deleted while read is never reported as read).
#include "hashscope/file_hash.hpp"

#include <utility>

#include "verify/digest_hooks.hpp"

namespace hashscope {
namespace {

template <class Read>
FileHashResult with_serial_digester(std::span<Hasher* const> hashers, Read&& read) {
    const auto digester = verify::DigesterInternals::serial(hashers);
    if (!digester) {
        FileHashResult result;
        result.status = FileStatus::unreadable;
        result.message = "out of memory";
        return result;
    }
    return std::forward<Read>(read)(*digester);
}

}  // namespace

FileHashResult hash_file(const std::filesystem::path& path, std::span<Hasher* const> hashers,
                         const ProgressFn& progress, std::stop_token stop) {
    return with_serial_digester(
        hashers, [&](verify::FileDigester& digester) { return digester.digest(path, progress, std::move(stop)); });
}

FileHashResult hash_descriptor(int fd, std::span<Hasher* const> hashers, const ProgressFn& progress,
                               std::stop_token stop) {
    return with_serial_digester(hashers, [&](verify::FileDigester& digester) {
        return digester.digest_descriptor(fd, progress, std::move(stop));
    });
}

}  // namespace hashscope
