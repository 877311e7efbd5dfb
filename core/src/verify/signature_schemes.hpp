// The signature schemes check_sums_signature() dispatches to (signature.cpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/verify/signature.hpp"

namespace hashscope::verify::detail {

// A file read whole, refused when larger than `limit` bytes; nullopt with `why` set on failure.
std::optional<std::string> read_whole_file(const std::filesystem::path& path, std::uintmax_t limit, std::string& why);
// A verdict of kind error.
SignatureVerdict error_verdict(std::string_view scheme, std::string source, std::string message);

// OpenPGP, through GPGME: a clear-signed block (its signed text goes to `signed_text` when GnuPG
// could read the block), or a detached signature file over the file `signed_file`.
std::vector<SignatureVerdict> verify_openpgp_clear_signed(std::string_view block, const SignatureOptions& options,
                                                          std::string& signed_text);
std::vector<SignatureVerdict> verify_openpgp_detached(const std::filesystem::path& signed_file,
                                                      const std::filesystem::path& signature_file,
                                                      const SignatureOptions& options);

// minisign and signify, with options.public_key: `signature_text` is the signature file's text.
SignatureVerdict verify_minisign(const std::filesystem::path& signed_file, std::string_view signature_text,
                                 const SignatureOptions& options);
// signify: the file `signed_file`, or `embedded_message` when not null (signify -e: the message
// follows the signature in the same file).
SignatureVerdict verify_signify(const std::filesystem::path& signed_file, std::string_view signature_text,
                                const SignatureOptions& options, const std::string* embedded_message = nullptr);

}  // namespace hashscope::verify::detail
