// A digest the user pastes or passes with --expect: hex (any case, with spaces, colons, dashes or a
// 0x prefix) or base64 (standard or URL-safe, padded or not, as S3's x-amz-checksum-* headers
// show it), and the algorithms whose digest length fits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/algorithm.hpp"

namespace hashscope::verify {

enum class DigestEncoding { hex, base64 };

struct ExpectedDigest {
    DigestEncoding encoding = DigestEncoding::hex;
    std::vector<std::uint8_t> bytes;
    std::vector<const AlgorithmInfo*> candidates;  // every algorithm of that digest size, table order
};

// Every reading of `text` that gives a digest of a known algorithm's size, hex first (a 64-digit
// hex string is also valid base64 of 48 bytes; the hex reading is the likely one). Empty when the
// text is no digest at all.
std::vector<ExpectedDigest> parse_expected_digest(std::string_view text);

// Why parse_expected_digest() found nothing, for a message ("not hex or base64", "12 hex digits
// is no digest length HashScope knows (4, 8, 16, 20, 28, 32, 48 or 64 bytes)").
std::string explain_bad_digest(std::string_view text);

// Base64, standard or URL-safe (not both in one text), padded or not; the unused low bits of the
// last character must be zero, as every encoder writes them. Sets `why` when the text is no base64.
std::optional<std::vector<std::uint8_t>> decode_base64(std::string_view text, std::string& why);

}  // namespace hashscope::verify
