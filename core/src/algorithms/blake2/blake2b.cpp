#include "algorithms/blake2/blake2b.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>

#include "hashscope/algorithm.hpp"
#include "hashscope/hasher.hpp"

namespace hashscope::detail {
namespace {

constexpr std::size_t kBlock = 128;

// SHA-512's initial words, which BLAKE2b shares.
constexpr std::array<std::uint64_t, 8> kIv{0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                                           0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                                           0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};

// The message word order of each of the twelve rounds (rounds 10 and 11 repeat 0 and 1).
constexpr std::array<std::array<std::uint8_t, 16>, 12> kSigma{{
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
}};

// Forced inline: GCC 12 otherwise leaves two of the twelve rounds as calls, with the state in
// memory across them.
[[gnu::always_inline]] inline void mix(std::uint64_t& a, std::uint64_t& b, std::uint64_t& c, std::uint64_t& d,
                                       std::uint64_t x, std::uint64_t y) {
    a = a + b + x;
    d = std::rotr(d ^ a, 32);
    c = c + d;
    b = std::rotr(b ^ c, 24);
    a = a + b + y;
    d = std::rotr(d ^ a, 16);
    c = c + d;
    b = std::rotr(b ^ c, 63);
}

// One round with its word order known at compile time, so that every message word is a register
// or a fixed stack slot (a table lookup per word costs ~15 % here).
template <std::size_t R>
[[gnu::always_inline]] inline void round(std::array<std::uint64_t, 16>& v, const std::array<std::uint64_t, 16>& m) {
    constexpr auto& s = kSigma[R];
    mix(v[0], v[4], v[8], v[12], m[s[0]], m[s[1]]);
    mix(v[1], v[5], v[9], v[13], m[s[2]], m[s[3]]);
    mix(v[2], v[6], v[10], v[14], m[s[4]], m[s[5]]);
    mix(v[3], v[7], v[11], v[15], m[s[6]], m[s[7]]);
    mix(v[0], v[5], v[10], v[15], m[s[8]], m[s[9]]);
    mix(v[1], v[6], v[11], v[12], m[s[10]], m[s[11]]);
    mix(v[2], v[7], v[8], v[13], m[s[12]], m[s[13]]);
    mix(v[3], v[4], v[9], v[14], m[s[14]], m[s[15]]);
}

template <std::size_t... R>
[[gnu::always_inline]] inline void rounds(std::array<std::uint64_t, 16>& v, const std::array<std::uint64_t, 16>& m,
                                          std::index_sequence<R...> /*rounds*/) {
    (round<R>(v, m), ...);
}

// Compresses one block; `counter` is the message bytes up to and including this block.
void compress(std::array<std::uint64_t, 8>& h, const std::byte* block, std::uint64_t counter, bool last) {
    static_assert(std::endian::native == std::endian::little, "message words are read as little-endian");
    std::array<std::uint64_t, 16> m;  // filled next, not zeroed first
    std::memcpy(m.data(), block, kBlock);
    std::array<std::uint64_t, 16> v;  // filled next, not zeroed first
    std::copy(h.begin(), h.end(), v.begin());
    std::copy(kIv.begin(), kIv.end(), v.begin() + 8);
    v[12] ^= counter;  // the high word of the 128-bit counter stays 0 below 2^64 bytes
    if (last) v[14] = ~v[14];
    rounds(v, m, std::make_index_sequence<12>{});
    for (std::size_t i = 0; i < 8; ++i) h[i] ^= v[i] ^ v[i + 8];
}

class Blake2bHasher final : public Hasher {
public:
    Blake2bHasher(std::string_view algorithm, std::size_t length) : algorithm_(algorithm), length_(length) {
        do_reset();
    }

    void do_update(std::span<const std::byte> data) override {
        const std::byte* p = data.data();
        std::size_t n = data.size();
        // The last block is compressed differently, so a full buffer waits until more data comes.
        if (used_ != 0) {
            const std::size_t fill = std::min(n, kBlock - used_);
            std::memcpy(buffer_.data() + used_, p, fill);
            used_ += fill;
            p += fill;
            n -= fill;
            if (n == 0) return;
            counter_ += kBlock;
            compress(state_, buffer_.data(), counter_, false);
            used_ = 0;
        }
        while (n > kBlock) {  // straight from the caller's memory, all but a last block
            counter_ += kBlock;
            compress(state_, p, counter_, false);
            p += kBlock;
            n -= kBlock;
        }
        std::memcpy(buffer_.data(), p, n);
        used_ = n;
    }

    Digest do_finish() override {
        std::memset(buffer_.data() + used_, 0, kBlock - used_);
        compress(state_, buffer_.data(), counter_ + used_, true);
        std::array<std::uint8_t, 64> out;                    // filled next, not zeroed first
        std::memcpy(out.data(), state_.data(), out.size());  // little-endian words
        return {algorithm_, std::span<const std::uint8_t>(out.data(), length_)};
    }

    void do_reset() override {
        state_ = kIv;
        state_[0] ^= 0x01010000U ^ length_;  // parameter block: digest length, no key, fanout 1, depth 1
        counter_ = 0;
        used_ = 0;
    }

private:
    std::string_view algorithm_;
    std::size_t length_;
    std::array<std::uint64_t, 8> state_{};
    std::uint64_t counter_ = 0;
    std::size_t used_ = 0;
    std::array<std::byte, kBlock> buffer_{};
};

}  // namespace

HasherPtr make_own_blake2b() { return std::make_unique<Blake2bHasher>("blake2b", 64); }
HasherPtr make_own_blake2b_variant(const AlgorithmInfo& variant) {
    return std::make_unique<Blake2bHasher>(variant.id, variant.digest_size);
}

}  // namespace hashscope::detail
