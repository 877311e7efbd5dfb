// xxHash through libxxhash, and XXH3 / XXH128 in every tier we can run (see xxh3_kernels.hpp):
//   avx512, avx2  xxHash's inline code compiled per instruction set, in a streaming state of our
//                 own (fastest: the vector loop inlined, and no copies a one-update message needs not);
//   xxhash        the library's x86 dispatch entry points (AVX2/AVX-512 picked at run time, but the
//                 streaming update calls the vector loop through a pointer);
//   sse2          the library's plain entry points, which Debian builds for SSE2 only.
#define XXH_DISPATCH_DISABLE_REPLACE  // call the *_dispatch names explicitly, no macro magic
#define XXH_STATIC_LINKING_ONLY       // XXH3_state_t's size, to keep the state inside the hasher
#include <xxhash.h>
#if defined(__x86_64__) || defined(__i386__)
#include <xxh_x86dispatch.h>
#define HASHSCOPE_XXH3_UPDATE XXH3_64bits_update_dispatch
#define HASHSCOPE_XXH128_UPDATE XXH3_128bits_update_dispatch
#else
#define HASHSCOPE_XXH3_UPDATE XXH3_64bits_update
#define HASHSCOPE_XXH128_UPDATE XXH3_128bits_update
#endif

#include <algorithm>
#include <array>
#include <bit>
#include <memory>

#include "algorithms/backends/backends.hpp"
#include "algorithms/backends/xxh3_kernels.hpp"

namespace hashscope::detail {
namespace {

class Xxh32Hasher final : public Hasher {
public:
    Xxh32Hasher() { reset(); }
    ~Xxh32Hasher() override { XXH32_freeState(state_); }
    void do_update(std::span<const std::byte> d) override { XXH32_update(state_, d.data(), d.size()); }
    Digest do_finish() override { return Digest::from_u32("xxh32", XXH32_digest(state_)); }
    void do_reset() override { XXH32_reset(state_, 0); }

private:
    XXH32_state_t* state_ = XXH32_createState();
};

class Xxh64Hasher final : public Hasher {
public:
    Xxh64Hasher() { reset(); }
    ~Xxh64Hasher() override { XXH64_freeState(state_); }
    void do_update(std::span<const std::byte> d) override { XXH64_update(state_, d.data(), d.size()); }
    Digest do_finish() override { return Digest::from_u64("xxh64", XXH64_digest(state_)); }
    void do_reset() override { XXH64_reset(state_, 0); }

private:
    XXH64_state_t* state_ = XXH64_createState();
};

static_assert(sizeof(XXH3_state_t) == xxh3::kStateSize && alignof(XXH3_state_t) == xxh3::kStateAlign);

// The library's entry points in the shape of a kernel table.
void library_reset(void* s) { XXH3_64bits_reset(static_cast<XXH3_state_t*>(s)); }
std::uint64_t library_digest64(const void* s) { return XXH3_64bits_digest(static_cast<const XXH3_state_t*>(s)); }
void library_digest128(const void* s, std::uint8_t* out) {
    XXH128_canonical_t canonical;
    XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(static_cast<const XXH3_state_t*>(s)));
    std::copy(std::begin(canonical.digest), std::end(canonical.digest), out);
}
template <XXH_errorcode (*Update)(XXH3_state_t*, const void*, std::size_t)>
void library_update(void* s, const void* p, std::size_t n) {
    Update(static_cast<XXH3_state_t*>(s), p, n);
}

constexpr xxh3::Kernels kLibraryDispatch{library_reset, library_update<HASHSCOPE_XXH3_UPDATE>,
                                         library_update<HASHSCOPE_XXH128_UPDATE>, library_digest64, library_digest128};
#if defined(HASHSCOPE_X86_KERNELS)
constexpr xxh3::Kernels kLibraryPlain{library_reset, library_update<XXH3_64bits_update>,
                                      library_update<XXH3_128bits_update>, library_digest64, library_digest128};
#endif

// XXH3 (Wide = false) or XXH128 over one kernel table. At 4 KiB a nanosecond is 2% of the
// figure, so the table is copied in (one load per call, not two) and the 64-bit value becomes
// its big-endian bytes in one swap.
template <bool Wide>
class Xxh3Hasher final : public Hasher {
public:
    explicit Xxh3Hasher(const xxh3::Kernels& kernels) : kernels_(kernels) { reset(); }
    void do_update(std::span<const std::byte> d) override {
        (Wide ? kernels_.update128 : kernels_.update64)(state_.data(), d.data(), d.size());
    }
    Digest do_finish() override {
        if constexpr (Wide) {
            std::array<std::uint8_t, 16> canonical{};
            kernels_.digest128(state_.data(), canonical.data());
            return {"xxh128", canonical};
        } else {
            static_assert(std::endian::native == std::endian::little);
            const std::uint64_t canonical = __builtin_bswap64(kernels_.digest64(state_.data()));
            return {"xxh3", std::span(reinterpret_cast<const std::uint8_t*>(&canonical), sizeof canonical)};
        }
    }
    void do_reset() override { kernels_.reset(state_.data()); }

private:
    const xxh3::Kernels kernels_;
    alignas(xxh3::kStateAlign) std::array<std::byte, xxh3::kStateSize> state_{};
};

}  // namespace

HasherPtr make_xxhash_xxh32() { return std::make_unique<Xxh32Hasher>(); }
HasherPtr make_xxhash_xxh64() { return std::make_unique<Xxh64Hasher>(); }
HasherPtr make_xxhash_xxh3() { return std::make_unique<Xxh3Hasher<false>>(kLibraryDispatch); }
HasherPtr make_xxhash_xxh128() { return std::make_unique<Xxh3Hasher<true>>(kLibraryDispatch); }
#if defined(HASHSCOPE_X86_KERNELS)
HasherPtr make_xxhash_xxh3_sse2() { return std::make_unique<Xxh3Hasher<false>>(kLibraryPlain); }
HasherPtr make_xxhash_xxh128_sse2() { return std::make_unique<Xxh3Hasher<true>>(kLibraryPlain); }
HasherPtr make_xxhash_xxh3_avx2() { return std::make_unique<Xxh3Hasher<false>>(xxh3::kAvx2); }
HasherPtr make_xxhash_xxh128_avx2() { return std::make_unique<Xxh3Hasher<true>>(xxh3::kAvx2); }
#endif
#if defined(HASHSCOPE_AVX512_KERNELS)
HasherPtr make_xxhash_xxh3_avx512() { return std::make_unique<Xxh3Hasher<false>>(xxh3::kAvx512); }
HasherPtr make_xxhash_xxh128_avx512() { return std::make_unique<Xxh3Hasher<true>>(xxh3::kAvx512); }
#endif

}  // namespace hashscope::detail
