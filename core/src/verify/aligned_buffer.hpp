// A heap block aligned for the vector kernels (64 bytes), freed when it goes out of scope.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <span>

namespace hashscope::verify {

class AlignedBuffer {
public:
    AlignedBuffer() = default;
    explicit AlignedBuffer(std::size_t size)
        : data_(static_cast<std::byte*>(std::aligned_alloc(64, round_up(size)))), size_(data_ ? size : 0) {}

    [[nodiscard]] std::byte* data() const { return data_.get(); }
    [[nodiscard]] std::size_t size() const { return size_; }
    [[nodiscard]] bool ok() const { return data_ != nullptr; }
    [[nodiscard]] std::span<std::byte> span() const { return {data_.get(), size_}; }

private:
    // aligned_alloc wants a multiple of the alignment.
    static std::size_t round_up(std::size_t size) { return (size + 63) / 64 * 64; }
    struct Free {
        void operator()(std::byte* p) const { std::free(p); }
    };
    std::unique_ptr<std::byte, Free> data_;
    std::size_t size_ = 0;
};

}  // namespace hashscope::verify
