// Finding a checksum file's signature (clear-signed, or a detached file beside it) and handing it
// to its scheme: OpenPGP (signature_openpgp.cpp), minisign and signify (signature_ed25519.cpp).
#include "hashscope/verify/signature.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "verify/signature_schemes.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kBeginSigned = "-----BEGIN PGP SIGNED MESSAGE-----";
constexpr std::string_view kBeginSignature = "-----BEGIN PGP SIGNATURE-----";
constexpr std::string_view kEndSignature = "-----END PGP SIGNATURE-----";
constexpr std::string_view kBom = "\xEF\xBB\xBF";
// A clear-signed checksum file is read whole to be checked; as sums_reader.cpp, up to 1 GiB.
constexpr std::uintmax_t kMaxClearSignedSize = std::uintmax_t{1} << 30;
// Signatures and key files are small; a larger "signature" is not one.
constexpr std::uintmax_t kMaxSignatureSize = std::uintmax_t{1} << 20;
// The detached signatures looked for beside NAME, in this order.
constexpr std::array<std::string_view, 5> kDetachedSuffixes = {".gpg", ".asc", ".sig", ".sign", ".minisig"};

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// Whether the file holds a clear-signed message, scanned in blocks so a huge unsigned checksum
// file is never held whole.
bool holds_clear_signed(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::string window;
    std::vector<char> buffer(std::size_t{1} << 20);
    while (in) {
        in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        window.append(buffer.data(), static_cast<std::size_t>(in.gcount()));
        if (window.find(kBeginSigned) != std::string::npos) return true;
        if (window.size() > kBeginSigned.size()) window.erase(0, window.size() - kBeginSigned.size());
    }
    return false;
}

// nullopt when the marker was only part of a line, not a clear-signed message.
std::optional<SignatureCheck> check_clear_signed(const fs::path& path, const SignatureOptions& options) {
    SignatureCheck check;
    check.clear_signed = true;
    std::string why;
    const auto text = detail::read_whole_file(path, kMaxClearSignedSize, why);
    if (!text) {
        check.verdicts.push_back(detail::error_verdict("OpenPGP", "clear-signed", "cannot read it whole: " + why));
        return check;
    }
    const ClearSignedParts parts = find_clear_signed(*text);
    if (!parts.found) return std::nullopt;
    check.first_line = parts.first_line;
    if (parts.text_outside) check.notes.emplace_back("text outside the clear-signed part was ignored");
    if (!parts.complete) {
        check.signed_text = parts.body;
        check.verdicts.push_back(detail::error_verdict("OpenPGP", "clear-signed",
                                                       "the clear-signed message has no complete signature block"));
        return check;
    }
    std::string from_gnupg;
    check.verdicts = detail::verify_openpgp_clear_signed(parts.block, options, from_gnupg);
    // GnuPG's reading of what it checked is the one to trust; ours only when GnuPG gave none.
    check.signed_text = from_gnupg.empty() ? parts.body : from_gnupg;
    return check;
}

std::vector<SignatureVerdict> check_detached(const fs::path& signed_file, const fs::path& signature_file,
                                             const SignatureOptions& options) {
    const std::string source = signature_file.filename().string();
    std::string why;
    const auto text = detail::read_whole_file(signature_file, kMaxSignatureSize, why);
    if (!text) return {detail::error_verdict("", source, source + ": " + why)};
    std::vector<SignatureVerdict> verdicts;
    // NAME.minisig is minisign's whatever it holds (its parser refuses what is not); otherwise
    // both Ed25519 formats start with an untrusted comment, and only minisign has a trusted one.
    const bool ed25519 = text->starts_with("untrusted comment:");
    if (signature_file.extension() == ".minisig" ||
        (ed25519 && text->find("\ntrusted comment:") != std::string::npos)) {
        verdicts.push_back(detail::verify_minisign(signed_file, *text, options));
    } else if (ed25519) {
        verdicts.push_back(detail::verify_signify(signed_file, *text, options));
    } else {
        verdicts = detail::verify_openpgp_detached(signed_file, signature_file, options);
    }
    for (auto& v : verdicts) v.source = source;
    return verdicts;
}

}  // namespace

namespace detail {

std::optional<std::string> read_whole_file(const fs::path& path, std::uintmax_t limit, std::string& why) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec) {
        why = ec.message();
        return std::nullopt;
    }
    if (size > limit) {
        why = "too large";
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in.read(text.data(), static_cast<std::streamsize>(text.size()))) {
        why = "read error";
        return std::nullopt;
    }
    return text;
}

SignatureVerdict error_verdict(std::string_view scheme, std::string source, std::string message) {
    SignatureVerdict v;
    v.kind = SignatureKind::error;
    v.scheme = scheme;
    v.source = std::move(source);
    v.message = std::move(message);
    return v;
}

}  // namespace detail

