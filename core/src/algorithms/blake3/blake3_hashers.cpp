// Registry factory for the portable BLAKE3.
#include <memory>

#include "algorithms/blake3/blake3_portable.hpp"
#include "algorithms/factories.hpp"

namespace hashscope::detail {
namespace {

class Blake3PortableHasher final : public Hasher {
public:
    void update(std::span<const std::byte> d) override { state_.update(d.data(), d.size()); }
    Digest finish() override {
        std::array<std::uint8_t, blake3::out_size> out{};
        state_.finalize(out);
        return {"blake3", out};
    }
    void reset() override { state_.reset(); }

private:
    blake3::Hasher state_;
};

}  // namespace

HasherPtr make_blake3_portable() { return std::make_unique<Blake3PortableHasher>(); }

}  // namespace hashscope::detail
