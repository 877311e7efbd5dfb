// Digest: the result of hashing, a small value that knows its algorithm and prints itself.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace hashscope {

class Digest {
public:
    static constexpr std::size_t max_size = 64;

    Digest() = default;
    // `algorithm` must outlive the digest: pass an AlgorithmInfo::id (static storage).
    Digest(std::string_view algorithm, std::span<const std::uint8_t> bytes);
    // CRCs, Adler-32 and xxHash values are shown as the big-endian bytes of the value.
    static Digest from_u32(std::string_view algorithm, std::uint32_t value);
    static Digest from_u64(std::string_view algorithm, std::uint64_t value);

    [[nodiscard]] std::string_view algorithm() const { return algorithm_; }
    [[nodiscard]] std::span<const std::uint8_t> bytes() const { return {bytes_.data(), size_}; }
    [[nodiscard]] std::size_t size() const { return size_; }
    [[nodiscard]] std::string hex() const;  // lowercase

    friend bool operator==(const Digest& a, const Digest& b) {
        return a.algorithm_ == b.algorithm_ &&
               std::equal(a.bytes().begin(), a.bytes().end(), b.bytes().begin(), b.bytes().end());
    }

private:
    std::string_view algorithm_;
    std::array<std::uint8_t, max_size> bytes_{};
    std::size_t size_ = 0;
};

// Lowercase hex of any bytes.
std::string to_hex(std::span<const std::uint8_t> bytes);
// Standard base64 (RFC 4648, '+' '/', padded with '='), as `cksum --base64` prints digests.
std::string to_base64(std::span<const std::uint8_t> bytes);

}  // namespace hashscope
