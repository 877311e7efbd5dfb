// Registry factories for BLAKE3: the portable reference and the kernel tiers.
#include "algorithms/blake3/blake3_hashers.hpp"

#include <memory>

#include "algorithms/blake3/blake3_kernel.hpp"
#include "algorithms/blake3/blake3_portable.hpp"
#include "algorithms/blake3/blake3_tree.hpp"

namespace hashscope::detail {
namespace {

// State: blake3::Hasher (the portable reference) or blake3::TreeHasher (a kernel tier); both take
// bytes and finalize into 32 of them.
template <class State>
class Blake3Hasher final : public Hasher {
public:
    template <class... Args>
    explicit Blake3Hasher(const Args&... args) : state_(args...) {}
    void do_update(std::span<const std::byte> d) override { state_.update(d.data(), d.size()); }
    Digest do_finish() override {
        std::array<std::uint8_t, blake3::out_size> out{};
        state_.finalize(out);
        return {"blake3", out};
    }
    void do_reset() override { state_.reset(); }

private:
    State state_;
};

using Blake3KernelHasher = Blake3Hasher<blake3::TreeHasher>;

}  // namespace

HasherPtr make_blake3_portable() { return std::make_unique<Blake3Hasher<blake3::Hasher>>(); }
#if defined(HASHSCOPE_X86_KERNELS)
HasherPtr make_blake3_sse41() { return std::make_unique<Blake3KernelHasher>(blake3::sse41_kernel()); }
HasherPtr make_blake3_avx2() { return std::make_unique<Blake3KernelHasher>(blake3::avx2_kernel()); }
#endif
#if defined(HASHSCOPE_AVX512_KERNELS)
HasherPtr make_blake3_avx512() { return std::make_unique<Blake3KernelHasher>(blake3::avx512_kernel()); }
#endif
#if defined(HASHSCOPE_AARCH64_KERNELS)
HasherPtr make_blake3_neon() { return std::make_unique<Blake3KernelHasher>(blake3::neon_kernel()); }
#endif

}  // namespace hashscope::detail
