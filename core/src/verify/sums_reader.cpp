// Reading checksum files: the bytes of a file (or standard input) cut into lines for SumsParser
// (sums_line_parser.cpp), refusing what cannot be a checksum file.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "hashscope/verify/sums_file.hpp"
#include "verify/file_type.hpp"

namespace hashscope::verify {
namespace {

// Read whole, a checksum file is held in memory (entries and names): beyond this it is refused.
// Streamed in batches it has no size limit: a manifest of tens of millions of lines is ordinary.
constexpr std::uint64_t kMaxWholeSumsFileSize = std::uint64_t{1} << 30;
// No checksum line is longer (a name is at most PATH_MAX bytes, twice that escaped): a longer
// line is unusable, and is skipped without being held, so a file with no newline in gigabytes
// costs no memory.
constexpr std::size_t kMaxLineLength = std::size_t{64} << 10;

class Descriptor {
public:
    Descriptor(int fd, bool owned) : fd_(fd), owned_(owned) {}
    ~Descriptor() {
        if (owned_ && fd_ >= 0) ::close(fd_);
    }
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    [[nodiscard]] int get() const { return fd_; }

private:
    int fd_;
    bool owned_;
};

Result<bool> read_in_batches(const std::filesystem::path& path, const SumsReadOptions& options,
                             std::size_t batch_entries, std::uint64_t max_size,
                             const std::function<void(SumsFile&)>& on_batch) {
    const bool standard_input = path == "-";
    SumsReadOptions effective = options;
    if (effective.file_name.empty() && !standard_input) effective.file_name = path.filename().string();

    // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it.
    Descriptor fd(standard_input ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK),
                  !standard_input);
    if (fd.get() < 0) return Error{std::strerror(errno)};
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) return Error{std::strerror(errno)};
    if (!standard_input) {
        if (!S_ISREG(st.st_mode)) return Error{"not a regular file: " + file_type_name(st.st_mode)};
        if (static_cast<std::uint64_t>(st.st_size) > max_size) {
            return Error{"larger than 1 GiB: too large for a checksum file read whole"};
        }
        ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) & ~O_NONBLOCK);
    }

    SumsParser parser(effective);
    SumsFile out;
    // Hands over what has gathered once a batch is full (or at the end), then starts afresh.
    auto deliver = [&](bool at_end) {
        if (!at_end && out.entries.size() < batch_entries && out.diagnostics.size() < batch_entries) return;
        on_batch(out);  // which may move from it
        const bool pgp_signed = out.pgp_signed;
        out = SumsFile{};
        out.pgp_signed = pgp_signed;
    };
    std::string carry;      // the start of a line that continues in the next block
    bool overlong = false;  // the line being read is longer than kMaxLineLength: not kept
    std::vector<char> buffer(std::size_t{64} << 10);
    std::uint64_t total = 0;
    for (;;) {
        const ssize_t n = ::read(fd.get(), buffer.data(), buffer.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return Error{std::string("read error: ") + std::strerror(errno)};
        }
        if (n == 0) break;
        // A NUL byte makes its line unusable, not the file: coreutils reads on, and so a file of
        // binary data ends in "no properly formatted checksum lines found".
        std::string_view block(buffer.data(), static_cast<std::size_t>(n));
        total += static_cast<std::uint64_t>(n);
        if (total > max_size) return Error{"larger than 1 GiB: too large for a checksum file read whole"};
        for (auto end = block.find('\n'); end != std::string_view::npos; end = block.find('\n')) {
            if (overlong || carry.size() + end > kMaxLineLength) {
                parser.feed_unusable("longer than 64 KiB, too long for a checksum line", out);
            } else if (carry.empty()) {
                parser.feed(block.substr(0, end), out);
            } else {
                carry.append(block.substr(0, end));
                parser.feed(carry, out);
            }
            carry.clear();
            overlong = false;
            block.remove_prefix(end + 1);
            deliver(false);
        }
        if (overlong || carry.size() + block.size() > kMaxLineLength) {
            carry.clear();
            carry.shrink_to_fit();
            overlong = true;
        } else {
            carry.append(block);
        }
    }
    if (overlong) {
        parser.feed_unusable("longer than 64 KiB, too long for a checksum line", out);
    } else if (!carry.empty()) {
        parser.feed(carry, out);
    }
    parser.finish(out);
    deliver(true);
    return true;
}

}  // namespace

Result<bool> read_sums_file_in_batches(const std::filesystem::path& path, const SumsReadOptions& options,
                                       std::size_t batch_entries, const std::function<void(SumsFile&)>& on_batch) {
    return read_in_batches(path, options, batch_entries, std::numeric_limits<std::uint64_t>::max(), on_batch);
}

Result<SumsFile> read_sums_file(const std::filesystem::path& path, const SumsReadOptions& options) {
    SumsFile all;
    auto read = read_in_batches(path, options, std::numeric_limits<std::size_t>::max(), kMaxWholeSumsFileSize,
                                [&](SumsFile& batch) { all = std::move(batch); });
    if (!read) return read.error();
    return all;
}

}  // namespace hashscope::verify
