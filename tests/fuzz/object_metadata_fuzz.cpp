// Fuzzes what users bring from object stores: metadata JSON (S3, GCS, Azure) and values pasted as
// "BASE64-N" / "HEX-N". Any bytes: an answer or an error that says something, never a crash; what
// is read holds together (digest sizes of their algorithms, parts numbered from 1), and a value
// read back from its own text is the same value.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "hashscope/verify/object_match.hpp"
#include "hashscope/verify/object_metadata.hpp"

namespace {

void require(bool condition) {
    if (!condition) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hashscope::verify;
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    const auto metadata = parse_object_metadata(text);
    if (!metadata) {
        require(!metadata.error().message.empty());
    } else {
        const auto& m = metadata.value();
        require(!m.source.empty());
        for (const auto& c : m.checksums) {
            require(c.algorithm != nullptr && !c.field.empty());
            require(c.value.bytes.size() == c.algorithm->digest_size);
        }
        for (std::size_t i = 0; i < m.parts.size(); ++i) {
            require(m.parts[i].number == i + 1);
            if (!m.parts[i].value.empty()) require(m.parts[i].value.size() == m.parts_algorithm->digest_size);
        }
        if (!m.parts.empty()) {
            const auto part_size = listed_part_size(m);
            require(static_cast<bool>(part_size) || !part_size.error().message.empty());
        }
    }

    const auto value = parse_object_value(text);
    if (!value) {
        require(!value.error().message.empty());
    } else {
        const auto again = parse_object_value(format_object_value(value.value()));
        require(static_cast<bool>(again));
        require(again.value().bytes == value.value().bytes && again.value().parts == value.value().parts &&
                again.value().etag == value.value().etag);
    }
    return 0;
}
