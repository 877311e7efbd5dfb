// The factories of our own SHA-3: a Keccak kernel and each digest's rate in a SpongeHasher.
#include "algorithms/sha3/sha3_hashers.hpp"

#include <memory>

#include "algorithms/sha3/keccak_kernels.hpp"
#include "algorithms/sha3/keccak_sponge.hpp"

namespace hashscope::detail {

#if defined(HASHSCOPE_AARCH64_KERNELS)
namespace {

// FIPS 202 §6.1: the rate is 1600 bits less twice the digest.
constexpr sha3::SpongeSpec kSha3_224Armv8{"sha3-224", 144, 28, sha3::absorb_keccak_armv8};
constexpr sha3::SpongeSpec kSha3_256Armv8{"sha3-256", 136, 32, sha3::absorb_keccak_armv8};
constexpr sha3::SpongeSpec kSha3_384Armv8{"sha3-384", 104, 48, sha3::absorb_keccak_armv8};
constexpr sha3::SpongeSpec kSha3_512Armv8{"sha3-512", 72, 64, sha3::absorb_keccak_armv8};

}  // namespace

HasherPtr make_armv8_sha3_224() { return std::make_unique<sha3::SpongeHasher<kSha3_224Armv8>>(); }
HasherPtr make_armv8_sha3_256() { return std::make_unique<sha3::SpongeHasher<kSha3_256Armv8>>(); }
HasherPtr make_armv8_sha3_384() { return std::make_unique<sha3::SpongeHasher<kSha3_384Armv8>>(); }
HasherPtr make_armv8_sha3_512() { return std::make_unique<sha3::SpongeHasher<kSha3_512Armv8>>(); }
#endif

}  // namespace hashscope::detail
