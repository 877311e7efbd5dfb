// The text rules of checksum files, one line at a time (see sums_file.hpp); sums_reader.cpp
// reads the files and hands their lines to SumsParser.
//
// Which format a line is (outside .sfv files): a line that starts with hex and a space is GNU
// (xxhsum's "XXH3_" prefix allowed); one that starts with a word and '(' is a BSD tag; failing
// both, a line whose last word is 8 hex digits is SFV. In a .sfv file SFV is tried first, then
// GNU/BSD (the writer falls back to an escaped GNU line for names SFV cannot hold).
#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/ascii.hpp"
#include "hashscope/verify/expected_digest.hpp"
#include "hashscope/verify/sums_file.hpp"

namespace hashscope::verify {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

bool is_blank(char c) { return c == ' ' || c == '\t'; }

using ascii::hex_value;
bool all_hex(std::string_view s) {
    // A plain loop: std::all_of with a function's address made a call per digit.
    for (const char c : s) {
        if (hex_value(c) < 0) return false;
    }
    return !s.empty();
}

std::string_view trim_left(std::string_view s) {
    while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
    return s;
}
std::string_view trim_right(std::string_view s) {
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    return s;
}

std::vector<std::uint8_t> decode_hex(std::string_view hex) {
    std::vector<std::uint8_t> out(hex.size() / 2);
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i] = static_cast<std::uint8_t>(hex_value(hex[2 * i]) * 16 + hex_value(hex[2 * i + 1]));
    }
    return out;
}

bool starts_with_ignoring_case(std::string_view s, std::string_view prefix) {
    if (s.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (std::toupper(static_cast<unsigned char>(s[i])) != std::toupper(static_cast<unsigned char>(prefix[i]))) {
            return false;
        }
    }
    return true;
}

std::string in_quotes(std::string_view s) { return "'" + std::string(s) + "'"; }

std::string hex_digits(std::size_t n) { return std::to_string(n) + (n == 1 ? " hex digit" : " hex digits"); }

// coreutils' escapes: "\\\\" -> '\', "\\n" -> newline, "\\r" -> CR. Anything else is an error.
std::optional<std::string> unescape(std::string_view in, std::string& reason) {
    std::string out;
    out.reserve(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (in[i] != '\\') {
            out += in[i];
            continue;
        }
        if (i + 1 == in.size()) {
            reason = "bad escape: the name ends in a lone '\\'";
            return std::nullopt;
        }
        switch (in[++i]) {
            case '\\':
                out += '\\';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            default:
                reason = std::string("bad escape '\\") + in[i] + "' in the name (only \\\\, \\n and \\r exist)";
                return std::nullopt;
        }
    }
    return out;
}

// A line's file name: as written, or unescaped when the line is escaped.
std::optional<std::string> name_on_line(std::string_view raw, bool escaped, std::string& reason) {
    if (!escaped) return std::string(raw);
    return unescape(raw, reason);
}

// What one attempt at one format made of a line.
struct Attempt {
    enum Kind { not_this_format, failed, parsed } kind = not_this_format;
    std::string reason;  // for failed
    SumsEntry entry;     // for parsed
};

Attempt fail(std::string reason) {
    Attempt a;
    a.kind = Attempt::failed;
    a.reason = std::move(reason);
    return a;
}

Attempt success(SumsEntry entry) {
    Attempt a;
    a.kind = Attempt::parsed;
    a.entry = std::move(entry);
    return a;
}

std::string names_of(const std::vector<const AlgorithmInfo*>& algos, std::string_view what) {
    std::string out;
    for (std::size_t i = 0; i < algos.size(); ++i) {
        if (i != 0) out += " / ";
        out += what == "display" ? std::string(algos[i]->display) : std::to_string(algos[i]->digest_size * 2);
    }
    return out;
}

// Everything a line's digest is checked against, besides the line itself.
struct Context {
    const SumsReadOptions& options;
    const std::vector<const AlgorithmInfo*>& name_algorithms;
};

