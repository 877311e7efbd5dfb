// minisign and signify signatures: their text formats, and Ed25519 through OpenSSL.
//
// Both write a public key as "untrusted comment: ..." and a base64 line of "Ed", an 8-byte key ID
// and the 32-byte key. signify signs the file itself; minisign signs the file ("Ed", legacy) or its
// BLAKE2b-512 ("ED"), then signs that signature followed by the trusted comment (the "global"
// signature), so the trusted comment cannot be changed either.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/backends/libcrypto.hpp"
#include "hashscope/hasher.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/verify/expected_digest.hpp"
#include "verify/signature_schemes.hpp"

namespace hashscope::verify {
namespace {

constexpr std::string_view kUntrusted = "untrusted comment:";
constexpr std::string_view kTrusted = "trusted comment: ";
// Read whole for a one-shot Ed25519 check (signify, legacy minisign): a checksum file is far smaller.
constexpr std::uintmax_t kMaxSignedFileSize = std::uintmax_t{1} << 30;

std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const auto end = text.find('\n');
        std::string_view line = text.substr(0, end);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back(line);
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// The base64 line's bytes, which must be exactly `size` long and start with an algorithm in `algs`.
Result<std::vector<std::uint8_t>> decode_blob(std::string_view line, std::size_t size, std::string_view what) {
    std::string why;
    auto bytes = decode_base64(trimmed(line), why);
    if (!bytes) return Error{std::string(what) + ": not base64 (" + why + ")"};
    if (bytes->size() != size) {
        return Error{std::string(what) + ": " + std::to_string(bytes->size()) + " bytes, not " + std::to_string(size)};
    }
    return std::move(*bytes);
}

template <std::size_t N>
std::array<std::uint8_t, N> slice(const std::vector<std::uint8_t>& bytes, std::size_t at) {
    std::array<std::uint8_t, N> out{};
    std::copy_n(bytes.begin() + static_cast<std::ptrdiff_t>(at), N, out.begin());
    return out;
}

bool algorithm_is(const std::vector<std::uint8_t>& bytes, std::string_view alg) {
    return bytes[0] == static_cast<std::uint8_t>(alg[0]) && bytes[1] == static_cast<std::uint8_t>(alg[1]);
}

// The first two lines of a signify or minisign file: the untrusted comment and the base64 line.
Result<std::vector<std::string_view>> comment_and_lines(std::string_view text, std::size_t at_least,
                                                        std::string_view what) {
    auto lines = lines_of(text);
    if (lines.empty() || !lines[0].starts_with(kUntrusted)) {
        return Error{std::string(what) + ": the first line is not an \"untrusted comment:\""};
    }
    if (lines.size() < at_least) return Error{std::string(what) + ": truncated (too few lines)"};
    return lines;
}

// BLAKE2b-512 of a file, streamed through the engine's hasher.
std::optional<std::string> blake2b_of(const std::filesystem::path& path, std::string& why) {
    auto hasher = Registry::host().make_hasher("blake2b");
    if (!hasher) {
        why = hasher.error().message;
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        why = "cannot open";
        return std::nullopt;
    }
    std::vector<char> buffer(std::size_t{1} << 16);
    while (in) {
        in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        const auto got = static_cast<std::size_t>(in.gcount());
        (*hasher)->update(std::as_bytes(std::span(buffer.data(), got)));
    }
    if (in.bad()) {
        why = "read error";
        return std::nullopt;
    }
    const auto digest = (*hasher)->finish();
    const auto bytes = digest.bytes();
    return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

SignatureVerdict verdict(SignatureKind kind, std::string_view scheme, std::string message) {
    SignatureVerdict v;
    v.kind = kind;
    v.scheme = scheme;
    v.message = std::move(message);
    return v;
}

// The public key the caller gave, checked against the key ID of the signature; a verdict when it
// cannot be used.
std::optional<SignatureVerdict> key_problem(const SignatureOptions& options, const std::array<std::uint8_t, 8>& key_id,
                                            std::string_view scheme, Ed25519PublicKey& key) {
    if (options.public_key.empty()) {
        auto v = verdict(SignatureKind::unknown_key, scheme,
                         "give the " + std::string(scheme) + " public key with --pubkey FILE or -P KEY");
        v.fingerprint = key_id_text(key_id);
        return v;
    }
    auto parsed = parse_ed25519_public_key(options.public_key);
    if (!parsed) return verdict(SignatureKind::error, scheme, parsed.error().message);
    key = *parsed;
    if (key.key_id != key_id) {
        auto v = verdict(SignatureKind::unknown_key, scheme, "the public key given is " + key_id_text(key.key_id));
        v.fingerprint = key_id_text(key_id);
        return v;
    }
    return std::nullopt;
}

}  // namespace

std::string key_id_text(const std::array<std::uint8_t, 8>& key_id) {
    std::string out;
    for (auto it = key_id.rbegin(); it != key_id.rend(); ++it) {
        std::array<char, 3> hex{};
        std::snprintf(hex.data(), hex.size(), "%02X", static_cast<unsigned>(*it));
        out += hex.data();
    }
    return out;
}

Result<Ed25519PublicKey> parse_ed25519_public_key(std::string_view text) {
    auto lines = lines_of(text);
    std::erase_if(lines, [](std::string_view l) { return trimmed(l).empty(); });
    if (lines.empty()) return Error{"public key: empty"};
    std::string_view line = lines[0];
    if (line.starts_with(kUntrusted)) {
        if (lines.size() < 2) return Error{"public key: truncated (no key after the comment)"};
        line = lines[1];
    }
    auto bytes = decode_blob(line, 42, "public key");
    if (!bytes) return bytes.error();
    if (!algorithm_is(*bytes, "Ed")) return Error{"public key: not an Ed25519 key"};
    Ed25519PublicKey key;
    key.key_id = slice<8>(*bytes, 2);
    key.key = slice<32>(*bytes, 10);
    return key;
}

Result<MinisignSignature> parse_minisign_signature(std::string_view text) {
    auto lines = comment_and_lines(text, 4, "minisign signature");
    if (!lines) return lines.error();
    auto bytes = decode_blob((*lines)[1], 74, "minisign signature");
    if (!bytes) return bytes.error();
    MinisignSignature sig;
    if (algorithm_is(*bytes, "ED")) {
        sig.prehashed = true;
    } else if (!algorithm_is(*bytes, "Ed")) {
        return Error{"minisign signature: unknown algorithm"};
    }
    sig.key_id = slice<8>(*bytes, 2);
    sig.signature = slice<64>(*bytes, 10);
    if (!(*lines)[2].starts_with(kTrusted)) return Error{"minisign signature: the third line is no trusted comment"};
    sig.trusted_comment = std::string((*lines)[2].substr(kTrusted.size()));
    auto global = decode_blob((*lines)[3], 64, "minisign global signature");
    if (!global) return global.error();
    sig.global_signature = slice<64>(*global, 0);
    return sig;
}

Result<SignifySignature> parse_signify_signature(std::string_view text) {
    auto lines = comment_and_lines(text, 2, "signify signature");
    if (!lines) return lines.error();
    auto bytes = decode_blob((*lines)[1], 74, "signify signature");
    if (!bytes) return bytes.error();
    if (!algorithm_is(*bytes, "Ed")) return Error{"signify signature: not an Ed25519 signature"};
    SignifySignature sig;
    sig.key_id = slice<8>(*bytes, 2);
    sig.signature = slice<64>(*bytes, 10);
    return sig;
}

// A verdict of `error` when OpenSSL, which checks Ed25519, cannot be opened; nothing otherwise.
std::optional<SignatureVerdict> without_openssl(std::string_view scheme) {
    if (hashscope::detail::libcrypto() != nullptr) return std::nullopt;
    return verdict(SignatureKind::error, scheme, "OpenSSL is not available: " + hashscope::detail::libcrypto_error());
}

// Call only once without_openssl() said nothing.
bool ed25519_verify(const std::array<std::uint8_t, 32>& key, const std::array<std::uint8_t, 64>& signature,
                    std::string_view message) {
    const auto& crypto = *hashscope::detail::libcrypto();
    const std::unique_ptr<EVP_PKEY, decltype(crypto.EVP_PKEY_free)> pkey(
        crypto.EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr, key.data(), key.size()), crypto.EVP_PKEY_free);
    if (!pkey) return false;
    const std::unique_ptr<EVP_MD_CTX, decltype(crypto.EVP_MD_CTX_free)> ctx(crypto.EVP_MD_CTX_new(),
                                                                            crypto.EVP_MD_CTX_free);
    if (!ctx || crypto.EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, pkey.get()) != 1) return false;
    return crypto.EVP_DigestVerify(ctx.get(), signature.data(), signature.size(),
                                   reinterpret_cast<const unsigned char*>(message.data()), message.size()) == 1;
}

