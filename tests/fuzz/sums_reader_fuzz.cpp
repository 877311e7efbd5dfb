// Fuzzes the checksum-file reader: any bytes, split into lines, with every way the algorithm can
// be decided (-a, the sums file's name, the digest length). Checks the reader's own promises.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "hashscope/verify/sums_file.hpp"

namespace {

void require(bool condition) {
    if (!condition) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    using namespace hashscope;
    // The first byte picks the context the file is read in; the rest is the file.
    static constexpr const char* kNames[] = {"",       "SHA256SUMS", "x.md5",    "release.sfv",
                                             "B3SUMS", "sums.xxh3",  "CHECKSUMS"};
    static constexpr const char* kForced[] = {nullptr, "sha256", "crc32", "blake3", "xxh128"};
    verify::SumsReadOptions options;
    options.file_name = kNames[data[0] % std::size(kNames)];
    const char* forced = kForced[(data[0] / 8) % std::size(kForced)];
    options.algorithm = forced != nullptr ? find_algorithm(forced) : nullptr;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

    const auto sums = verify::parse_sums(text, options);
    for (const auto& entry : sums.entries) {
        require(entry.line >= 1);
        require(!entry.candidates.empty());
        for (const auto* candidate : entry.candidates) require(candidate->digest_size == entry.expected.size());
        if (options.algorithm != nullptr && entry.format != verify::SumsFormat::bsd) {
            require(entry.candidates.size() == 1 && entry.candidates[0] == options.algorithm);
        }
        // What the writer writes for an entry reads back as the same name and digest.
        const auto* algorithm = entry.candidates.front();
        for (auto format : {verify::SumsFormat::gnu, verify::SumsFormat::bsd, verify::SumsFormat::sfv}) {
            std::string hex;
            for (auto b : entry.expected) {
                static constexpr char kDigits[] = "0123456789abcdef";
                hex += kDigits[b >> 4];
                hex += kDigits[b & 15];
            }
            const auto line = verify::format_sums_line(format, *algorithm, entry.name, hex);
            verify::SumsReadOptions again;
            again.algorithm = algorithm;
            again.file_name = format == verify::SumsFormat::sfv ? "x.sfv" : "";
            const auto back = verify::parse_sums(line, again);
            if (entry.name.empty()) continue;
            require(back.entries.size() == 1);
            require(back.entries[0].name == entry.name);
            require(back.entries[0].expected == entry.expected);
        }
    }
    for (const auto& diagnostic : sums.diagnostics) require(diagnostic.line >= 1 && !diagnostic.reason.empty());
    return 0;
}