// The algorithms of a GNU or SFV digest of `hex_count` digits: -a, else the sums file's name,
// else the length. Empty with `reason` set when nothing fits. With `variants`, an algorithm with
// length variants takes the length the line has, as `b2sum -c` does (not for SFV, whose 8 digits
// are a 4-byte checksum: a BLAKE2b-32 there is a misreading).
std::vector<const AlgorithmInfo*> candidates_for(std::size_t hex_count, const Context& ctx, std::string& reason,
                                                 bool variants = true) {
    const std::size_t bytes = hex_count / 2;
    const auto sized_as = [&](const AlgorithmInfo& a) -> const AlgorithmInfo* {
        if (variants) return with_digest_size(a, bytes);
        return a.digest_size == bytes ? &a : nullptr;
    };
    if (const auto* a = ctx.options.algorithm) {
        if (const auto* sized = sized_as(*a)) return {sized};
        reason = hex_digits(hex_count) + ", but -a " + std::string(a->id) + " needs " + hex_digits(a->digest_size * 2);
        return {};
    }
    if (!ctx.name_algorithms.empty()) {
        std::vector<const AlgorithmInfo*> fit;
        for (const auto* a : ctx.name_algorithms) {
            if (const auto* sized = sized_as(*a)) fit.push_back(sized);
        }
        if (fit.empty()) {
            reason = hex_digits(hex_count) + ", but a file named " + in_quotes(ctx.options.file_name) + " holds " +
                     names_of(ctx.name_algorithms, "display") + " digests of " +
                     names_of(ctx.name_algorithms, "digits") + " hex digits";
        }
        return fit;
    }
    auto fit = algorithms_for_digest_size(bytes);
    if (fit.empty()) {
        reason = hex_digits(hex_count) + " (" + std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes") +
                 ") is no digest length of a known algorithm";
    }
    return fit;
}

std::string odd_length(std::size_t hex_count) { return hex_digits(hex_count) + ": an odd count cannot be bytes"; }

// xxhsum writes "XXH3_<hex>  name" for XXH3 (0.8.2 and later); the others are accepted alike.
struct XxhPrefix {
    std::string_view prefix;
    std::string_view id;
};
constexpr std::array kXxhPrefixes{XxhPrefix{"XXH3_", "xxh3"}, XxhPrefix{"XXH32_", "xxh32"},
                                  XxhPrefix{"XXH64_", "xxh64"}, XxhPrefix{"XXH128_", "xxh128"}};

// A digest field of an algorithm with `size`-byte digests: hex, or base64 as `cksum --base64`
// writes it (standard alphabet, padded to a multiple of 4), read since coreutils 9.2.
std::optional<std::vector<std::uint8_t>> decode_digest_field(std::string_view field, std::size_t size) {
    if (field.size() == size * 2 && all_hex(field)) return decode_hex(field);
    if (field.size() != (size + 2) / 3 * 4 || field.find_first_of("-_") != std::string_view::npos) return std::nullopt;
    std::string why;
    auto bytes = decode_base64(field, why);
    if (!bytes || bytes->size() != size) return std::nullopt;
    return bytes;
}

// The one algorithm a GNU line's base64 digest can be checked against: -a, else the only one the
// sums file's name says. nullptr when a base64 field cannot be told from a name.
const AlgorithmInfo* base64_algorithm(const Context& ctx) {
    if (ctx.options.algorithm != nullptr) return ctx.options.algorithm;
    return ctx.name_algorithms.size() == 1 ? ctx.name_algorithms.front() : nullptr;
}

