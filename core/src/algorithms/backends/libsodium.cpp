// BLAKE2b through libsodium's crypto_generichash (its AVX2/SSE4.1/SSSE3 code is picked in
// sodium_init). It takes digest lengths of 16 to 64 bytes: BLAKE2b and its longer length variants.
// Opened on first use (lazy_library.hpp).
#include <sodium.h>

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "algorithms/backends/backends.hpp"
#include "algorithms/backends/lazy_library.hpp"
#include "hashscope/algorithm.hpp"

namespace hashscope::detail {
namespace {

struct Sodium {
    decltype(&::sodium_init) sodium_init = nullptr;
    decltype(&::sodium_version_string) sodium_version_string = nullptr;
    decltype(&::crypto_generichash_blake2b_init) crypto_generichash_blake2b_init = nullptr;
    decltype(&::crypto_generichash_blake2b_update) crypto_generichash_blake2b_update = nullptr;
    decltype(&::crypto_generichash_blake2b_final) crypto_generichash_blake2b_final = nullptr;
};

void bind_all(LibraryOpener& library, Sodium& f) {
    library.bind("sodium_init", f.sodium_init);
    library.bind("sodium_version_string", f.sodium_version_string);
    library.bind("crypto_generichash_blake2b_init", f.crypto_generichash_blake2b_init);
    library.bind("crypto_generichash_blake2b_update", f.crypto_generichash_blake2b_update);
    library.bind("crypto_generichash_blake2b_final", f.crypto_generichash_blake2b_final);
}

// sodium_init() chooses the library's kernels for this CPU. Null, with the reason in `why`, when
// the library cannot be used.
const Sodium* initialised(std::string& why) {
    static const OpenedLibrary<Sodium> opened(HASHSCOPE_SONAME_LIBSODIUM, bind_all);
    static const bool ok = opened.entries() != nullptr && opened.entries()->sodium_init() >= 0;
    if (ok) return opened.entries();
    why = opened.entries() == nullptr ? opened.error() : "sodium_init failed";
    return nullptr;
}

class SodiumBlake2b final : public Hasher {
public:
    SodiumBlake2b(std::string_view algorithm, std::size_t length) : algorithm_(algorithm), length_(length) {
        std::string why;
        s_ = initialised(why);
        if (s_ == nullptr) throw std::runtime_error("libsodium is not available: " + why);
        do_reset();
    }

    void do_update(std::span<const std::byte> data) override {
        s_->crypto_generichash_blake2b_update(&state_, reinterpret_cast<const unsigned char*>(data.data()),
                                              data.size());
    }
    Digest do_finish() override {
        std::array<std::uint8_t, Digest::max_size> out{};
        s_->crypto_generichash_blake2b_final(&state_, out.data(), length_);
        return {algorithm_, std::span<const std::uint8_t>(out.data(), length_)};
    }
    void do_reset() override {
        if (s_->crypto_generichash_blake2b_init(&state_, nullptr, 0, length_) != 0) {
            throw std::runtime_error("libsodium refuses a BLAKE2b digest of " + std::to_string(length_) + " bytes");
        }
    }

private:
    std::string_view algorithm_;
    std::size_t length_;
    const Sodium* s_ = nullptr;
    crypto_generichash_blake2b_state state_{};
};

}  // namespace

std::string libsodium_version() {
    std::string why;
    const Sodium* s = initialised(why);
    return s != nullptr ? s->sodium_version_string() : "not available (" + why + ")";
}

HasherPtr make_libsodium_blake2b() {
    return std::make_unique<SodiumBlake2b>("blake2b", crypto_generichash_blake2b_BYTES_MAX);
}
HasherPtr make_libsodium_blake2b_variant(const AlgorithmInfo& variant) {
    return std::make_unique<SodiumBlake2b>(variant.id, variant.digest_size);
}

}  // namespace hashscope::detail
