// A Hasher for the Merkle–Damgård digests with 64-byte blocks and a 64-bit length (MD5, SHA-1,
// SHA-224, SHA-256) around a bare compression kernel. Owning the block buffer and the padding
// ourselves is what removes a library's per-call overhead: a one-shot message costs its blocks and
// nothing else, and an update smaller than a block is a copy, not a kernel call (the bytewise case).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "hashscope/hasher.hpp"

namespace hashscope::detail::md {

inline constexpr std::size_t kBlock = 64;

// Compresses `blocks` whole 64-byte blocks into the state (words in the algorithm's own order:
// a, b, c, d[, e, f, g, h]).
using CompressFn = void (*)(std::uint32_t* state, const std::byte* data, std::size_t blocks);

struct BlockDigest {
    std::string_view algorithm;  // AlgorithmInfo::id
    std::array<std::uint32_t, 8> initial;
    std::size_t digest_words;  // 4 MD5, 5 SHA-1, 7 SHA-224, 8 SHA-256
    bool big_endian;           // SHA: message words, length and digest big-endian; MD5: little
    CompressFn compress;
};

// Spec: a BlockDigest constant of static storage; everything about it folds into the code.
template <const BlockDigest& Spec>
class BlockHasher final : public Hasher {
public:
    BlockHasher() = default;

    void do_update(std::span<const std::byte> data) override {
        const std::byte* p = data.data();
        std::size_t n = data.size();
        if (n < kBlock - used_) {  // the block is still not full: only a copy
            if (n == 1) {
                buffer_[used_] = *p;
            } else if (n != 0) {
                std::memcpy(buffer_.data() + used_, p, n);
            }
            used_ += n;
            return;
        }
        if (used_ != 0) {  // complete the buffered block first
            const std::size_t fill = kBlock - used_;
            std::memcpy(buffer_.data() + used_, p, fill);
            Spec.compress(state_.data(), buffer_.data(), 1);
            compressed_ += kBlock;
            p += fill;
            n -= fill;
            used_ = 0;
        }
        const std::size_t whole = n / kBlock;
        if (whole != 0) {  // straight from the caller's memory
            Spec.compress(state_.data(), p, whole);
            compressed_ += whole * kBlock;
            p += whole * kBlock;
            n -= whole * kBlock;
        }
        if (n != 0) std::memcpy(buffer_.data(), p, n);
        used_ = n;
    }

    Digest do_finish() override {
        // Padding: 0x80, zeros, then the length in bits in the last 8 bytes of the last block;
        // one block when the length still fits after the 0x80, else two. It is written in whole
        // 16-byte stores, the width at which the kernel loads: a load that spans several smaller
        // recent stores waits until they reach the cache (measured here: 128-byte SHA-1 took
        // 99 ns with a byte store and a memset for the padding, 79 ns like this).
        static_assert(std::endian::native == std::endian::little, "the 16-byte chunks below are little-endian");
        const std::size_t total = used_ + 1 + 8 <= kBlock ? kBlock : 2 * kBlock;
        const std::size_t first = used_ / 16;  // the chunk with the end of the data and the 0x80
        const std::size_t kept = used_ % 16;   // data bytes in it
        Chunk chunk{0x80, 0};
        if (kept != 0) {  // keep the data bytes of the chunk, then the 0x80
            std::memcpy(&chunk, buffer_.data() + 16 * first, sizeof chunk);
            const std::uint64_t low_keep = kept >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * kept)) - 1;
            const std::uint64_t high_keep = kept <= 8 ? 0 : (std::uint64_t{1} << (8 * (kept - 8))) - 1;
            chunk &= Chunk{low_keep, high_keep};
            chunk |= kept < 8 ? Chunk{std::uint64_t{0x80} << (8 * kept), 0}
                              : Chunk{0, std::uint64_t{0x80} << (8 * (kept - 8))};
        }
        // The length fills the upper half of the last chunk, which may be `first` itself.
        const std::size_t last = total / 16 - 1;
        const Chunk length{0, ordered((compressed_ + used_) * 8)};
        if (first == last) {
            store(first, chunk | length);
        } else {
            store(first, chunk);
            for (std::size_t i = first + 1; i < last; ++i) {
                store(i, Chunk{0, 0});
                // Opaque to the optimiser, so the loop stays 16-byte stores: GCC would make it a
                // memset call, whose wider stores the kernel's loads do not forward from.
                asm("" : "+r"(i));
            }
            store(last, length);
        }
        Spec.compress(state_.data(), buffer_.data(), total / kBlock);

        std::array<std::uint32_t, 8> words{};
        for (std::size_t w = 0; w < Spec.digest_words; ++w) words[w] = ordered(state_[w]);
        return {Spec.algorithm, std::span(reinterpret_cast<const std::uint8_t*>(words.data()), 4 * Spec.digest_words)};
    }

    void do_reset() override {
        state_ = Spec.initial;
        compressed_ = 0;
        used_ = 0;
    }

private:
    // 16 bytes as two 64-bit halves, in one vector register (GCC/Clang vector extension).
    using Chunk = std::uint64_t __attribute__((vector_size(16)));

    void store(std::size_t index, Chunk chunk) { std::memcpy(buffer_.data() + 16 * index, &chunk, sizeof chunk); }

    // A word in the byte order of the algorithm (whole-word stores, no byte-at-a-time loops: the
    // few nanoseconds they cost are a visible part of a 64-byte message).
    template <class Word>
    static Word ordered(Word v) {
        const bool swap = Spec.big_endian == (std::endian::native == std::endian::little);
        if constexpr (sizeof(Word) == 8) {
            return swap ? __builtin_bswap64(v) : v;
        } else {
            return swap ? __builtin_bswap32(v) : v;
        }
    }

    std::array<std::uint32_t, 8> state_ = Spec.initial;
    // The message length is compressed_ + used_ (the padding needs it in bits, modulo 2^64); a small
    // update only touches used_.
    std::uint64_t compressed_ = 0;                            // bytes already through the kernel
    std::size_t used_ = 0;                                    // bytes waiting in buffer_, always < kBlock between calls
    alignas(64) std::array<std::byte, 2 * kBlock> buffer_{};  // two blocks: room for the padding
};

}  // namespace hashscope::detail::md