// "HEX  NAME", "HEX *NAME", BSD `md5 -r`'s "HEX NAME", optionally escaped ('\' first, already
// removed: `escaped`); the digest may be base64 where the algorithm is known.
//
// As coreutils' split_3 does, the first GNU line decides between the two-character separator and
// the one-space form, and later lines of the other form are refused: a name's own leading ' ' or
// '*' is then never mistaken for the separator (in the one-space form both belong to the name).
Attempt try_gnu(std::string_view line, bool escaped, const Context& ctx, GnuForm& form) {
    const AlgorithmInfo* prefixed = nullptr;
    for (const auto& p : kXxhPrefixes) {
        if (starts_with_ignoring_case(line, p.prefix)) {
            prefixed = find_algorithm(p.id);
            line.remove_prefix(p.prefix.size());
            break;
        }
    }
    std::size_t n = 0;
    while (n < line.size() && !is_blank(line[n])) ++n;
    if (n == 0) return {};
    const std::string_view field = line.substr(0, n);
    std::optional<std::vector<std::uint8_t>> base64;
    if (!all_hex(field)) {
        const AlgorithmInfo* known = prefixed == nullptr ? base64_algorithm(ctx) : nullptr;
        if (known == nullptr || n == line.size()) return {};
        base64 = decode_digest_field(field, known->digest_size);
        if (!base64) return {};
    }
    if (n == line.size()) return fail("a digest without a file name");

    std::string_view rest = line.substr(n + 1);
    if (rest.empty()) return fail("empty file name");
    SumsEntry entry;
    entry.format = SumsFormat::gnu;
    GnuForm line_form = GnuForm::two_characters;
    if (rest.size() == 1 || (rest.front() != ' ' && rest.front() != '*')) {
        if (form == GnuForm::two_characters) {
            return fail("one space between digest and name (the 'md5 -r' form) after lines with two characters");
        }
        line_form = GnuForm::one_space;
    } else if (form == GnuForm::one_space) {
        line_form = GnuForm::one_space;
    } else {
        entry.binary_mark = rest.front() == '*';
        rest.remove_prefix(1);
    }

    std::string reason;
    if (base64) {
        entry.candidates = {base64_algorithm(ctx)};
        entry.expected = std::move(*base64);
    } else {
        const std::string_view hex = field;
        if (hex.size() % 2 != 0) return fail(odd_length(hex.size()));
        if (prefixed != nullptr) {
            if (prefixed->digest_size * 2 != hex.size()) {
                return fail(hex_digits(hex.size()) + " after " + std::string(prefixed->display) + "'s prefix; it has " +
                            hex_digits(prefixed->digest_size * 2));
            }
            if (ctx.options.algorithm != nullptr && ctx.options.algorithm != prefixed) {
                return fail("the line says " + std::string(prefixed->display) + ", but -a " +
                            std::string(ctx.options.algorithm->id) + " was given");
            }
            entry.candidates = {prefixed};
        } else {
            entry.candidates = candidates_for(hex.size(), ctx, reason);
            if (entry.candidates.empty()) return fail(reason);
        }
        entry.expected = decode_hex(hex);
    }
    auto name = name_on_line(rest, escaped, reason);
    if (!name) return fail(reason);
    entry.name = std::move(*name);
    form = line_form;
    return success(std::move(entry));
}

