// Fuzzes the JSON line reader of `merge`: any line is a record or an error with a message, and a
// record read back is written and read again to the same record (names of any bytes included).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "hashscope/verify/file_record.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hashscope::verify;
    const std::string_view line(reinterpret_cast<const char*>(data), size);
    const auto record = parse_json_line(line);
    if (!record) {
        if (record.error().message.empty()) __builtin_trap();
        return 0;
    }
    const auto again = parse_json_line(to_json_line(*record));
    if (!again) __builtin_trap();
    if (again->path != record->path || again->size != record->size || again->algorithm != record->algorithm ||
        again->digest != record->digest || again->status != record->status) {
        __builtin_trap();
    }
    return 0;
}
