// BLAKE2b and BLAKE2s through libb2, the BLAKE2 authors' library (it picks its SSE2/SSSE3/SSE4.1/
// AVX code at run time). It takes any digest length up to the algorithm's own, which makes it the
// implementation of BLAKE2b's length variants (`b2sum -l 256`) besides libsodium's.
#include <blake2.h>

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "algorithms/backends/backends.hpp"
#include "hashscope/algorithm.hpp"

namespace hashscope::detail {
namespace {

// The library's entry points for one algorithm, so that one hasher serves both.
template <class State, int (*Init)(State*, std::size_t), int (*Update)(State*, const std::uint8_t*, std::size_t),
          int (*Final)(State*, std::uint8_t*, std::size_t)>
class Libb2Hasher final : public Hasher {
public:
    Libb2Hasher(std::string_view algorithm, std::size_t length) : algorithm_(algorithm), length_(length) { do_reset(); }

    void do_update(std::span<const std::byte> data) override {
        Update(&state_, reinterpret_cast<const std::uint8_t*>(data.data()), data.size());
    }
    Digest do_finish() override {
        std::array<std::uint8_t, Digest::max_size> out{};
        Final(&state_, out.data(), length_);
        return {algorithm_, std::span<const std::uint8_t>(out.data(), length_)};
    }
    void do_reset() override {
        if (Init(&state_, length_) != 0) {
            throw std::runtime_error("libb2 refuses a digest of " + std::to_string(length_) + " bytes");
        }
    }

private:
    std::string_view algorithm_;
    std::size_t length_;
    State state_{};
};

using Blake2b = Libb2Hasher<blake2b_state, blake2b_init, blake2b_update, blake2b_final>;
using Blake2s = Libb2Hasher<blake2s_state, blake2s_init, blake2s_update, blake2s_final>;

}  // namespace

HasherPtr make_libb2_blake2b() { return std::make_unique<Blake2b>("blake2b", BLAKE2B_OUTBYTES); }
HasherPtr make_libb2_blake2s() { return std::make_unique<Blake2s>("blake2s", BLAKE2S_OUTBYTES); }
HasherPtr make_libb2_blake2b_variant(const AlgorithmInfo& variant) {
    return std::make_unique<Blake2b>(variant.id, variant.digest_size);
}

}  // namespace hashscope::detail
