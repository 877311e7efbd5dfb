#include "verify/block_pipeline.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "verify/aligned_buffer.hpp"

namespace hashscope::verify {
namespace {

// Blocks in flight: the reader may run this far ahead of the slowest lane. Enough to hide a read
// behind a hash and to let lanes of different speeds drift apart a little without stalling.
constexpr std::size_t kSlotsPerLane = 2;
constexpr std::size_t kMinSlots = 4;

class Pipeline {
public:
    Pipeline(std::span<Hasher* const> hashers, std::size_t block_size, std::uint64_t expected,
             const ProgressFn& progress)
        : expected_(expected), progress_(progress) {
        for (auto* hasher : hashers) lanes_.push_back({hasher});
        slots_.resize(std::max(kMinSlots, kSlotsPerLane * hashers.size()));
        for (auto& slot : slots_) slot.buffer = AlignedBuffer(block_size);
        free_slots_ = slots_.size();
    }

    [[nodiscard]] bool allocated() const {
        return std::all_of(slots_.begin(), slots_.end(), [](const Slot& s) { return s.buffer.ok(); });
    }

    void read_loop(int fd, PreadFn pread_fn, const std::stop_token& stop) {
        off_t offset = 0;
        for (std::uint64_t seq = 0;; ++seq) {
            Slot& slot = slots_[seq % slots_.size()];
            {
                std::unique_lock lock(mutex_);
                if (slot.pending != 0) {
                    // Full: sleep until half the slots are free, not one (slots free in ring order).
                    reader_wakeup_.wait(
                        lock, [&] { return (slot.pending == 0 && free_slots_ >= refill_batch()) || halted_; });
                }
                if (halted_) return;
                --free_slots_;
            }
            if (stop.stop_requested()) return halt(ReadOutcome::End::cancelled, {});
            // The slot is free: no worker looks at it until it is published below.
            ssize_t n;
            do {
                n = pread_fn(fd, slot.buffer.data(), slot.buffer.size(), offset);
            } while (n < 0 && errno == EINTR);
            if (n > 0) offset += n;
            if (n < 0) return halt(ReadOutcome::End::failed, std::string("read error: ") + std::strerror(errno));
            const std::lock_guard lock(mutex_);
            if (n == 0) {
                end_of_file_ = true;
            } else {
                slot.size = static_cast<std::size_t>(n);
                slot.pending = lanes_.size();
                ++published_;
            }
            work_ready_.notify_all();
            if (n == 0) return;
        }
    }

    void work_loop(const std::stop_token& stop) {
        std::unique_lock lock(mutex_);
        for (;;) {
            if (halted_) return;
            if (stop.stop_requested()) {
                lock.unlock();
                halt(ReadOutcome::End::cancelled, {});
                return;
            }
            Lane* lane = next_lane();
            if (lane == nullptr) {
                if (finished()) return;
                work_ready_.wait(lock);
                continue;
            }
            lane->busy = true;
            Slot& slot = slots_[lane->next % slots_.size()];
            lock.unlock();
            lane->hasher->update({slot.buffer.data(), slot.size});
            lock.lock();
            lane->busy = false;
            ++lane->next;
            if (--slot.pending == 0) block_done(slot.size, lock);
            work_ready_.notify_all();
        }
    }

    // Wakes everybody when the token fires, so that nobody sleeps through a cancel.
    void wake_all() {
        const std::lock_guard lock(mutex_);
        work_ready_.notify_all();
        reader_wakeup_.notify_all();
    }

    ReadOutcome outcome() const {
        ReadOutcome r = outcome_;
        r.bytes = done_;
        return r;
    }

private:
    struct Slot {
        AlignedBuffer buffer;
        std::size_t size = 0;
        std::size_t pending = 0;  // lanes that have not hashed it yet; 0 = free for the reader
    };
    struct Lane {
        Hasher* hasher;
        std::uint64_t next = 0;  // sequence number of the next block it needs
        bool busy = false;       // a worker is feeding it now
    };

    // The idle lane furthest behind whose next block is there: it is the one holding slots.
    Lane* next_lane() {
        Lane* best = nullptr;
        for (auto& lane : lanes_) {
            if (!lane.busy && lane.next < published_ && (best == nullptr || lane.next < best->next)) best = &lane;
        }
        return best;
    }

    // Slots the reader waits for once it has filled them all. One would wake it after every block
    // that a slow hash finishes, and each wake-up costs the hashing thread a system call and the
    // other core an interrupt (a VM exit under a hypervisor): SHA-256 of a cached 1 GiB file on
    // the Zen 4 guest took 606 ms in 1 MiB blocks and 623 in 256 KiB ones when the reader was
    // woken for every block, 597 and 607 woken for every other (docs/performance.md).
    std::size_t refill_batch() const { return std::max<std::size_t>(1, slots_.size() / 2); }

    bool finished() const {
        return end_of_file_ &&
               std::all_of(lanes_.begin(), lanes_.end(), [&](const Lane& l) { return l.next == published_; });
    }

    // Every lane has hashed the slot: count it, tell the reader, report progress (blocks complete in
    // order: a slot is the oldest outstanding one when its last lane finishes).
    void block_done(std::size_t size, std::unique_lock<std::mutex>& lock) {
        done_ += size;
        if (++free_slots_ == refill_batch()) reader_wakeup_.notify_one();
        if (progress_) {
            const auto done = done_;
            lock.unlock();
            {
                // Two lanes finishing slots one after the other may get here in the other order
                // (the lock is released for the call): report a running maximum, never a step back.
                const std::lock_guard progress_lock(progress_mutex_);
                if (done > reported_) {
                    reported_ = done;
                    progress_(done, expected_);
                }
            }
            lock.lock();
        }
    }

    void halt(ReadOutcome::End end, std::string error) {
        const std::lock_guard lock(mutex_);
        if (!halted_) outcome_ = {end, std::move(error), 0};
        halted_ = true;
        work_ready_.notify_all();
        reader_wakeup_.notify_all();
    }

    std::uint64_t expected_;
    const ProgressFn& progress_;
    std::vector<Lane> lanes_;
    std::vector<Slot> slots_;

    std::mutex mutex_;
    std::mutex progress_mutex_;
    std::uint64_t reported_ = 0;  // the last progress reported (under progress_mutex_)
    std::condition_variable work_ready_;
    std::condition_variable reader_wakeup_;
    std::uint64_t published_ = 0;  // blocks read so far
    std::size_t free_slots_ = 0;   // slots no lane needs and the reader has not taken
    std::uint64_t done_ = 0;       // bytes every lane has hashed
    bool end_of_file_ = false;
    bool halted_ = false;
    ReadOutcome outcome_;
};

}  // namespace

ReadOutcome run_block_pipeline(int fd, PreadFn pread_fn, std::span<Hasher* const> hashers, unsigned workers,
                               std::size_t block_size, std::uint64_t expected, const ProgressFn& progress,
                               const std::stop_token& stop) {
    Pipeline pipeline(hashers, block_size, expected, progress);
    if (!pipeline.allocated()) return {ReadOutcome::End::failed, "out of memory", 0};
    const std::stop_callback wake(stop, [&] { pipeline.wake_all(); });
    {
        std::vector<std::jthread> threads;
        threads.emplace_back([&] { pipeline.read_loop(fd, pread_fn, stop); });
        const auto extra = std::min<std::size_t>(workers, hashers.size());
        for (std::size_t i = 1; i < extra; ++i) threads.emplace_back([&] { pipeline.work_loop(stop); });
        pipeline.work_loop(stop);
    }  // joins the reader and the other workers
    return pipeline.outcome();
}

}  // namespace hashscope::verify
