#include "verify/piece_reader.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "verify/aligned_buffer.hpp"
#include "verify/helper_threads.hpp"
#include "verify/mapped_file.hpp"

namespace hashscope::verify {
namespace {

// The caller's steps while its helpers may still need moving (HelperThreads::settle), so that it
// settles them soon after the 200 µs: 64 KiB is 13 µs of BLAKE3 on one Zen 4 core.
constexpr std::size_t kSettlingStep = std::size_t{64} << 10;

class PieceReader {
public:
    PieceReader(int fd, PreadFn pread_fn, const std::byte* mapped, std::uint64_t size, std::uint64_t piece_size,
                std::span<SplitDigest* const> splits, std::size_t block_size, const ProgressFn& progress)
        : fd_(fd),
          pread_(pread_fn),
          mapped_(mapped),
          size_(size),
          piece_size_(piece_size),
          splits_(splits),
          block_size_(block_size),
          progress_(progress),
          pieces_(static_cast<std::size_t>((size + piece_size - 1) / piece_size)) {}

    // Hashes pieces until none is left. The caller passes its helpers, to settle between blocks.
    void work(const std::stop_token& stop, HelperThreads* helpers = nullptr) {
        AlignedBuffer buffer;  // a mapped file needs none
        if (mapped_ == nullptr) {
            buffer = AlignedBuffer(block_size_);
            if (!buffer.ok()) return fail(ReadOutcome::End::failed, "out of memory");
        }
        const std::size_t step = mapped_ == nullptr ? block_size_ : std::max(block_size_, kMappedStep);
        for (std::size_t piece; (piece = next_piece_.fetch_add(1)) < pieces_;) {
            const std::uint64_t begin = piece * piece_size_;
            const std::uint64_t end = std::min(size_, begin + piece_size_);
            for (std::uint64_t offset = begin; offset < end;) {
                if (stop.stop_requested()) return fail(ReadOutcome::End::cancelled, {});
                if (halted_.load(std::memory_order_relaxed)) return;
                const std::size_t now =
                    helpers != nullptr && !helpers->settled() ? std::min(step, kSettlingStep) : step;
                const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(now, end - offset));
                const std::size_t n = hash_block(piece, offset, want, buffer);
                if (n == 0) return;
                offset += n;
                report(n);
                if (helpers != nullptr) helpers->settle();
            }
        }
    }

    ReadOutcome outcome() {
        const std::lock_guard lock(mutex_);
        ReadOutcome r = outcome_;
        r.bytes = done_.load();
        return r;
    }

private:
    // Up to `want` bytes of `piece` at `offset` into every split: from the mapping, or read into
    // `buffer`. Returns how many, or 0 once it has failed the read.
    std::size_t hash_block(std::size_t piece, std::uint64_t offset, std::size_t want, const AlignedBuffer& buffer) {
        if (mapped_ != nullptr) {
            const std::span<const std::byte> block(mapped_ + offset, want);
            if (!read_mapped(block, [&] {
                    for (auto* split : splits_) split->piece(piece).update(block);
                })) {
                const auto why = mapped_read_failure(fd_, offset + want, 0);
                fail(why.end, why.error);
                return 0;
            }
            release_mapped(block);
            return want;
        }
        ssize_t n;
        do {
            n = pread_(fd_, buffer.data(), want, static_cast<off_t>(offset));
        } while (n < 0 && errno == EINTR);
        if (n <= 0) {
            fail(n < 0 ? ReadOutcome::End::failed : ReadOutcome::End::short_read,
                 n < 0 ? std::string("read error: ") + std::strerror(errno) : std::string());
            return 0;
        }
        const std::span<const std::byte> block(buffer.data(), static_cast<std::size_t>(n));
        for (auto* split : splits_) split->piece(piece).update(block);
        return static_cast<std::size_t>(n);
    }

    void report(std::uint64_t bytes) {
        const auto done = done_.fetch_add(bytes) + bytes;
        if (!progress_) return;
        const std::lock_guard lock(mutex_);
        // Threads finish blocks out of order: report a running maximum, never a step back.
        if (done > reported_) {
            reported_ = done;
            progress_(done, size_);
        }
    }

    void fail(ReadOutcome::End end, std::string error) {
        const std::lock_guard lock(mutex_);
        if (!halted_.exchange(true)) outcome_ = {end, std::move(error), 0};
    }

    int fd_;
    PreadFn pread_;
    const std::byte* mapped_;
    std::uint64_t size_;
    std::uint64_t piece_size_;
    std::span<SplitDigest* const> splits_;
    std::size_t block_size_;
    const ProgressFn& progress_;
    std::size_t pieces_;

    std::atomic<std::size_t> next_piece_{0};
    std::atomic<std::uint64_t> done_{0};
    std::atomic<bool> halted_{false};
    std::mutex mutex_;  // outcome_, reported_, and calls of progress_
    std::uint64_t reported_ = 0;
    ReadOutcome outcome_;
};

// A spinning thread's hint to the core: a slower loop that leaves more to its sibling thread.
inline void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

// Waits, awake, for the other threads to finish the pieces they took last, which takes a
// millisecond or so. Asleep in join() instead, this thread's core may halt, and a halted virtual
// CPU took 2 ms (median) to wake on the Intel Xeon guest of docs/performance.md, where hashing
// 256 MiB takes 22. Past the limit (a thread stalled on a slow page-in), join() sleeps.
void wait_briefly_for_zero(const std::atomic<unsigned>& working) {
    const auto limit = std::chrono::steady_clock::now() + std::chrono::milliseconds(5);
    while (working.load(std::memory_order_acquire) != 0) {
        for (int i = 0; i < 64; ++i) spin_pause();
        if (std::chrono::steady_clock::now() > limit) return;
    }
}

}  // namespace

ReadOutcome run_piece_reader(int fd, PreadFn pread_fn, const std::byte* mapped, std::uint64_t size,
                             std::uint64_t piece_size, std::span<SplitDigest* const> splits, unsigned threads,
                             std::size_t block_size, const ProgressFn& progress, const std::stop_token& stop) {
    PieceReader reader(fd, pread_fn, mapped, size, piece_size, splits, block_size, progress);
    {
        std::atomic<unsigned> working{threads};
        HelperThreads helpers(threads - 1, [&] {
            reader.work(stop);
            working.fetch_sub(1, std::memory_order_release);
        });
        reader.work(stop, &helpers);
        working.fetch_sub(1, std::memory_order_release);
        wait_briefly_for_zero(working);
    }
    return reader.outcome();
}

}  // namespace hashscope::verify
