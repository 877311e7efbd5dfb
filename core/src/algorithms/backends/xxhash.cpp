// xxHash through libxxhash. XXH3 and XXH128 go through the x86 dispatch entry points: Debian's
// plain XXH3_64bits is built for SSE2 only and runs at a third of the speed.
#define XXH_DISPATCH_DISABLE_REPLACE  // call the *_dispatch names explicitly, no macro magic
#include <xxhash.h>
#if defined(__x86_64__) || defined(__i386__)
#include <xxh_x86dispatch.h>
#define HASHSCOPE_XXH3_UPDATE XXH3_64bits_update_dispatch
#define HASHSCOPE_XXH128_UPDATE XXH3_128bits_update_dispatch
#else
#define HASHSCOPE_XXH3_UPDATE XXH3_64bits_update
#define HASHSCOPE_XXH128_UPDATE XXH3_128bits_update
#endif

#include <memory>

#include "algorithms/factories.hpp"

namespace hashscope::detail {
namespace {

class Xxh32Hasher final : public Hasher {
public:
    Xxh32Hasher() { reset(); }
    ~Xxh32Hasher() override { XXH32_freeState(state_); }
    void update(std::span<const std::byte> d) override { XXH32_update(state_, d.data(), d.size()); }
    Digest finish() override { return Digest::from_u32("xxh32", XXH32_digest(state_)); }
    void reset() override { XXH32_reset(state_, 0); }

private:
    XXH32_state_t* state_ = XXH32_createState();
};

class Xxh64Hasher final : public Hasher {
public:
    Xxh64Hasher() { reset(); }
    ~Xxh64Hasher() override { XXH64_freeState(state_); }
    void update(std::span<const std::byte> d) override { XXH64_update(state_, d.data(), d.size()); }
    Digest finish() override { return Digest::from_u64("xxh64", XXH64_digest(state_)); }
    void reset() override { XXH64_reset(state_, 0); }

private:
    XXH64_state_t* state_ = XXH64_createState();
};

class Xxh3Hasher final : public Hasher {
public:
    Xxh3Hasher() { reset(); }
    ~Xxh3Hasher() override { XXH3_freeState(state_); }
    void update(std::span<const std::byte> d) override { HASHSCOPE_XXH3_UPDATE(state_, d.data(), d.size()); }
    Digest finish() override { return Digest::from_u64("xxh3", XXH3_64bits_digest(state_)); }
    void reset() override { XXH3_64bits_reset(state_); }

private:
    XXH3_state_t* state_ = XXH3_createState();
};

class Xxh128Hasher final : public Hasher {
public:
    Xxh128Hasher() { reset(); }
    ~Xxh128Hasher() override { XXH3_freeState(state_); }
    void update(std::span<const std::byte> d) override { HASHSCOPE_XXH128_UPDATE(state_, d.data(), d.size()); }
    Digest finish() override {
        XXH128_canonical_t canonical;  // big-endian, as xxhsum prints it
        XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(state_));
        return {"xxh128", std::span<const std::uint8_t>(canonical.digest, sizeof canonical.digest)};
    }
    void reset() override { XXH3_128bits_reset(state_); }

private:
    XXH3_state_t* state_ = XXH3_createState();
};

}  // namespace

HasherPtr make_xxhash_xxh32() { return std::make_unique<Xxh32Hasher>(); }
HasherPtr make_xxhash_xxh64() { return std::make_unique<Xxh64Hasher>(); }
HasherPtr make_xxhash_xxh3() { return std::make_unique<Xxh3Hasher>(); }
HasherPtr make_xxhash_xxh128() { return std::make_unique<Xxh128Hasher>(); }

}  // namespace hashscope::detail
