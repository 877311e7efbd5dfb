// The bytes a benchmark hashes: 64-byte aligned, filled from a fixed seed, and either one buffer
// reused (hot) or a pool several times the last-level cache rotated through (cold).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "hashscope/bench/spec.hpp"

namespace hashscope::bench::detail {

class BufferSet {
public:
    // `seed` differs per thread so that threads do not share lines; `llc_bytes` sizes the cold pool.
    BufferSet(std::size_t size, Placement placement, std::uint64_t seed, std::uint64_t llc_bytes);

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

private:
    struct Free {
        void operator()(std::byte* p) const;
    };
    std::size_t size_;
    std::size_t stride_;
    std::size_t count_;
    std::size_t next_ = 0;
    std::unique_ptr<std::byte, Free> data_;
};

}  // namespace hashscope::bench::detail