namespace detail {

SignatureVerdict verify_minisign(const std::filesystem::path& signed_file, std::string_view signature_text,
                                 const SignatureOptions& options) {
    constexpr std::string_view scheme = "minisign";
    auto sig = parse_minisign_signature(signature_text);
    if (!sig) return verdict(SignatureKind::error, scheme, sig.error().message);
    Ed25519PublicKey key;
    if (auto problem = key_problem(options, sig->key_id, scheme, key)) return *problem;
    std::string why;
    const auto message =
        sig->prehashed ? blake2b_of(signed_file, why) : detail::read_whole_file(signed_file, kMaxSignedFileSize, why);
    if (!message) return verdict(SignatureKind::error, scheme, signed_file.filename().string() + ": " + why);
    if (auto problem = without_openssl(scheme)) return *problem;
    SignatureVerdict v;
    v.scheme = scheme;
    v.fingerprint = key_id_text(sig->key_id);
    if (!ed25519_verify(key.key, sig->signature, *message)) {
        v.kind = SignatureKind::bad;
        v.message = "the file was changed, or the signature belongs to another file";
        return v;
    }
    std::string global(sig->signature.begin(), sig->signature.end());
    global += sig->trusted_comment;
    if (!ed25519_verify(key.key, sig->global_signature, global)) {
        v.kind = SignatureKind::bad;
        v.message = "the trusted comment was changed";
        return v;
    }
    v.kind = SignatureKind::good;
    v.trusted_comment = sig->trusted_comment;
    return v;
}

SignatureVerdict verify_signify(const std::filesystem::path& signed_file, std::string_view signature_text,
                                const SignatureOptions& options, const std::string* embedded_message) {
    constexpr std::string_view scheme = "signify";
    auto sig = parse_signify_signature(signature_text);
    if (!sig) return verdict(SignatureKind::error, scheme, sig.error().message);
    Ed25519PublicKey key;
    if (auto problem = key_problem(options, sig->key_id, scheme, key)) return *problem;
    std::string why;
    const auto message = embedded_message != nullptr ? std::optional<std::string>(*embedded_message)
                                                     : detail::read_whole_file(signed_file, kMaxSignedFileSize, why);
    if (!message) return verdict(SignatureKind::error, scheme, signed_file.filename().string() + ": " + why);
    if (auto problem = without_openssl(scheme)) return *problem;
    SignatureVerdict v;
    v.scheme = scheme;
    v.fingerprint = key_id_text(sig->key_id);
    v.kind = ed25519_verify(key.key, sig->signature, *message) ? SignatureKind::good : SignatureKind::bad;
    if (v.kind == SignatureKind::bad) v.message = "the file was changed, or the signature belongs to another file";
    return v;
}

}  // namespace detail
}  // namespace hashscope::verify
