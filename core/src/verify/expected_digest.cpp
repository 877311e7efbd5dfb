// Reading a digest a person pasted: hex with any separators people use, or base64 as S3's
// x-amz-checksum-* headers and many manifests give it.
#include "hashscope/verify/expected_digest.hpp"

#include <algorithm>
#include <optional>
#include <set>

#include "common/ascii.hpp"

namespace hashscope::verify {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

using ascii::hex_value;

std::vector<const AlgorithmInfo*> algorithms_of_size(std::size_t bytes) {
    std::vector<const AlgorithmInfo*> out;
    for (const auto& a : algorithms()) {
        if (a.digest_size == bytes) out.push_back(&a);
    }
    return out;
}

std::string known_sizes() {
    std::set<std::size_t> sizes;
    for (const auto& a : algorithms()) sizes.insert(a.digest_size);
    std::string out;
    std::size_t i = 0;
    for (std::size_t s : sizes) {
        if (i > 0) out += i + 1 == sizes.size() ? " or " : ", ";
        out += std::to_string(s);
        ++i;
    }
    return out + " bytes";
}

// The hex digits of `text` without "0x" and the separators people put between bytes (spaces,
// colons, dashes). nullopt when anything else is there.
std::optional<std::string> hex_digits_of(std::string_view text) {
    if (text.starts_with("0x") || text.starts_with("0X")) text.remove_prefix(2);
    std::string digits;
    for (char c : text) {
        if (hex_value(c) >= 0) {
            digits += c;
        } else if (!(is_space(c) || c == ':' || c == '-')) {
            return std::nullopt;
        }
    }
    if (digits.empty()) return std::nullopt;
    return digits;
}

int base64_value(char c, bool& standard, bool& url_safe) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+' || c == '/') {
        standard = true;
        return c == '+' ? 62 : 63;
    }
    if (c == '-' || c == '_') {
        url_safe = true;
        return c == '-' ? 62 : 63;
    }
    return -1;
}

}  // namespace

std::optional<std::vector<std::uint8_t>> decode_base64(std::string_view text, std::string& why) {
    std::size_t padding = 0;
    while (!text.empty() && text.back() == '=') {
        text.remove_suffix(1);
        ++padding;
    }
    if (text.empty()) {
        why = "it is empty";
        return std::nullopt;
    }
    if (padding > 2 || (padding > 0 && (text.size() + padding) % 4 != 0)) {
        why = "its '=' padding is wrong";
        return std::nullopt;
    }
    if (text.size() % 4 == 1) {
        why = "no base64 text has its length";
        return std::nullopt;
    }
    bool standard = false;
    bool url_safe = false;
    std::vector<std::uint8_t> out;
    std::uint32_t bits = 0;
    int held = 0;
    for (char c : text) {
        const int v = base64_value(c, standard, url_safe);
        if (v < 0) {
            why = std::string("it holds the character '") + c + "'";
            return std::nullopt;
        }
        bits = (bits << 6) | static_cast<std::uint32_t>(v);
        held += 6;
        if (held >= 8) {
            held -= 8;
            out.push_back(static_cast<std::uint8_t>(bits >> held));
            bits &= (1U << held) - 1;
        }
    }
    if (standard && url_safe) {
        why = "it mixes standard ('+', '/') and URL-safe ('-', '_') characters";
        return std::nullopt;
    }
    if (bits != 0) {
        why = "its last character carries stray bits";
        return std::nullopt;
    }
    return out;
}

std::vector<ExpectedDigest> parse_expected_digest(std::string_view text) {
    text = trim(text);
    std::vector<ExpectedDigest> out;
    if (const auto digits = hex_digits_of(text); digits && digits->size() % 2 == 0) {
        ExpectedDigest d;
        d.encoding = DigestEncoding::hex;
        for (std::size_t i = 0; i < digits->size(); i += 2) {
            d.bytes.push_back(static_cast<std::uint8_t>(hex_value((*digits)[i]) * 16 + hex_value((*digits)[i + 1])));
        }
        d.candidates = algorithms_of_size(d.bytes.size());
        if (!d.candidates.empty()) out.push_back(std::move(d));
    }
    std::string why;
    if (auto bytes = decode_base64(text, why)) {
        ExpectedDigest d;
        d.encoding = DigestEncoding::base64;
        d.bytes = std::move(*bytes);
        d.candidates = algorithms_of_size(d.bytes.size());
        if (!d.candidates.empty()) out.push_back(std::move(d));
    }
    return out;
}

std::string explain_bad_digest(std::string_view text) {
    text = trim(text);
    if (text.empty()) return "no digest given";
    if (!parse_expected_digest(text).empty()) return "";
    const std::string sizes = "(" + known_sizes() + ")";
    if (const auto digits = hex_digits_of(text)) {
        const std::size_t n = digits->size();
        if (n % 2 != 0) return std::to_string(n) + " hex digits: an odd count cannot be bytes";
        return std::to_string(n) + " hex digits is no digest length HashScope knows " + sizes;
    }
    std::string why;
    if (const auto bytes = decode_base64(text, why)) {
        return "base64 of " + std::to_string(bytes->size()) + " bytes is no digest length HashScope knows " + sizes;
    }
    return "not hex, and not base64 either: " + why;
}

}  // namespace hashscope::verify
