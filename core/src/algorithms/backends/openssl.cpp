// OpenSSL 3 EVP digests. Each EVP_MD is fetched once (fetching per call costs more than hashing a
// small message) and is immutable afterwards, so sharing it between threads is safe. libcrypto is
// opened on first use (libcrypto.hpp).

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string_view>

#include "algorithms/backends/backends.hpp"
#include "algorithms/backends/libcrypto.hpp"

namespace hashscope::detail {
namespace {

enum class Evp : std::uint8_t {
    md5,
    sha1,
    sha224,
    sha256,
    sha384,
    sha512,
    sha512_256,
    sha3_224,
    sha3_256,
    sha3_384,
    sha3_512,
    blake2b,
    blake2s,
    count
};

struct EvpName {
    std::string_view algorithm;  // ours
    const char* openssl;         // OpenSSL's fetch name
};

constexpr std::array<EvpName, static_cast<std::size_t>(Evp::count)> kNames{{
    {"md5", "MD5"},
    {"sha1", "SHA1"},
    {"sha224", "SHA2-224"},
    {"sha256", "SHA2-256"},
    {"sha384", "SHA2-384"},
    {"sha512", "SHA2-512"},
    {"sha512-256", "SHA2-512/256"},
    {"sha3-224", "SHA3-224"},
    {"sha3-256", "SHA3-256"},
    {"sha3-384", "SHA3-384"},
    {"sha3-512", "SHA3-512"},
    {"blake2b", "BLAKE2B-512"},
    {"blake2s", "BLAKE2S-256"},
}};

// libcrypto, or the reason it cannot be used.
const LibCrypto& crypto() {
    const LibCrypto* library = libcrypto();
    if (library == nullptr) throw std::runtime_error("OpenSSL is not available: " + libcrypto_error());
    return *library;
}

struct MdDeleter {
    void operator()(EVP_MD* md) const { crypto().EVP_MD_free(md); }
};
struct CtxDeleter {
    void operator()(EVP_MD_CTX* ctx) const { crypto().EVP_MD_CTX_free(ctx); }
};

const EVP_MD* fetched(Evp which) {
    // Fetched together on first use; thread-safe static initialisation, read-only afterwards.
    static const auto table = [] {
        std::array<std::unique_ptr<EVP_MD, MdDeleter>, kNames.size()> mds;
        for (std::size_t i = 0; i < kNames.size(); ++i) {
            mds[i].reset(crypto().EVP_MD_fetch(nullptr, kNames[i].openssl, nullptr));
        }
        return mds;
    }();
    return table[static_cast<std::size_t>(which)].get();
}

// Two costs of EVP are avoided here. Re-initialising a context goes through the provider again
// (measured here: ~10 ns of the ~120 ns a 64-byte SHA-256 takes), so a context prepared once is
// copied instead. And every EVP_DigestUpdate passes three layers of calls before the digest's own
// buffering, ~6 ns even for one byte; the Hasher base collects small updates, so those calls come
// 512 bytes at a time. What remains at 64 bytes (EVP_DigestFinal_ex and the provider's
// bookkeeping) is why the SHA rows with SHA-NI use our own kernels (algorithms/md/).
class EvpHasher final : public Hasher {
public:
    explicit EvpHasher(Evp which)
        : algorithm_(kNames[static_cast<std::size_t>(which)].algorithm), crypto_(crypto()), md_(fetched(which)) {
        if (md_ == nullptr || !ctx_ || !fresh_ || crypto_.EVP_DigestInit_ex2(fresh_.get(), md_, nullptr) != 1) {
            throw std::runtime_error("OpenSSL lacks " + std::string(algorithm_));
        }
        reset();
    }

    void do_update(std::span<const std::byte> data) override {
        crypto_.EVP_DigestUpdate(ctx_.get(), data.data(), data.size());
    }
    Digest do_finish() override {
        std::array<std::uint8_t, EVP_MAX_MD_SIZE> out{};
        unsigned int len = 0;
        crypto_.EVP_DigestFinal_ex(ctx_.get(), out.data(), &len);
        return {algorithm_, std::span<const std::uint8_t>(out.data(), len)};
    }
    void do_reset() override { crypto_.EVP_MD_CTX_copy_ex(ctx_.get(), fresh_.get()); }

private:
    std::string_view algorithm_;
    const LibCrypto& crypto_;
    const EVP_MD* md_;
    std::unique_ptr<EVP_MD_CTX, CtxDeleter> ctx_{crypto_.EVP_MD_CTX_new()};
    std::unique_ptr<EVP_MD_CTX, CtxDeleter> fresh_{crypto_.EVP_MD_CTX_new()};  // initialised once, copied on reset
};

HasherPtr make(Evp which) { return std::make_unique<EvpHasher>(which); }

}  // namespace

HasherPtr make_openssl_md5() { return make(Evp::md5); }
HasherPtr make_openssl_sha1() { return make(Evp::sha1); }
HasherPtr make_openssl_sha224() { return make(Evp::sha224); }
HasherPtr make_openssl_sha256() { return make(Evp::sha256); }
HasherPtr make_openssl_sha384() { return make(Evp::sha384); }
HasherPtr make_openssl_sha512() { return make(Evp::sha512); }
HasherPtr make_openssl_sha512_256() { return make(Evp::sha512_256); }
HasherPtr make_openssl_sha3_224() { return make(Evp::sha3_224); }
HasherPtr make_openssl_sha3_256() { return make(Evp::sha3_256); }
HasherPtr make_openssl_sha3_384() { return make(Evp::sha3_384); }
HasherPtr make_openssl_sha3_512() { return make(Evp::sha3_512); }
HasherPtr make_openssl_blake2b() { return make(Evp::blake2b); }
HasherPtr make_openssl_blake2s() { return make(Evp::blake2s); }

}  // namespace hashscope::detail