std::string signature_verdict_text(const SignatureVerdict& v) {
    const std::string key = v.fingerprint.empty() ? std::string() : " (" + v.fingerprint + ")";
    const std::string why = v.message.empty() ? std::string() : ": " + v.message;
    switch (v.kind) {
        case SignatureKind::none:
            return "none";
        case SignatureKind::good: {
            std::string text = "good, by ";
            text += v.signer.empty() ? v.scheme + " key " + v.fingerprint : v.signer + key;
            if (!v.trusted_comment.empty()) text += ", trusted comment: " + v.trusted_comment;
            return text;
        }
        case SignatureKind::good_uncertified:
            return "good, but the key is not certified" + key + (v.signer.empty() ? "" : ", user ID " + v.signer);
        case SignatureKind::bad:
            return "BAD" + key + why;
        case SignatureKind::unknown_key:
            return "unknown key " + v.fingerprint + (v.message.empty() ? "" : " (" + v.message + ")");
        case SignatureKind::expired:
            return "expired" + key + why;
        case SignatureKind::revoked:
            return "revoked" + key + ": the key was revoked";
        case SignatureKind::error:
            return "not checked" + why;
    }
    return "not checked";
}

bool signatures_pass(const std::vector<SignatureVerdict>& verdicts) {
    const auto is = [&](std::initializer_list<SignatureKind> kinds) {
        return std::any_of(verdicts.begin(), verdicts.end(), [&](const SignatureVerdict& v) {
            return std::find(kinds.begin(), kinds.end(), v.kind) != kinds.end();
        });
    };
    return is({SignatureKind::good, SignatureKind::good_uncertified}) &&
           !is({SignatureKind::bad, SignatureKind::revoked, SignatureKind::expired, SignatureKind::error});
}

ClearSignedParts find_clear_signed(std::string_view text) {
    ClearSignedParts parts;
    enum class State { before, header, body, signature, after } state = State::before;
    std::size_t line_number = 0;
    std::size_t offset = 0;
    std::size_t block_start = 0;
    while (offset < text.size()) {
        const auto end = text.find('\n', offset);
        const std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
        std::string_view line = text.substr(offset, next - offset);
        if (line.ends_with('\n')) line.remove_suffix(1);
        if (line.ends_with('\r')) line.remove_suffix(1);
        ++line_number;
        if (line_number == 1 && line.starts_with(kBom)) line.remove_prefix(kBom.size());
        const std::string_view bare = trimmed(line);
        switch (state) {
            case State::before:
            case State::after:
                if (state == State::before && bare == kBeginSigned) {
                    state = State::header;
                    parts.found = true;
                    block_start = offset;
                } else if (!bare.empty()) {
                    parts.text_outside = true;
                }
                break;
            case State::header:
                if (bare.empty()) {
                    state = State::body;
                    parts.first_line = line_number + 1;
                }
                break;
            case State::body:
                if (bare == kBeginSignature) {
                    state = State::signature;
                } else {
                    if (line.starts_with("- ")) line.remove_prefix(2);  // RFC 4880 dash-escaping
                    parts.body.append(line);
                    parts.body += '\n';
                }
                break;
            case State::signature:
                if (bare == kEndSignature) {
                    state = State::after;
                    parts.complete = true;
                    parts.block = text.substr(block_start, next - block_start);
                }
                break;
        }
        offset = next;
    }
    return parts;
}

SumsFile parse_signed_sums(const SignatureCheck& check, const SumsReadOptions& options) {
    SumsFile sums = parse_sums(check.signed_text, options);
    const std::size_t offset = check.first_line - 1;
    for (auto& e : sums.entries) e.line += offset;
    for (auto& d : sums.diagnostics) d.line += offset;
    return sums;
}

namespace {

// signify's embedded form (`signify -S -e`, OpenBSD's SHA256.sig): an untrusted comment, the
// signature's base64 line, then the signed message. nullopt when the file is not in that form.
std::optional<SignatureCheck> check_signify_embedded(const fs::path& path, const SignatureOptions& options) {
    std::ifstream in(path, std::ios::binary);
    std::string head(18, '\0');
    if (!in.read(head.data(), static_cast<std::streamsize>(head.size())) || head != "untrusted comment:") {
        return std::nullopt;
    }
    std::string why;
    const auto text = detail::read_whole_file(path, kMaxClearSignedSize, why);
    if (!text) return std::nullopt;
    const auto first = text->find('\n');
    const auto second = first == std::string::npos ? std::string::npos : text->find('\n', first + 1);
    if (second == std::string::npos) return std::nullopt;
    SignatureCheck check;
    check.clear_signed = true;
    check.signed_text = text->substr(second + 1);
    check.first_line = 3;
    auto verdict =
        detail::verify_signify(path, std::string_view(*text).substr(0, second + 1), options, &check.signed_text);
    verdict.source = "embedded";
    check.verdicts.push_back(std::move(verdict));
    return check;
}

}  // namespace

SignatureCheck check_sums_signature(const fs::path& sums_path, const SignatureOptions& options) {
    if (options.signature.empty() && holds_clear_signed(sums_path)) {
        if (auto clear = check_clear_signed(sums_path, options)) return std::move(*clear);
    }
    if (options.signature.empty()) {
        if (auto embedded = check_signify_embedded(sums_path, options)) return std::move(*embedded);
    }
    SignatureCheck check;
    if (!options.signature.empty()) {
        check.verdicts = check_detached(sums_path, options.signature, options);
        return check;
    }
    for (const auto suffix : kDetachedSuffixes) {
        fs::path beside = sums_path;
        beside += suffix;
        std::error_code ec;
        if (!fs::is_regular_file(beside, ec)) continue;
        auto verdicts = check_detached(sums_path, beside, options);
        check.verdicts.insert(check.verdicts.end(), verdicts.begin(), verdicts.end());
    }
    return check;
}

}  // namespace hashscope::verify
