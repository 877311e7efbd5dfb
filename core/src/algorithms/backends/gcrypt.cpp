// libgcrypt's digests (it picks SHA-NI, AVX2 or AVX-512 code itself at initialisation).
// A visible implementation to compare with.
#include <gcrypt.h>

#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "algorithms/backends/backends.hpp"

namespace hashscope::detail {
namespace {

// libgcrypt wants the application to initialise it once before anything else. HashScope uses no
// secure memory (it hashes public data), so that is switched off instead of warned about.
bool initialised() {
    static const bool ok = [] {
        if (gcry_check_version(GCRYPT_VERSION) == nullptr) return false;  // older than the headers
        gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
        gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
        return true;
    }();
    return ok;
}

class GcryptHasher final : public Hasher {
public:
    GcryptHasher(std::string_view algorithm, int algo) : algorithm_(algorithm), algo_(algo) {
        if (!initialised() || gcry_md_open(&handle_, algo, 0) != 0) {
            throw std::runtime_error("libgcrypt lacks " + std::string(algorithm));
        }
        length_ = gcry_md_get_algo_dlen(algo);
    }
    ~GcryptHasher() override { gcry_md_close(handle_); }

    void do_update(std::span<const std::byte> data) override {
        if (!data.empty()) gcry_md_write(handle_, data.data(), data.size());
    }
    Digest do_finish() override {
        const unsigned char* out = gcry_md_read(handle_, algo_);  // finalises first
        return {algorithm_, std::span<const std::uint8_t>(out, length_)};
    }
    void do_reset() override { gcry_md_reset(handle_); }

private:
    std::string_view algorithm_;
    int algo_;
    gcry_md_hd_t handle_ = nullptr;
    std::size_t length_ = 0;
};

HasherPtr make(std::string_view algorithm, int algo) { return std::make_unique<GcryptHasher>(algorithm, algo); }

}  // namespace

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
