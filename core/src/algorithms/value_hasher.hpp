// A Hasher over any checksum that is "a value you extend": crc = extend(crc, bytes).
// CRCs, Adler-32 and every library that exposes them that way share this one adapter.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <type_traits>

#include "hashscope/hasher.hpp"

namespace hashscope::detail {

template <class Word>
using ExtendFn = Word (*)(Word, const std::byte*, std::size_t);

template <class Word, ExtendFn<Word> Extend, Word Initial = 0>
class ValueHasher final : public Hasher {
    static_assert(std::is_same_v<Word, std::uint32_t> || std::is_same_v<Word, std::uint64_t>);

public:
    explicit ValueHasher(std::string_view algorithm) : algorithm_(algorithm) {}

    void update(std::span<const std::byte> data) override { value_ = Extend(value_, data.data(), data.size()); }
    Digest finish() override {
        if constexpr (sizeof(Word) == 4) {
            return Digest::from_u32(algorithm_, value_);
        } else {
            return Digest::from_u64(algorithm_, value_);
        }
    }
    void reset() override { value_ = Initial; }

private:
    std::string_view algorithm_;
    Word value_ = Initial;
};

template <class Word, ExtendFn<Word> Extend, Word Initial = 0>
HasherPtr make_value_hasher(std::string_view algorithm) {
    return std::make_unique<ValueHasher<Word, Extend, Initial>>(algorithm);
}

}  // namespace hashscope::detail
