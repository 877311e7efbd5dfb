// Internal: the known-answer vectors the self-test carries inside the library (never read from
// files at run time), and the messages they describe.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope::selftest {

// A message described compactly: `text` repeated to `length` bytes ("a" x 1000000), or, when
// `text` is empty, BLAKE3's test input: byte i is i % 251.
struct MessageSpec {
    std::string_view text;
    std::size_t length;
};

struct KnownAnswer {
    std::string_view algorithm;  // AlgorithmInfo::id
    MessageSpec message;
    std::string_view hex;  // the digest as Digest::hex() prints it
};

// Every vector, grouped by algorithm.
std::span<const KnownAnswer> known_answers();

// The bytes of a message.
std::vector<std::byte> message_bytes(const MessageSpec& message);
// For failure messages: "\"abc\"", "1000000 x \"a\"", "2049 bytes of i mod 251".
std::string describe(const MessageSpec& message);

}  // namespace hashscope::selftest
