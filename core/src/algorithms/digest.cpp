#include "hashscope/digest.hpp"

#include <cassert>

namespace hashscope {

Digest::Digest(std::string_view algorithm, std::span<const std::uint8_t> bytes) : algorithm_(algorithm) {
    assert(bytes.size() <= max_size);
    size_ = std::min(bytes.size(), max_size);
    std::copy_n(bytes.begin(), size_, bytes_.begin());
}

Digest Digest::from_u32(std::string_view algorithm, std::uint32_t value) {
    const std::array<std::uint8_t, 4> be{static_cast<std::uint8_t>(value >> 24), static_cast<std::uint8_t>(value >> 16),
                                         static_cast<std::uint8_t>(value >> 8), static_cast<std::uint8_t>(value)};
    return {algorithm, be};
}

Digest Digest::from_u64(std::string_view algorithm, std::uint64_t value) {
    std::array<std::uint8_t, 8> be{};
    for (std::size_t i = 0; i < be.size(); ++i) be[i] = static_cast<std::uint8_t>(value >> (56 - 8 * i));
    return {algorithm, be};
}

std::string Digest::hex() const { return to_hex(bytes()); }

std::string to_hex(std::span<const std::uint8_t> bytes) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out(bytes.size() * 2, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        out[2 * i] = kDigits[bytes[i] >> 4];
        out[2 * i + 1] = kDigits[bytes[i] & 0xF];
    }
    return out;
}

std::string to_base64(std::span<const std::uint8_t> bytes) {
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
        std::uint32_t group = std::uint32_t{bytes[i]} << 16;
        if (n > 1) group |= std::uint32_t{bytes[i + 1]} << 8;
        if (n > 2) group |= bytes[i + 2];
        for (std::size_t k = 0; k < 4; ++k) {
            out += k <= n ? kAlphabet[(group >> (18 - 6 * k)) & 0x3F] : '=';
        }
    }
    return out;
}

}  // namespace hashscope
