// A Hasher over any checksum that is "a value you extend" (see ExtendFn in registry.hpp): every
// CRC and Adler-32 implementation shares this one adapter. Small updates never reach it one by
// one: the Hasher base collects them (hasher.hpp). It may hold one kernel per size band (a
// measured dispatch plan's), and extends each update with the kernel of that update's band.
#pragma once

#include <array>

#include "hashscope/algorithm.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::detail {

class ValueHasher final : public Hasher {
public:
    ValueHasher(const AlgorithmInfo& algorithm, const std::array<ExtendFn, kBands>& kernels, std::uint64_t initial)
        : algorithm_(algorithm), kernels_(kernels), initial_(initial), value_(initial) {}
    ValueHasher(const AlgorithmInfo& algorithm, ExtendFn kernel, std::uint64_t initial)
        : ValueHasher(algorithm, every_band(kernel), initial) {}

    void do_update(std::span<const std::byte> data) override {
        value_ = kernels_[band_of(data.size())](value_, data.data(), data.size());
    }
    Digest do_finish() override {
        return algorithm_.digest_size == 4 ? Digest::from_u32(algorithm_.id, static_cast<std::uint32_t>(value_))
                                           : Digest::from_u64(algorithm_.id, value_);
    }
    void do_reset() override { value_ = initial_; }

private:
    static std::array<ExtendFn, kBands> every_band(ExtendFn kernel) {
        std::array<ExtendFn, kBands> kernels;
        kernels.fill(kernel);
        return kernels;
    }

    const AlgorithmInfo& algorithm_;
    std::array<ExtendFn, kBands> kernels_;
    std::uint64_t initial_;
    std::uint64_t value_;
};

}  // namespace hashscope::detail
