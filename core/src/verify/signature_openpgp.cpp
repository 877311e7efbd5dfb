// OpenPGP signatures of checksum files, checked by the user's GnuPG through GPGME, offline.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "verify/gpgme_library.hpp"
#include "verify/signature_schemes.hpp"

namespace hashscope::verify::detail {
namespace {

namespace fs = std::filesystem;

constexpr const char* kScheme = "OpenPGP";

// The library, once gpgme_ready() said yes.
const Gpgme& gpg() { return *gpgme_library(); }

// GPGME opened and GnuPG found. gpgme_check_version() must run once before any other call; it is a
// macro for gpgme_check_version_internal() with the layout the headers were written for.
bool gpgme_ready(std::string& why) {
    static std::once_flag once;
    static bool engine = false;
    static std::string engine_why;
    std::call_once(once, [] {
        if (gpgme_library() == nullptr) {
            engine_why = "GPGME is not available: " + gpgme_library_error();
            return;
        }
        gpg().gpgme_check_version_internal(nullptr, offsetof(struct _gpgme_signature, validity));
        const gpgme_error_t err = gpg().gpgme_engine_check_version(GPGME_PROTOCOL_OpenPGP);
        engine = err == 0;
        if (!engine) engine_why = "GnuPG (gpg) was not found: install it (Debian: gnupg) to check OpenPGP signatures";
    });
    why = engine_why;
    return engine;
}

std::string gpg_error_text(gpgme_error_t err) { return gpg().gpgme_strerror(err); }

class Context {
public:
    Context() = default;
    ~Context() {
        if (ctx_ != nullptr) gpg().gpgme_release(ctx_);
    }
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;

