#include "verify/map_ahead_thread.hpp"

#include <sys/mman.h>

#include <algorithm>

#include "verify/mapped_file.hpp"

namespace hashscope::verify {
namespace {

// Mapped ahead of the hash: the window it reads and the next, so that the next is ready when it
// gets there even if this thread is late to run.
constexpr std::size_t kWindowsAhead = 2;
// Mapped per system call: a stop waits for at most one such call (a slow disk's reads included).
constexpr std::size_t kPopulateChunk = std::size_t{1} << 20;

}  // namespace

MapAheadThread::MapAheadThread(std::span<const std::byte> bytes, std::size_t step)
    : bytes_(bytes), step_(step), thread_(1, [this] { run(); }) {}

MapAheadThread::~MapAheadThread() {
    passed_.store(kStop);
    passed_.notify_one();
}

void MapAheadThread::passed(std::size_t offset) {
    passed_.store(offset);
    passed_.notify_one();
}

bool MapAheadThread::populate(std::size_t from, std::size_t to) const {
    // (const_cast: madvise() takes a void*; populating only reads the mapping.)
    auto* start = const_cast<std::byte*>(bytes_.data()) + from;
    return ::madvise(start, to - from, MADV_POPULATE_READ) == 0;
}

void MapAheadThread::run() {
    std::size_t released = 0;  // windows before this are unmapped
    std::size_t mapped = 0;    // pages before this were mapped (or passed)
    bool mapping = true;
    for (;;) {
        const std::uint64_t seen = passed_.load();
        if (seen == kStop) return;
        const auto hashed = static_cast<std::size_t>(seen);
        while (released + step_ <= hashed) {
            release_mapped(bytes_.subspan(released, step_));
            released += step_;
        }
        mapped = std::max(mapped, hashed);
        const std::size_t target = std::min(bytes_.size(), hashed + kWindowsAhead * step_);
        if (mapping && mapped < target) {
            const std::size_t to = std::min(target, mapped + kPopulateChunk);
            mapping = populate(mapped, to);
            mapped = to;
            continue;
        }
        passed_.wait(seen);
    }
}

}  // namespace hashscope::verify
