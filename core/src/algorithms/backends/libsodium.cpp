// BLAKE2b through libsodium's crypto_generichash (its AVX2/SSE4.1/SSSE3 code is picked in
// sodium_init). It takes digest lengths of 16 to 64 bytes: BLAKE2b and its longer length variants.
#include <sodium.h>

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "algorithms/backends/backends.hpp"
#include "hashscope/algorithm.hpp"

namespace hashscope::detail {
namespace {

// sodium_init() chooses the library's kernels for this CPU; it is safe to call again (returns 1).
bool initialised() {
    static const bool ok = sodium_init() >= 0;
    return ok;
}

class SodiumBlake2b final : public Hasher {
public:
    SodiumBlake2b(std::string_view algorithm, std::size_t length) : algorithm_(algorithm), length_(length) {
        if (!initialised()) throw std::runtime_error("libsodium failed to initialise");
        do_reset();
    }

    void do_update(std::span<const std::byte> data) override {
        crypto_generichash_blake2b_update(&state_, reinterpret_cast<const unsigned char*>(data.data()), data.size());
    }
    Digest do_finish() override {
        std::array<std::uint8_t, Digest::max_size> out{};
        crypto_generichash_blake2b_final(&state_, out.data(), length_);
        return {algorithm_, std::span<const std::uint8_t>(out.data(), length_)};
    }
    void do_reset() override {
        if (crypto_generichash_blake2b_init(&state_, nullptr, 0, length_) != 0) {
            throw std::runtime_error("libsodium refuses a BLAKE2b digest of " + std::to_string(length_) + " bytes");
        }
    }

private:
    std::string_view algorithm_;
    std::size_t length_;
    crypto_generichash_blake2b_state state_{};
};

}  // namespace

HasherPtr make_libsodium_blake2b() {
    return std::make_unique<SodiumBlake2b>("blake2b", crypto_generichash_blake2b_BYTES_MAX);
}
HasherPtr make_libsodium_blake2b_variant(const AlgorithmInfo& variant) {
    return std::make_unique<SodiumBlake2b>(variant.id, variant.digest_size);
}

}  // namespace hashscope::detail
