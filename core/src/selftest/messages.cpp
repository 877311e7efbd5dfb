// The known answers' messages: bytes to hash, words to report.
#include "selftest/messages.hpp"

namespace hashscope::selftest {

std::vector<std::byte> message_bytes(const MessageSpec& message) {
    std::vector<std::byte> bytes(message.length);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        bytes[i] = message.text.empty() ? static_cast<std::byte>(i % 251)
                                        : static_cast<std::byte>(message.text[i % message.text.size()]);
    }
    return bytes;
}

std::string describe(const MessageSpec& message) {
    if (message.length == 0) return "the empty message";
    if (message.text.empty()) return std::to_string(message.length) + " bytes of i mod 251";
    // Printable text is quoted as it is; other bytes (0x00, 0xa3) as hex.
    std::string unit;
    for (const char c : message.text) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f) {
            unit += c;
        } else {
            static constexpr char kHex[] = "0123456789abcdef";
            unit += "\\x";
            unit += kHex[u >> 4];
            unit += kHex[u & 15];
        }
    }
    if (message.length == message.text.size()) return "\"" + unit + "\"";
    return std::to_string(message.length / message.text.size()) + " x \"" + unit + "\"";
}

}  // namespace hashscope::selftest
