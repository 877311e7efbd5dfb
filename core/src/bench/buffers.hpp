// The bytes a benchmark hashes: 64-byte aligned, filled from a fixed seed, and either kept in
// cache (hot) or a pool several times the last-level cache rotated through (cold).
//
// Hot messages of up to half a page are not one buffer but as many as fill a page, taken in turn.
// How fast a short message is hashed can depend on where it lies in its page: on the Zen 4 guest
// the own BLAKE2b took 145-164 ns for 64 bytes by the message's offset, slowest where the offset
// met the hasher's own (as 4K aliasing would: the core first matches a load against earlier stores
// by the low 12 address bits), libsodium's 151-156. At one offset the benchmark and the
// calibration each measured whichever placement their process's allocations gave them, and
// disagreed on which was faster. A caller's messages lie anywhere: over a page of them, every
// offset comes round.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "hashscope/bench/spec.hpp"

namespace hashscope::bench::detail {

class BufferSet {
public:
    // `seed` differs per thread so that threads do not share lines; `llc_bytes` sizes the cold pool.
    BufferSet(std::size_t size, Placement placement, std::uint64_t seed, std::uint64_t llc_bytes);

    // The bytes a cold set of messages of `size` takes: four times the last-level cache (64 MiB
    // at least), and two messages at least.
    static std::size_t cold_bytes(std::size_t size, std::uint64_t llc_bytes);

    // A cold set of messages of `size` cut from the bytes of `pool`, a cold set, which it shares
    // (they stay alive as long as either does); nothing when they are fewer than cold_bytes(). A
    // calibration times 16 MiB and 64 MiB messages from memory: one pool for both, not two.
    static std::optional<BufferSet> cut_from(const BufferSet& pool, std::size_t size, std::uint64_t llc_bytes);

    static constexpr std::size_t kPage = 4096;

    [[nodiscard]] std::size_t size() const { return size_; }
    [[nodiscard]] std::size_t count() const { return count_; }
    // index < count(). Callers rotate with a compare rather than `%`: a division per operation
    // would cost more than hashing 64 bytes.
    [[nodiscard]] const std::byte* buffer(std::size_t index) const { return data_.get() + index * stride_; }

    // The buffer the next operation on this set hashes. Every workload on a set starts where the
    // one before it stopped, whoever that was: they take turns (the benchmark samples its cells in
    // rotation, calibration times its candidates in rounds), and each must find the buffer least
    // recently hashed. With a position each, they walked the cold ring in step, and the second of
    // a round hashed, from the cache, the 16 MiB the first had just read from memory.
    [[nodiscard]] std::size_t next() const { return next_; }
    void set_next(std::size_t index) { next_ = index; }

    [[nodiscard]] bool cold() const { return cold_; }
    [[nodiscard]] std::size_t bytes() const { return stride_ * count_; }

private:
    BufferSet(std::size_t size, std::size_t count, std::shared_ptr<std::byte> data);

    std::size_t size_;
    std::size_t stride_;
    std::size_t count_;
    std::size_t next_ = 0;
    bool cold_ = false;
    std::shared_ptr<std::byte> data_;
};

}  // namespace hashscope::bench::detail
