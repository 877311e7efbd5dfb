#include "bench/buffers.hpp"

#include <algorithm>
#include <cstdlib>
#include <new>
#include <random>

namespace hashscope::bench::detail {

namespace {
std::size_t stride_of(std::size_t size) { return (size + 63) / 64 * 64; }
}  // namespace

std::size_t BufferSet::cold_bytes(std::size_t size, std::uint64_t llc_bytes) {
    // Four times the last-level cache (at least 64 MiB when it is unknown), so a buffer has been
    // evicted by the time the rotation comes back to it.
    const std::uint64_t pool = 4 * std::max<std::uint64_t>(llc_bytes, 16U << 20);
    const std::size_t stride = stride_of(size);
    return stride * std::max<std::size_t>(2, static_cast<std::size_t>((pool + stride - 1) / stride));
}

BufferSet::BufferSet(std::size_t size, Placement placement, std::uint64_t seed, std::uint64_t llc_bytes)
    : size_(size), stride_(stride_of(size)), count_(1), cold_(placement == Placement::cold) {
    count_ = cold_ ? cold_bytes(size, llc_bytes) / stride_ : std::max<std::size_t>(1, kPage / stride_);
    data_.reset(static_cast<std::byte*>(std::aligned_alloc(64, stride_ * count_)), [](std::byte* p) { std::free(p); });
    if (!data_) throw std::bad_alloc();
    std::mt19937_64 rng(seed);
    auto* words = reinterpret_cast<std::uint64_t*>(data_.get());
    for (std::size_t i = 0; i < stride_ * count_ / 8; ++i) words[i] = rng();
}

BufferSet::BufferSet(std::size_t size, std::size_t count, std::shared_ptr<std::byte> data)
    : size_(size), stride_(stride_of(size)), count_(count), cold_(true), data_(std::move(data)) {}

std::optional<BufferSet> BufferSet::cut_from(const BufferSet& pool, std::size_t size, std::uint64_t llc_bytes) {
    if (!pool.cold_ || pool.bytes() < cold_bytes(size, llc_bytes)) return std::nullopt;
    return BufferSet(size, pool.bytes() / stride_of(size), pool.data_);
}

}  // namespace hashscope::bench::detail
