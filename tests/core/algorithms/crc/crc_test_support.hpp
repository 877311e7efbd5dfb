// What the CRC kernel tests share: seeded random input, and buffers that end exactly at the end
// of their allocation so that AddressSanitizer catches any read past the message.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <random>
#include <string>
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
        : size(n), data(static_cast<std::byte*>(::operator new (n == 0 ? 1 : n, std::align_val_t{64}))) {}
    ~AlignedBuffer() { ::operator delete (data, std::align_val_t{64}); }
    AlignedBuffer(const AlignedBuffer&) = delete;
    AlignedBuffer& operator=(const AlignedBuffer&) = delete;
    std::byte* end() const { return data + size; }
    std::size_t size;
    std::byte* data;
};

using ExtendFn = std::uint64_t (*)(std::uint64_t value, const std::byte* data, std::size_t size);

// Feeds [p, p + len) to `kernel` in random pieces (empty, tiny, small and up to `max_piece`
// bytes) as successive extend calls, and returns the final value.
inline std::uint64_t extend_in_random_pieces(ExtendFn kernel, const std::byte* p, std::size_t len, std::mt19937_64& rng,
                                             std::size_t max_piece) {
    std::uint64_t v = 0;
    std::size_t done = 0;
    while (done < len) {
        std::size_t piece;
        switch (rng() % 4) {
            case 0:
                piece = rng() % 4;
                break;  // incl. empty pieces
            case 1:
                piece = rng() % 40;
                break;
            case 2:
                piece = rng() % 400;
                break;
            default:
                piece = rng() % max_piece;
                break;
        }
        piece = std::min(piece, len - done);
        v = kernel(v, p + done, piece);
        done += piece;
    }
    return v;
}

// `kernel` against `reference` extended a byte at a time, at every length up to 4 KiB and every
// alignment mod 64, each input ending at the end of its allocation. One failure is reported per
// alignment, after `what` (the kernel's name and a space, or nothing).
inline void expect_every_length_at_every_alignment(ExtendFn kernel, ExtendFn reference, const std::string& what) {
    constexpr std::size_t kMaxLength = 4096;
    constexpr std::size_t kAlignments = 64;
    const auto message = random_bytes(kMaxLength, 1);
    std::vector<std::uint64_t> expected(kMaxLength + 1);
    for (std::size_t n = 0; n < kMaxLength; ++n) expected[n + 1] = reference(expected[n], message.data() + n, 1);
    // Buffer j ends at j mod 64; the input of length n at alignment a ends at the end of buffer (a+n) mod 64.
    std::vector<std::unique_ptr<AlignedBuffer>> buffers;
    for (std::size_t j = 0; j < kAlignments; ++j)
        buffers.push_back(std::make_unique<AlignedBuffer>(kMaxLength + 64 + j));
    for (std::size_t a = 0; a < kAlignments; ++a) {
        for (std::size_t n = 0; n <= kMaxLength; ++n) {
            std::byte* const start = buffers[(a + n) % kAlignments]->end() - n;
            ASSERT_EQ(reinterpret_cast<std::uintptr_t>(start) % kAlignments, a);
            std::memcpy(start, message.data(), n);
            const std::uint64_t got = kernel(0, start, n);
            if (got != expected[n]) {
                ADD_FAILURE() << what << "length " << n << " alignment " << a << ": got " << std::hex << got
                              << ", expected " << expected[n];
                break;  // one report per alignment
            }
        }
    }
}

// The lengths and offsets of the large-input checks, and the message they are cut from.
inline const std::vector<std::byte>& large_message() {
    static const std::vector<std::byte> message = random_bytes((10U << 20) + 64, 6);
    return message;
}
inline constexpr std::size_t large_lengths[] = {std::size_t{1} << 20, (std::size_t{1} << 20) + 7,
                                                std::size_t{10} << 20};
inline constexpr std::size_t large_offsets[] = {0, 3};

}  // namespace hashscope::crc::test
