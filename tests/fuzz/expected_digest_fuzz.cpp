// Fuzzes the expected-digest parser (what a user pastes): every reading it returns is of a known
// digest size, and a rejected text always gets an explanation.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "hashscope/verify/expected_digest.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hashscope::verify;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto readings = parse_expected_digest(text);
    for (const auto& reading : readings) {
        if (reading.candidates.empty()) __builtin_trap();
        for (const auto* candidate : reading.candidates) {
            if (candidate->digest_size != reading.bytes.size()) __builtin_trap();
        }
    }
    if (readings.empty() && explain_bad_digest(text).empty()) __builtin_trap();
    return 0;
}
