// Signed checksum files: finding a checksum file's signature and checking it, offline.
//
// OpenPGP (through GPGME and the user's GnuPG): a clear-signed checksum file, or a detached
// signature beside it (NAME.gpg, NAME.asc, NAME.sig, NAME.sign) or named by the caller. The keys are
// the user's keyring (GNUPGHOME honoured), or only those of the keyring files the caller names,
// imported into a temporary GnuPG home that is removed afterwards. No key server is asked.
// minisign (NAME.minisig, legacy "Ed" and prehashed "ED" forms) and signify (NAME.sig in signify's
// format, or a checksum file signed with signify -e, as OpenBSD's SHA256.sig), with a public key
// the caller gives, checked with OpenSSL's Ed25519.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/result.hpp"
#include "hashscope/verify/sums_file.hpp"

namespace hashscope::verify {

enum class SignatureKind {
    none,              // no signature was found
    good,              // good, by a certified key (or one from a keyring file the caller named)
    good_uncertified,  // good, but nothing certifies that the key belongs to its user ID
    bad,               // the signed data was changed, or the signature belongs to other data
    unknown_key,       // the key that made it is not in the keyring / is not the public key given
    expired,           // the key (or the signature) has expired
    revoked,           // the key was revoked
    error,             // not checked: unreadable, garbage, no GnuPG, no public key given, ...
};

// One signature's verdict.
struct SignatureVerdict {
    SignatureKind kind = SignatureKind::none;
    std::string scheme;           // "OpenPGP", "minisign", "signify"
    std::string source;           // where the signature was: the checksum file (clear-signed) or a file
    std::string signer;           // OpenPGP: the key's first user ID; minisign: the trusted comment
    std::string fingerprint;      // OpenPGP: the fingerprint (or key ID); minisign/signify: the key ID
    std::string trusted_comment;  // minisign: the signed trusted comment
    std::string message;          // why, for bad, unknown_key and error (a hint how to fix it)
};

// The verdict as one line says it: "good, by USER-ID (FINGERPRINT)", "BAD", "unknown key FPR
// (...)", ...
std::string signature_verdict_text(const SignatureVerdict& verdict);

// Whether the verdicts let a checker trust the checksum lines: at least one good signature, and
// none bad, revoked or unreadable (an unknown key beside a good one is an extra signer).
bool signatures_pass(const std::vector<SignatureVerdict>& verdicts);

struct SignatureOptions {
    std::filesystem::path signature;              // a detached signature file; empty: look beside
    std::vector<std::filesystem::path> keyrings;  // OpenPGP keyring files: these keys only
    std::string public_key;                       // minisign/signify: key file text or the base64 line
};

struct SignatureCheck {
    std::vector<SignatureVerdict> verdicts;  // empty: no signature found
    // The signature is inside the file (OpenPGP clear-signed, or signify's embedded form): true,
    // and the signed text (the checksum lines to use, only those) with the line of the file where
    // it starts (for diagnostics).
    bool clear_signed = false;
    std::string signed_text;
    std::size_t first_line = 1;
    std::vector<std::string> notes;  // "text outside the signed part was ignored", ...
};

// Finds and checks the signature of the checksum file `sums_path` (a clear-signed file is read
// whole, up to 1 GiB). Never throws; every failure is a verdict of kind error.
SignatureCheck check_sums_signature(const std::filesystem::path& sums_path, const SignatureOptions& options);

// The checksum lines of a clear-signed file: its signed text alone, parsed, with the line
// numbers of the file.
SumsFile parse_signed_sums(const SignatureCheck& check, const SumsReadOptions& options);

// Imports the OpenPGP keys of `key_file` (armored or binary) into the user's keyring (GNUPGHOME,
// else ~/.gnupg), as `gpg --import` does: what the window offers for a signature by an unknown
// key. Offline. Says how many keys the keyring now has from the file, with their fingerprints.
Result<std::string> import_openpgp_keys(const std::filesystem::path& key_file);

// --- the pieces, for tests and other callers ---

// A clear-signed message inside a text: the armored block (from "-----BEGIN PGP SIGNED
// MESSAGE-----" to "-----END PGP SIGNATURE-----"), the signed text as the parser reads it
// (dash-escaping undone), the 1-based line where it starts, and whether non-blank text lies
// outside the block (a second message is such text).
struct ClearSignedParts {
    bool found = false;     // the BEGIN line is there
    bool complete = false;  // and so is the END line of its signature
    std::string_view block;
    std::string body;
    std::size_t first_line = 1;
    bool text_outside = false;
};
ClearSignedParts find_clear_signed(std::string_view text);

// An Ed25519 public key of minisign or signify: "Ed", an 8-byte key ID, 32 bytes of key. From a
// key file ("untrusted comment: ..." then the base64 line) or the base64 line alone.
struct Ed25519PublicKey {
    std::array<std::uint8_t, 8> key_id{};
    std::array<std::uint8_t, 32> key{};
};
Result<Ed25519PublicKey> parse_ed25519_public_key(std::string_view text);

// A minisign signature file: algorithm "Ed" (the file signed) or "ED" (its BLAKE2b-512 signed),
// key ID, signature, trusted comment and the global signature over signature + trusted comment.
struct MinisignSignature {
    bool prehashed = false;
    std::array<std::uint8_t, 8> key_id{};
    std::array<std::uint8_t, 64> signature{};
    std::string trusted_comment;
    std::array<std::uint8_t, 64> global_signature{};
};
Result<MinisignSignature> parse_minisign_signature(std::string_view text);

// A signify signature file ("untrusted comment: ..." then base64 of "Ed", key ID, signature).
struct SignifySignature {
    std::array<std::uint8_t, 8> key_id{};
    std::array<std::uint8_t, 64> signature{};
};
Result<SignifySignature> parse_signify_signature(std::string_view text);

// A key ID as minisign prints it: 16 upper-case hex digits, the little-endian number.
std::string key_id_text(const std::array<std::uint8_t, 8>& key_id);

// True when `signature` is a valid Ed25519 signature of `message` by `key` (OpenSSL).
bool ed25519_verify(const std::array<std::uint8_t, 32>& key, const std::array<std::uint8_t, 64>& signature,
                    std::string_view message);

}  // namespace hashscope::verify