// "TAG (NAME) = HEX", "TAG(NAME)= HEX" (OpenSSL), "TAG   (NAME) = HEX" (rhash pads the tag), with
// a hex or base64 digest. The name may hold ") = ": the digest follows the last ")=" or ") =".
Attempt try_bsd(std::string_view line, bool escaped, const Context& ctx, bool& little_endian) {
    std::size_t t = 0;
    while (t < line.size() && line[t] != '(' && !is_blank(line[t])) ++t;
    if (t == 0 || !std::isalpha(static_cast<unsigned char>(line[0]))) return {};
    std::string_view tag = line.substr(0, t);
    std::string_view rest = trim_left(line.substr(t));
    if (rest.empty() || rest.front() != '(') return {};
    rest = trim_right(rest.substr(1));

    // The last '=' after a ')': base64 digests end in '=' padding of their own.
    auto eq = rest.find_last_of('=');
    if (eq == std::string_view::npos) return fail("a BSD line without ' = ' and a digest after the name");
    while (eq != std::string_view::npos && !trim_right(rest.substr(0, eq)).ends_with(')')) {
        eq = eq == 0 ? std::string_view::npos : rest.find_last_of('=', eq - 1);
    }
    if (eq == std::string_view::npos) return fail("a BSD line without ')' before ' = '");
    const std::string_view hex = trim_left(rest.substr(eq + 1));
    const std::string_view before = trim_right(rest.substr(0, eq));
    const std::string_view raw_name = before.substr(0, before.size() - 1);
    if (hex.empty()) return fail("no digest after ' = '");

    little_endian = false;
    if (tag.size() > 3 && starts_with_ignoring_case(tag.substr(tag.size() - 3), "_LE")) {
        tag.remove_suffix(3);
        little_endian = true;
    }
    const AlgorithmInfo* algo = algorithm_for_tag(tag);
    if (algo != nullptr && little_endian && !algo->id.starts_with("xxh")) algo = nullptr;
    if (algo == nullptr) {
        std::string full(tag);
        if (little_endian) full += "_LE";
        // BLAKE2b's lengths are variants HashScope has (found above); BLAKE2s's are not.
        constexpr std::string_view blake2s = "BLAKE2s-";
        const std::string bits = full.size() > blake2s.size() ? full.substr(blake2s.size()) : "";
        if (starts_with_ignoring_case(full, blake2s) && !bits.empty() &&
            std::all_of(bits.begin(), bits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            return fail(in_quotes(full) + " is BLAKE2s with a " + bits +
                        "-bit digest, which HashScope does not have (only BLAKE2s-256)");
        }
        return fail("unknown BSD tag " + in_quotes(full));
    }
    auto expected = decode_digest_field(hex, algo->digest_size);
    if (!expected && !all_hex(hex)) {
        return fail("the digest after ' = ' is neither hex nor base64 of " + std::string(algo->display) + "'s " +
                    std::to_string(algo->digest_size) + " bytes: " + in_quotes(hex));
    }
    if (hex.size() % 2 != 0) return fail(odd_length(hex.size()));
    if (!expected) {
        return fail(hex_digits(hex.size()) + " after the tag " + in_quotes(tag) + ", but " +
                    std::string(algo->display) + " has " + hex_digits(algo->digest_size * 2));
    }
    // -a blake2b accepts any BLAKE2b length the line names, as `b2sum -c` does.
    if (ctx.options.algorithm != nullptr && &family_of(*ctx.options.algorithm) != &family_of(*algo)) {
        return fail("the line says " + std::string(algo->display) + ", but -a " +
                    std::string(ctx.options.algorithm->id) + " was given");
    }

    SumsEntry entry;
    entry.format = SumsFormat::bsd;
    std::string reason;
    auto name = name_on_line(raw_name, escaped, reason);
    if (!name) return fail(reason);
    entry.name = std::move(*name);
    if (entry.name.empty()) return fail("empty file name");
    entry.candidates = {algo};
    entry.expected = std::move(*expected);
    // xxhsum --little-endian writes the value's bytes in reverse; canonical order is big-endian.
    if (little_endian) std::reverse(entry.expected.begin(), entry.expected.end());
    return success(std::move(entry));
}

// A GNU or BSD line, with coreutils' escape marker.
Attempt try_gnu_or_bsd(std::string_view line, const Context& ctx, GnuForm& form, bool& little_endian) {
    const bool escaped = !line.empty() && line.front() == '\\';
    if (escaped) line.remove_prefix(1);
    Attempt gnu = try_gnu(line, escaped, ctx, form);
    if (gnu.kind != Attempt::not_this_format) return gnu;
    return try_bsd(line, escaped, ctx, little_endian);
}

// "NAME HEX8": a CRC-32 (or what -a / the file name says, if it is 4 bytes).
Attempt try_sfv(std::string_view line, const Context& ctx) {
    line = trim_right(line);
    const auto space = line.find_last_of(" \t");
    if (space == std::string_view::npos) return {};
    const std::string_view hex = line.substr(space + 1);
    if (!all_hex(hex)) return {};
    if (hex.size() != 8)
        return fail("an SFV line ends in 8 hex digits (CRC-32); this one has " + hex_digits(hex.size()));
    const std::string_view name = trim_right(line.substr(0, space));
    if (name.empty()) return fail("empty file name");

    SumsEntry entry;
    entry.format = SumsFormat::sfv;
    std::string reason;
    if (ctx.options.algorithm != nullptr || !ctx.name_algorithms.empty()) {
        entry.candidates = candidates_for(hex.size(), ctx, reason, false);
        if (entry.candidates.empty()) return fail(reason);
    } else {
        entry.candidates = {find_algorithm("crc32")};
    }
    entry.name = std::string(name);
    entry.expected = decode_hex(hex);
    return success(std::move(entry));
}

}  // namespace

