// Internal: the messages of the known answers (AlgorithmInfo::known_answers), as bytes and as
// words for failure messages.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hashscope/algorithm.hpp"

namespace hashscope::selftest {

// The bytes of a message.
std::vector<std::byte> message_bytes(const MessageSpec& message);
// For failure messages: "\"abc\"", "1000000 x \"a\"", "2049 bytes of i mod 251".
std::string describe(const MessageSpec& message);

}  // namespace hashscope::selftest
