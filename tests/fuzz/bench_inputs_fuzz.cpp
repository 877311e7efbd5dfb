// Fuzzes what `hashscope-cli bench` parses from a user: size lists and ranges ("64..4MiB:x4"),
// modes ("stream:4096"), and a benchmark JSON loaded as a baseline (it may come from another
// machine, hand-edited or truncated). Nothing may crash, hang or allocate without bound.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "hashscope/bench/report.hpp"
#include "hashscope/bench/sizes.hpp"
#include "hashscope/bench/spec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hashscope::bench;
    if (size == 0) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    switch (data[0] % 3) {
        case 0:
            if (auto sizes = parse_sizes(text)) {
                for (auto s : *sizes) {
                    if (s == 0) __builtin_trap();  // a size of zero bytes is refused, never listed
                }
            }
            break;
        case 1:
            (void)parse_mode(text);
            break;
        default:
            if (auto report = report_from_json(text)) {
                (void)to_json(*report);  // what was loaded can be written again
                (void)to_csv(*report);
            }
    }
    return 0;
}
