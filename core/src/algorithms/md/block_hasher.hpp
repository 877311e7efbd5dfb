// A Hasher for the Merkle–Damgård digests around a bare compression kernel: 64-byte blocks, 32-bit
// words and a 64-bit length (MD5, SHA-1, SHA-224, SHA-256), or 128-byte blocks, 64-bit words and a
// 128-bit length (SHA-384, SHA-512, SHA-512/256). Owning the block buffer and the padding
// ourselves is what removes a library's per-call overhead: a one-shot message costs its blocks and
// nothing else, and an update smaller than a block is a copy, not a kernel call (the bytewise case).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "hashscope/hasher.hpp"

namespace hashscope::detail::md {

template <class Word, std::size_t Block>
struct BlockDigestOf {
    using WordType = Word;
    static constexpr std::size_t kBlockSize = Block;

    std::string_view algorithm;  // AlgorithmInfo::id
    std::array<Word, 8> initial;
    std::size_t digest_words;  // 4 MD5, 5 SHA-1, 7 SHA-224, 8 SHA-256; 6 SHA-384, 4 SHA-512/256, 8 SHA-512
    bool big_endian;           // SHA: message words, length and digest big-endian; MD5: little
    // Compresses `blocks` whole blocks into the state (words in the algorithm's own order:
    // a, b, c, d[, e, f, g, h]).
    void (*compress)(Word* state, const std::byte* data, std::size_t blocks);
};
using BlockDigest = BlockDigestOf<std::uint32_t, 64>;
using BlockDigest512 = BlockDigestOf<std::uint64_t, 128>;

// Spec: a BlockDigest or BlockDigest512 constant of static storage; everything about it folds into
// the code.
template <const auto& Spec>
class BlockHasher final : public Hasher {
    using Word = typename std::remove_cvref_t<decltype(Spec)>::WordType;
    static constexpr std::size_t kBlock = std::remove_cvref_t<decltype(Spec)>::kBlockSize;
    static constexpr std::size_t kLengthBytes = 2 * sizeof(Word);  // the length field at the end

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
        // Padding: 0x80, zeros, then the length in bits in the last 8 (or 16) bytes of the last block;
        // one block when the length still fits after the 0x80, else two. It is written in whole
        // 16-byte stores, the width at which the kernel loads: a load that spans several smaller
        // recent stores waits until they reach the cache (measured here: 128-byte SHA-1 took
        // 99 ns with a byte store and a memset for the padding, 79 ns like this).
        static_assert(std::endian::native == std::endian::little, "the 16-byte chunks below are little-endian");
        const std::size_t total = used_ + 1 + kLengthBytes <= kBlock ? kBlock : 2 * kBlock;
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
        // A 64-bit length fills the upper half of the last chunk, which may be `first` itself; a
        // 128-bit one the whole chunk (the bits above 2^64 are the byte count's top three).
        const std::size_t last = total / 16 - 1;
        const std::uint64_t bytes = compressed_ + used_;
        const Chunk length{kLengthBytes == 16 ? ordered(bytes >> 61) : 0, ordered(bytes * 8)};
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

        std::array<Word, 8> words{};
        for (std::size_t w = 0; w < Spec.digest_words; ++w) words[w] = ordered(state_[w]);
        return {Spec.algorithm,
                std::span(reinterpret_cast<const std::uint8_t*>(words.data()), sizeof(Word) * Spec.digest_words)};
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

    std::array<Word, 8> state_ = Spec.initial;
    // The message length is compressed_ + used_ (the padding needs it in bits, modulo 2^64); a small
    // update only touches used_.
    std::uint64_t compressed_ = 0;                            // bytes already through the kernel
    std::size_t used_ = 0;                                    // bytes waiting in buffer_, always < kBlock between calls
    alignas(64) std::array<std::byte, 2 * kBlock> buffer_{};  // two blocks: room for the padding
};

}  // namespace hashscope::detail::md
