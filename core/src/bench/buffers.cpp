#include "bench/buffers.hpp"

#include <algorithm>
#include <cstdlib>
#include <new>
#include <random>

namespace hashscope::bench::detail {

void BufferSet::Free::operator()(std::byte* p) const { std::free(p); }

BufferSet::BufferSet(std::size_t size, Placement placement, std::uint64_t seed, std::uint64_t llc_bytes)
    : size_(size), stride_((size + 63) / 64 * 64), count_(1) {
    if (placement == Placement::hot) {
        count_ = std::max<std::size_t>(1, kPage / stride_);
    } else {
        // Four times the last-level cache (at least 64 MiB when it is unknown), so a buffer has
        // been evicted by the time the rotation comes back to it.
        const std::uint64_t pool = 4 * std::max<std::uint64_t>(llc_bytes, 16U << 20);
        count_ = std::max<std::size_t>(2, static_cast<std::size_t>((pool + stride_ - 1) / stride_));
    }
    data_.reset(static_cast<std::byte*>(std::aligned_alloc(64, stride_ * count_)));
    if (!data_) throw std::bad_alloc();
    std::mt19937_64 rng(seed);
    auto* words = reinterpret_cast<std::uint64_t*>(data_.get());
    for (std::size_t i = 0; i < stride_ * count_ / 8; ++i) words[i] = rng();
}

}  // namespace hashscope::bench::detail
