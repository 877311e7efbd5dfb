// Hasher: one running message of one algorithm, computed by one implementation.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <memory>
#include <span>

#include "hashscope/digest.hpp"

namespace hashscope {

// update(), finish() and reset() are not virtual on purpose (the std::streambuf pattern): small
// updates are collected in a buffer by inline code, and an implementation's do_update() sees them
// only kBuffer bytes at a time. A vector kernel or a library's call chain costs about as much for
// one byte as for hundreds (measured here: ISA-L's crc32c 13 ns for 1 byte, 20 ns for 512;
// OpenSSL's EVP_DigestUpdate ~6 ns for 1 byte), and a virtual call per byte alone costs ~1.6 ns,
// so a caller that feeds a byte at a time (`bench --mode bytewise`, parsers, Java-style
// update(int)) pays a copy per byte instead. Updates of kCollect bytes or more go straight to
// do_update() after whatever is buffered, so block-wise and one-shot hashing copy nothing.
class Hasher {
public:
    virtual ~Hasher() = default;
    Hasher() = default;
    Hasher(const Hasher&) = delete;
    Hasher& operator=(const Hasher&) = delete;

    // Feeds more of the message; any split of the message gives the same digest.
    void update(std::span<const std::byte> data) {
        const std::size_t n = data.size();
        // [[likely]]: the copy is the path laid out straight; the rest are jumps taken once per
        // batch (GCC otherwise puts the copy behind three taken branches, 3x slower per byte).
        if (n < kCollect) [[likely]] {
            if (n <= kBuffer - used_) [[likely]] {
                if (n == 1) {
                    buffer_[used_] = data[0];
                } else if (n != 0) {
                    std::memcpy(buffer_.data() + used_, data.data(), n);
                }
                used_ += n;
                return;
            }
        } else if (used_ == 0) {
            do_update(data);
            return;
        }
        update_after_buffer(data);
    }
    // Ends the message and returns its digest. Call reset() before hashing another message.
    Digest finish() {
        flush();
        return do_finish();
    }
    // Starts a new, empty message.
    void reset() {
        used_ = 0;
        do_reset();
    }

protected:
    // What an implementation provides: any non-empty piece of the message, in order; the digest;
    // a fresh message.
    virtual void do_update(std::span<const std::byte> data) = 0;
    virtual Digest do_finish() = 0;
    virtual void do_reset() = 0;

private:
    static constexpr std::size_t kCollect = 64;  // updates shorter than this are collected
    static constexpr std::size_t kBuffer = 512;  // and handed on this many bytes at a time

    // The buffer is full, or a long update follows buffered bytes (out of line: the rare path).
    void update_after_buffer(std::span<const std::byte> data);
    void flush() {
        if (used_ == 0) return;
        do_update({buffer_.data(), used_});
        used_ = 0;
    }

    std::size_t used_ = 0;
    alignas(64) std::array<std::byte, kBuffer> buffer_;
};

using HasherPtr = std::unique_ptr<Hasher>;

}  // namespace hashscope
