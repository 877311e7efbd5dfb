// libgcrypt's digests (it picks SHA-NI, AVX2 or AVX-512 code itself at initialisation).
// A visible implementation to compare with; opened on first use (lazy_library.hpp).
#include <gcrypt.h>

#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "algorithms/backends/backends.hpp"
#include "algorithms/backends/lazy_library.hpp"

namespace hashscope::detail {
namespace {

struct Gcrypt {
    decltype(&::gcry_check_version) gcry_check_version = nullptr;
    decltype(&::gcry_control) gcry_control = nullptr;
    decltype(&::gcry_md_open) gcry_md_open = nullptr;
    decltype(&::gcry_md_close) gcry_md_close = nullptr;
    decltype(&::gcry_md_get_algo_dlen) gcry_md_get_algo_dlen = nullptr;
    decltype(&::gcry_md_write) gcry_md_write = nullptr;
    decltype(&::gcry_md_read) gcry_md_read = nullptr;
    decltype(&::gcry_md_reset) gcry_md_reset = nullptr;
};

void bind_all(LibraryOpener& library, Gcrypt& f) {
    library.bind("gcry_check_version", f.gcry_check_version);
    library.bind("gcry_control", f.gcry_control);
    library.bind("gcry_md_open", f.gcry_md_open);
    library.bind("gcry_md_close", f.gcry_md_close);
    library.bind("gcry_md_get_algo_dlen", f.gcry_md_get_algo_dlen);
    library.bind("gcry_md_write", f.gcry_md_write);
    library.bind("gcry_md_read", f.gcry_md_read);
    library.bind("gcry_md_reset", f.gcry_md_reset);
}

// libgcrypt wants the application to initialise it once before anything else. HashScope uses no
// secure memory (it hashes public data), so that is switched off instead of warned about.
// Null, with the reason in `why`, when the library cannot be used.
const Gcrypt* initialised(std::string& why) {
    struct Initialised {
        const Gcrypt* library = nullptr;
        std::string why;
    };
    static const Initialised done = [] {
        static const OpenedLibrary<Gcrypt> opened(HASHSCOPE_SONAME_GCRYPT, bind_all);
        const Gcrypt* g = opened.entries();
        if (g == nullptr) return Initialised{nullptr, opened.error()};
        if (g->gcry_check_version(GCRYPT_VERSION) == nullptr) {
            return Initialised{nullptr, "libgcrypt is older than the " GCRYPT_VERSION " HashScope was built with"};
        }
        g->gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
        g->gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
        return Initialised{g, {}};
    }();
    why = done.why;
    return done.library;
}

class GcryptHasher final : public Hasher {
public:
    GcryptHasher(std::string_view algorithm, int algo) : algorithm_(algorithm), algo_(algo) {
        std::string why;
        g_ = initialised(why);
        if (g_ == nullptr) throw std::runtime_error("libgcrypt is not available: " + why);
        if (g_->gcry_md_open(&handle_, algo, 0) != 0) {
            throw std::runtime_error("libgcrypt lacks " + std::string(algorithm));
        }
        length_ = g_->gcry_md_get_algo_dlen(algo);
    }
    ~GcryptHasher() override { g_->gcry_md_close(handle_); }

    void do_update(std::span<const std::byte> data) override {
        if (!data.empty()) g_->gcry_md_write(handle_, data.data(), data.size());
    }
    Digest do_finish() override {
        const unsigned char* out = g_->gcry_md_read(handle_, algo_);  // finalises first
        return {algorithm_, std::span<const std::uint8_t>(out, length_)};
    }
    void do_reset() override { g_->gcry_md_reset(handle_); }

private:
    std::string_view algorithm_;
    int algo_;
    const Gcrypt* g_ = nullptr;
    gcry_md_hd_t handle_ = nullptr;
    std::size_t length_ = 0;
};

HasherPtr make(std::string_view algorithm, int algo) { return std::make_unique<GcryptHasher>(algorithm, algo); }

}  // namespace

std::string gcrypt_version() {
    std::string why;
    const Gcrypt* g = initialised(why);
    return g != nullptr ? g->gcry_check_version(nullptr) : "not available (" + why + ")";
}

HasherPtr make_gcrypt_md5() { return make("md5", GCRY_MD_MD5); }
HasherPtr make_gcrypt_sha1() { return make("sha1", GCRY_MD_SHA1); }
HasherPtr make_gcrypt_sha224() { return make("sha224", GCRY_MD_SHA224); }
HasherPtr make_gcrypt_sha256() { return make("sha256", GCRY_MD_SHA256); }
HasherPtr make_gcrypt_sha384() { return make("sha384", GCRY_MD_SHA384); }
HasherPtr make_gcrypt_sha512() { return make("sha512", GCRY_MD_SHA512); }
HasherPtr make_gcrypt_sha512_256() { return make("sha512-256", GCRY_MD_SHA512_256); }
HasherPtr make_gcrypt_sha3_224() { return make("sha3-224", GCRY_MD_SHA3_224); }
HasherPtr make_gcrypt_sha3_256() { return make("sha3-256", GCRY_MD_SHA3_256); }
HasherPtr make_gcrypt_sha3_384() { return make("sha3-384", GCRY_MD_SHA3_384); }
HasherPtr make_gcrypt_sha3_512() { return make("sha3-512", GCRY_MD_SHA3_512); }
HasherPtr make_gcrypt_blake2b() { return make("blake2b", GCRY_MD_BLAKE2B_512); }
HasherPtr make_gcrypt_blake2s() { return make("blake2s", GCRY_MD_BLAKE2S_256); }

}  // namespace hashscope::detail
