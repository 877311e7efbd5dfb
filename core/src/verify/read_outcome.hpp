// What a read loop reports back to the FileDigester: how far it got and why it stopped.
#pragma once

#include <cstdint>
#include <string>

namespace hashscope::verify {

struct ReadOutcome {
    enum class End { complete, cancelled, failed, short_read } end = End::complete;
    std::string error;        // strerror of a failed read
    std::uint64_t bytes = 0;  // bytes read and hashed
};

}  // namespace hashscope::verify
