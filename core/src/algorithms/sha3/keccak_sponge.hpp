// The SHA-3 sponge (FIPS 202) around a Keccak-f[1600] absorbing kernel, written once for every
// kernel: the message goes through the kernel `rate` bytes at a time, straight from the caller's
// memory when whole blocks are there; the end is padded with SHA-3's domain bits and pad10*1
// (0x06 after the message, 0x80 in the last byte of the block, one byte 0x86 when they meet); and
// the digest is the start of the state, as every SHA-3 digest is shorter than its rate.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "hashscope/hasher.hpp"

namespace hashscope::detail::sha3 {

struct SpongeSpec {
    std::string_view algorithm;  // AlgorithmInfo::id
    std::size_t rate;            // bytes a block: 200 minus twice the digest size
    std::size_t digest_size;     // bytes
    // XORs `blocks` whole blocks into the state and permutes after each (keccak_kernels.hpp).
    void (*absorb)(std::uint64_t* state, const std::byte* data, std::size_t blocks, std::size_t rate);
};

// Spec: a SpongeSpec constant of static storage; everything about it folds into the code.
template <const SpongeSpec& Spec>
class SpongeHasher final : public Hasher {
    static_assert(Spec.rate == 200 - 2 * Spec.digest_size && Spec.rate % 8 == 0, "a SHA-3 rate");
    static_assert(std::endian::native == std::endian::little, "the digest is the state's bytes as they lie");

public:
    SpongeHasher() = default;

    void do_update(std::span<const std::byte> data) override {
        const std::byte* p = data.data();
        std::size_t n = data.size();
        if (n < Spec.rate - used_) {  // the block is still not full: only a copy
            std::memcpy(buffer_.data() + used_, p, n);
            used_ += n;
            return;
        }
        if (used_ != 0) {  // complete the buffered block first
            const std::size_t fill = Spec.rate - used_;
            std::memcpy(buffer_.data() + used_, p, fill);
            Spec.absorb(state_.data(), buffer_.data(), 1, Spec.rate);
            p += fill;
            n -= fill;
            used_ = 0;
        }
        const std::size_t whole = n / Spec.rate;
        if (whole != 0) {  // straight from the caller's memory
            Spec.absorb(state_.data(), p, whole, Spec.rate);
            p += whole * Spec.rate;
            n -= whole * Spec.rate;
        }
        if (n != 0) std::memcpy(buffer_.data(), p, n);
        used_ = n;
    }

    Digest do_finish() override {
        std::memset(buffer_.data() + used_, 0, Spec.rate - used_);
        buffer_[used_] = std::byte{0x06};
        buffer_[Spec.rate - 1] |= std::byte{0x80};
        Spec.absorb(state_.data(), buffer_.data(), 1, Spec.rate);
        return {Spec.algorithm, std::span(reinterpret_cast<const std::uint8_t*>(state_.data()), Spec.digest_size)};
    }

    void do_reset() override {
        state_ = {};
        used_ = 0;
    }

private:
    std::array<std::uint64_t, 25> state_{};  // lane x + 5y at index x + 5y
    std::size_t used_ = 0;                   // bytes waiting in buffer_, always < rate between calls
    alignas(64) std::array<std::byte, Spec.rate> buffer_{};
};

}  // namespace hashscope::detail::sha3