    // An OpenPGP context on `home` (empty: the user's GNUPGHOME or ~/.gnupg), offline.
    gpgme_error_t open(const std::string& home) {
        if (const gpgme_error_t err = gpg().gpgme_new(&ctx_); err != 0) return err;
        if (const gpgme_error_t err = gpg().gpgme_set_protocol(ctx_, GPGME_PROTOCOL_OpenPGP); err != 0) return err;
        if (!home.empty()) {
            if (const gpgme_error_t err =
                    gpg().gpgme_ctx_set_engine_info(ctx_, GPGME_PROTOCOL_OpenPGP, nullptr, home.c_str());
                err != 0) {
                return err;
            }
        }
        // Never a key server: no dirmngr, so no --auto-key-retrieve a gpg.conf may ask for.
        gpg().gpgme_set_offline(ctx_, 1);
        return 0;
    }
    [[nodiscard]] gpgme_ctx_t get() const { return ctx_; }

private:
    gpgme_ctx_t ctx_ = nullptr;
};

class Data {
public:
    Data() = default;
    ~Data() {
        if (data_ != nullptr) gpg().gpgme_data_release(data_);
    }
    Data(const Data&) = delete;
    Data& operator=(const Data&) = delete;
    gpgme_data_t* out() { return &data_; }
    [[nodiscard]] gpgme_data_t get() const { return data_; }
    // The bytes written into the data, and the data released.
    std::string take() {
        std::size_t size = 0;
        char* bytes = gpg().gpgme_data_release_and_get_mem(data_, &size);
        data_ = nullptr;
        std::string text = bytes == nullptr ? std::string() : std::string(bytes, size);
        gpg().gpgme_free(bytes);
        return text;
    }

private:
    gpgme_data_t data_ = nullptr;
};

// A GnuPG home of its own in /tmp (short: gpg-agent's socket path has a small limit), removed with
// everything in it when done, holding only the keys of the keyring files named. Its gpg.conf says
// no-autostart: importing a public key otherwise starts a gpg-agent in the home, which outlives the
// check and puts its sockets back while the home is being removed (an empty home was left behind
// that way under AddressSanitizer's timing). Importing and verifying need no agent.
class TemporaryHome {
public:
    TemporaryHome() {
        std::string pattern = "/tmp/hashscope-gpg.XXXXXX";
        if (::mkdtemp(pattern.data()) == nullptr) return;
        path_ = pattern;
        const std::string conf = path_ + "/gpg.conf";
        const int fd = ::open(conf.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0) return;  // then an agent may start; the home is still removed as before
        constexpr std::string_view kConf = "no-autostart\n";
        [[maybe_unused]] const auto written = ::write(fd, kConf.data(), kConf.size());
        ::close(fd);
    }
    ~TemporaryHome() {
        if (path_.empty()) return;
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    TemporaryHome(const TemporaryHome&) = delete;
    TemporaryHome& operator=(const TemporaryHome&) = delete;
    [[nodiscard]] const std::string& path() const { return path_; }

private:
    std::string path_;
};

// Imports every keyring file into the context's home; an error message when one gives no key.
std::string import_keyrings(gpgme_ctx_t ctx, const std::vector<fs::path>& keyrings) {
    for (const auto& keyring : keyrings) {
        Data data;
        if (const gpgme_error_t err = gpg().gpgme_data_new_from_file(data.out(), keyring.c_str(), 1); err != 0) {
            return "cannot read the keyring " + keyring.string() + ": " + gpg_error_text(err);
        }
        if (const gpgme_error_t err = gpg().gpgme_op_import(ctx, data.get()); err != 0) {
            return "cannot import the keyring " + keyring.string() + ": " + gpg_error_text(err);
        }
        const gpgme_import_result_t result = gpg().gpgme_op_import_result(ctx);
        if (result == nullptr || result->considered == 0) return "no OpenPGP key in the keyring " + keyring.string();
    }
    return {};
}

// What GnuPG said about one signature, copied before the next operation on the context.
struct RawSignature {
    unsigned summary = 0;  // gpgme_sigsum_t bits
    gpgme_error_t status = 0;
    gpgme_validity_t validity = GPGME_VALIDITY_UNKNOWN;
    std::string fingerprint;
};

SignatureVerdict verdict_for(const RawSignature& raw, gpgme_ctx_t ctx, const std::string& source, bool keyring_files) {
    SignatureVerdict v;
    v.scheme = kScheme;
    v.source = source;
    v.fingerprint = raw.fingerprint;
    const gpgme_err_code_t code = gpgme_err_code(raw.status);
    if ((raw.summary & GPGME_SIGSUM_KEY_REVOKED) != 0 || code == GPG_ERR_CERT_REVOKED) {
        v.kind = SignatureKind::revoked;
    } else if ((raw.summary & GPGME_SIGSUM_RED) != 0 || code == GPG_ERR_BAD_SIGNATURE) {
        v.kind = SignatureKind::bad;
        v.message = "the signed text was changed, or the signature belongs to another file";
    } else if (code == GPG_ERR_NO_PUBKEY || (raw.summary & GPGME_SIGSUM_KEY_MISSING) != 0) {
        v.kind = SignatureKind::unknown_key;
        v.message = keyring_files
                        ? "the key is in none of the keyrings given with --keyring"
                        : "import the key with 'gpg --import KEY-FILE', or name its keyring with --keyring FILE";
    } else if (code == GPG_ERR_KEY_EXPIRED || code == GPG_ERR_SIG_EXPIRED ||
               (raw.summary & (GPGME_SIGSUM_KEY_EXPIRED | GPGME_SIGSUM_SIG_EXPIRED)) != 0) {
        v.kind = SignatureKind::expired;
        v.message = code == GPG_ERR_SIG_EXPIRED ? "the signature has expired" : "the key has expired";
    } else if (code == GPG_ERR_NO_ERROR) {
        // Keys from keyring files the user named are the keys the user chose to trust.
        const bool certified = keyring_files || raw.validity == GPGME_VALIDITY_MARGINAL ||
                               raw.validity == GPGME_VALIDITY_FULL || raw.validity == GPGME_VALIDITY_ULTIMATE;
        v.kind = certified ? SignatureKind::good : SignatureKind::good_uncertified;
    } else {
        v.kind = SignatureKind::error;
        v.message = gpg_error_text(raw.status);
    }
    if (!raw.fingerprint.empty() && v.kind != SignatureKind::unknown_key) {
        gpgme_key_t key = nullptr;
        if (gpg().gpgme_get_key(ctx, raw.fingerprint.c_str(), &key, 0) == 0 && key != nullptr) {
            if (key->uids != nullptr && key->uids->uid != nullptr) v.signer = key->uids->uid;
            if (key->fpr != nullptr) v.fingerprint = key->fpr;
            gpg().gpgme_key_unref(key);
        }
    }
    return v;
}

// Runs one verification: `signature`, and `signed_data` (detached) or `plain` (clear-signed).
std::vector<SignatureVerdict> run_verify(const SignatureOptions& options, const std::string& source,
                                         const std::function<gpgme_error_t(gpgme_ctx_t)>& verify) {
    std::string why;
    if (!gpgme_ready(why)) return {error_verdict(kScheme, source, why)};
    // Only keyring files need a home of their own; otherwise the user's is used, and nothing is
    // made in /tmp that a killed process could leave behind.
    std::optional<TemporaryHome> temporary;
    std::string home;
    if (!options.keyrings.empty()) {
        temporary.emplace();
        if (temporary->path().empty()) {
            return {error_verdict(kScheme, source,
                                  std::string("cannot make a temporary GnuPG home: ") + std::strerror(errno))};
        }
        home = temporary->path();
    }
    Context ctx;
    if (const gpgme_error_t err = ctx.open(home); err != 0) {
        return {error_verdict(kScheme, source, "cannot start GnuPG: " + gpg_error_text(err))};
    }
    if (!options.keyrings.empty()) {
        if (auto failed = import_keyrings(ctx.get(), options.keyrings); !failed.empty()) {
            return {error_verdict(kScheme, source, failed)};
        }
    }
    if (const gpgme_error_t err = verify(ctx.get()); err != 0) {
        return {error_verdict(kScheme, source, "not a valid OpenPGP signature (" + gpg_error_text(err) + ")")};
    }
    std::vector<RawSignature> raw;
    if (const gpgme_verify_result_t result = gpg().gpgme_op_verify_result(ctx.get()); result != nullptr) {
        for (gpgme_signature_t s = result->signatures; s != nullptr; s = s->next) {
            raw.push_back({static_cast<unsigned>(s->summary), s->status, s->validity, s->fpr != nullptr ? s->fpr : ""});
        }
    }
    if (raw.empty()) return {error_verdict(kScheme, source, "no OpenPGP signature found in it")};
    std::vector<SignatureVerdict> verdicts;
    verdicts.reserve(raw.size());
    for (const auto& r : raw) verdicts.push_back(verdict_for(r, ctx.get(), source, !options.keyrings.empty()));
    return verdicts;
}

}  // namespace

std::vector<SignatureVerdict> verify_openpgp_clear_signed(std::string_view block, const SignatureOptions& options,
                                                          std::string& signed_text) {
    return run_verify(options, "clear-signed", [&](gpgme_ctx_t ctx) {
        Data signature;
        Data plain;
        if (const gpgme_error_t err = gpg().gpgme_data_new_from_mem(signature.out(), block.data(), block.size(), 0);
            err != 0) {
            return err;
        }
        if (const gpgme_error_t err = gpg().gpgme_data_new(plain.out()); err != 0) return err;
        const gpgme_error_t err = gpg().gpgme_op_verify(ctx, signature.get(), nullptr, plain.get());
        signed_text = plain.take();
        return err;
    });
}

std::vector<SignatureVerdict> verify_openpgp_detached(const fs::path& signed_file, const fs::path& signature_file,
                                                      const SignatureOptions& options) {
    const std::string source = signature_file.filename().string();
    return run_verify(options, source, [&](gpgme_ctx_t ctx) -> gpgme_error_t {
        Data signature;
        if (const gpgme_error_t err = gpg().gpgme_data_new_from_file(signature.out(), signature_file.c_str(), 1);
            err != 0) {
            return err;
        }
        // The checksum file is streamed to GnuPG, never held whole.
        const int fd = ::open(signed_file.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
        if (fd < 0) return gpg().gpgme_error_from_errno(errno);
        Data signed_data;
        gpgme_error_t err = gpg().gpgme_data_new_from_fd(signed_data.out(), fd);
        if (err == 0) err = gpg().gpgme_op_verify(ctx, signature.get(), signed_data.get(), nullptr);
        ::close(fd);
        return err;
    });
}

}  // namespace hashscope::verify::detail

namespace hashscope::verify {

Result<std::string> import_openpgp_keys(const std::filesystem::path& key_file) {
    std::string why;
    if (!detail::gpgme_ready(why)) return Error{why};
    detail::Context ctx;
    if (const gpgme_error_t err = ctx.open({}); err != 0) return Error{"GnuPG: " + detail::gpg_error_text(err)};
    detail::Data data;
    if (const gpgme_error_t err = detail::gpg().gpgme_data_new_from_file(data.out(), key_file.c_str(), 1); err != 0) {
        return Error{"cannot read " + key_file.string() + ": " + detail::gpg_error_text(err)};
    }
    if (const gpgme_error_t err = detail::gpg().gpgme_op_import(ctx.get(), data.get()); err != 0) {
        return Error{"GnuPG could not import " + key_file.string() + ": " + detail::gpg_error_text(err)};
    }
    const gpgme_import_result_t result = detail::gpg().gpgme_op_import_result(ctx.get());
    if (result == nullptr || result->considered == 0) return Error{"no OpenPGP key in " + key_file.string()};
    std::string fingerprints;
    for (gpgme_import_status_t s = result->imports; s != nullptr; s = s->next) {
        if (s->result != 0 || s->fpr == nullptr) continue;
        fingerprints += (fingerprints.empty() ? "" : ", ") + std::string(s->fpr);
    }
    const int count = result->imported + result->unchanged;
    return std::to_string(count) + (count == 1 ? " key" : " keys") + " in the keyring" +
           (fingerprints.empty() ? std::string() : ": " + fingerprints);
}

}  // namespace hashscope::verify
