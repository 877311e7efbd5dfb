// A Hasher over any checksum that is "a value you extend" (see ExtendFn in registry.hpp): every
// CRC and Adler-32 implementation shares this one adapter. Small updates never reach it one by
// one: the Hasher base collects them (hasher.hpp).
#pragma once

#include "hashscope/algorithm.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::detail {

class ValueHasher final : public Hasher {
public:
    ValueHasher(const AlgorithmInfo& algorithm, ExtendFn extend, std::uint64_t initial)
        : algorithm_(algorithm), extend_(extend), initial_(initial), value_(initial) {}

    void do_update(std::span<const std::byte> data) override { value_ = extend_(value_, data.data(), data.size()); }
    Digest do_finish() override {
        return algorithm_.digest_size == 4 ? Digest::from_u32(algorithm_.id, static_cast<std::uint32_t>(value_))
                                           : Digest::from_u64(algorithm_.id, value_);
    }
    void do_reset() override { value_ = initial_; }

private:
    const AlgorithmInfo& algorithm_;
    ExtendFn extend_;
    std::uint64_t initial_;
    std::uint64_t value_;
};

}  // namespace hashscope::detail
