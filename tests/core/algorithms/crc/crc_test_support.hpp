// What the CRC kernel tests share: seeded random input, and buffers that end exactly at the end
// of their allocation so that AddressSanitizer catches any read past the message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <random>
#include <vector>

namespace hashscope::crc::test {

inline std::vector<std::byte> random_bytes(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::byte> bytes(n);
    for (auto& b : bytes) b = static_cast<std::byte>(rng() >> 56);
    return bytes;
}

// A 64-byte-aligned allocation of exactly `size` bytes.
struct AlignedBuffer {
    explicit AlignedBuffer(std::size_t n)
        : size(n), data(static_cast<std::byte*>(::operator new(n == 0 ? 1 : n, std::align_val_t{64}))) {}
    ~AlignedBuffer() { ::operator delete(data, std::align_val_t{64}); }
    AlignedBuffer(const AlignedBuffer&) = delete;
    AlignedBuffer& operator=(const AlignedBuffer&) = delete;
    std::byte* end() const { return data + size; }
    std::size_t size;
    std::byte* data;
};

}  // namespace hashscope::crc::test