SumsParser::SumsParser(SumsReadOptions options) : options_(std::move(options)) {
    if (!options_.file_name.empty()) {
        name_algorithms_ = algorithms_for_sums_name(options_.file_name);
        std::string lower;
        for (char c : options_.file_name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        sfv_file_ = lower.ends_with(".sfv");
    }
}

void SumsParser::feed_unusable(std::string_view reason, SumsFile& out) {
    ++line_number_;
    if (pgp_ == Pgp::header || pgp_ == Pgp::signature) return;
    out.diagnostics.push_back({line_number_, std::string(reason)});
}

void SumsParser::feed(std::string_view line, SumsFile& out) {
    ++line_number_;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line_number_ == 1 && line.starts_with(kBom)) {
        line.remove_prefix(kBom.size());
        out.notes.emplace_back("UTF-8 byte order mark at the start (ignored)");
    }
    const std::string_view bare = trim_right(trim_left(line));
    switch (pgp_) {
        case Pgp::outside:
            if (bare == "-----BEGIN PGP SIGNED MESSAGE-----") {
                pgp_ = Pgp::header;
                out.pgp_signed = true;
                out.notes.emplace_back("PGP clear-signed; the signature was not checked");
                return;
            }
            break;
        case Pgp::header:  // "Hash: SHA256" and the like, up to a blank line
            if (bare.empty()) pgp_ = Pgp::body;
            return;
        case Pgp::body:
            if (bare == "-----BEGIN PGP SIGNATURE-----") {
                pgp_ = Pgp::signature;
                return;
            }
            if (line.starts_with("- ")) line.remove_prefix(2);  // RFC 4880 dash-escaping
            break;
        case Pgp::signature:
            if (bare == "-----END PGP SIGNATURE-----") pgp_ = Pgp::outside;
            return;
    }
    parse_line(line, out);
}

void SumsParser::parse_line(std::string_view line, SumsFile& out) {
    const std::string_view content = trim_left(line);
    if (trim_right(content).empty() || content.front() == '#') return;
    if (content.front() == ';') {
        if (!sfv_file_) semicolon_lines_.push_back(line_number_);
        return;
    }
    if (content.find('\0') != std::string_view::npos) {
        out.diagnostics.push_back({line_number_, "a NUL byte in the line"});
        return;
    }

    const Context ctx{options_, name_algorithms_};
    bool little_endian = false;
    Attempt result;
    std::string reason;
    auto consider = [&](Attempt a) {
        if (a.kind == Attempt::parsed) {
            result = std::move(a);
            return true;
        }
        if (a.kind == Attempt::failed && reason.empty()) reason = std::move(a.reason);
        return false;
    };
    if (sfv_file_) {
        // An escaped GNU line first (the writer's fallback); a Windows "\dir\file 1234ABCD" fails it.
        const bool escaped = content.front() == '\\';
        if (!(escaped && consider(try_gnu_or_bsd(content, ctx, gnu_form_, little_endian))) &&
            !consider(try_sfv(content, ctx)) && !escaped) {
            consider(try_gnu_or_bsd(content, ctx, gnu_form_, little_endian));
        }
    } else if (!consider(try_gnu_or_bsd(content, ctx, gnu_form_, little_endian))) {
        consider(try_sfv(content, ctx));
    }

    if (result.kind != Attempt::parsed) {
        out.diagnostics.push_back({line_number_, reason.empty() ? "no digest found" : reason});
        return;
    }
    if (result.entry.format == SumsFormat::sfv) saw_sfv_line_ = true;
    if (little_endian && result.entry.format == SumsFormat::bsd && !noted_little_endian_) {
        noted_little_endian_ = true;
        out.notes.emplace_back("xxhsum little-endian digests (XXH*_LE tags) were read in canonical byte order");
    }
    result.entry.line = line_number_;
    out.entries.push_back(std::move(result.entry));
}

void SumsParser::finish(SumsFile& out) {
    if (pgp_ == Pgp::header || pgp_ == Pgp::body) {
        out.notes.emplace_back("the PGP clear-signed message has no signature block");
    } else if (pgp_ == Pgp::signature) {
        out.notes.emplace_back("the PGP signature block never ends");
    }
    pgp_ = Pgp::outside;
    if (!semicolon_lines_.empty() && !saw_sfv_line_) {
        const auto middle = out.diagnostics.size();
        for (std::size_t line : semicolon_lines_) {
            out.diagnostics.push_back({line, "a ';' comment line, which only SFV files have"});
        }
        std::inplace_merge(out.diagnostics.begin(), out.diagnostics.begin() + static_cast<std::ptrdiff_t>(middle),
                           out.diagnostics.end(),
                           [](const SumsDiagnostic& a, const SumsDiagnostic& b) { return a.line < b.line; });
    }
    semicolon_lines_.clear();
}

SumsFile parse_sums(std::string_view text, const SumsReadOptions& options) {
    SumsParser parser(options);
    SumsFile out;
    while (!text.empty()) {
        const auto end = text.find('\n');
        parser.feed(text.substr(0, end), out);
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    parser.finish(out);
    return out;
}

}  // namespace hashscope::verify
