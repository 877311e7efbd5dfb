// The factories of our own MD5, SHA-1, SHA-224, SHA-256 and (aarch64) SHA-384, SHA-512, SHA-512/256:
// a kernel and its constants in a BlockHasher. The SHA kernels are per instruction set (SHA-NI,
// ARMv8), the constants the same.
#include "algorithms/md/md_hashers.hpp"

#include <memory>

#include "algorithms/md/block_hasher.hpp"
#include "algorithms/md/md_kernels.hpp"

namespace hashscope::detail {
namespace {

constexpr md::BlockDigest kMd5{
    "md5", {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476}, 4, false, md::compress_md5_portable};
#if defined(HASHSCOPE_X86_KERNELS)
constexpr md::BlockDigest kSha1Shani{
    "sha1", {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0}, 5, true, md::compress_sha1_shani};
// FIPS 180-4 §5.3.2 and §5.3.3.
constexpr md::BlockDigest kSha224Shani{
    "sha224",
    {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4},
    7,
    true,
    md::compress_sha256_shani};
constexpr md::BlockDigest kSha256Shani{
    "sha256",
    {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19},
    8,
    true,
    md::compress_sha256_shani};
#endif
#if defined(HASHSCOPE_AARCH64_KERNELS)
constexpr md::BlockDigest kSha1Armv8{
    "sha1", {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0}, 5, true, md::compress_sha1_armv8};
constexpr md::BlockDigest kSha224Armv8{
    "sha224",
    {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4},
    7,
    true,
    md::compress_sha256_armv8};
constexpr md::BlockDigest kSha256Armv8{
    "sha256",
    {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19},
    8,
    true,
    md::compress_sha256_armv8};
// FIPS 180-4 §5.3.4 to §5.3.6.2: the three share the compression and differ in the initial state and
// the words kept.
constexpr md::BlockDigest512 kSha384Armv8{
    "sha384",
    {0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939, 0x67332667ffc00b31,
     0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4},
    6,
    true,
    md::compress_sha512_armv8};
constexpr md::BlockDigest512 kSha512Armv8{
    "sha512",
    {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1, 0x510e527fade682d1,
     0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179},
    8,
    true,
    md::compress_sha512_armv8};
constexpr md::BlockDigest512 kSha512_256Armv8{
    "sha512-256",
    {0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151, 0x963877195940eabd, 0x96283ee2a88effe3,
     0xbe5e1e2553863992, 0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2},
    4,
    true,
    md::compress_sha512_armv8};
#endif

}  // namespace

HasherPtr make_own_md5() { return std::make_unique<md::BlockHasher<kMd5>>(); }
#if defined(HASHSCOPE_X86_KERNELS)
HasherPtr make_shani_sha1() { return std::make_unique<md::BlockHasher<kSha1Shani>>(); }
HasherPtr make_shani_sha224() { return std::make_unique<md::BlockHasher<kSha224Shani>>(); }
HasherPtr make_shani_sha256() { return std::make_unique<md::BlockHasher<kSha256Shani>>(); }
#endif
#if defined(HASHSCOPE_AARCH64_KERNELS)
HasherPtr make_armv8_sha1() { return std::make_unique<md::BlockHasher<kSha1Armv8>>(); }
HasherPtr make_armv8_sha224() { return std::make_unique<md::BlockHasher<kSha224Armv8>>(); }
HasherPtr make_armv8_sha256() { return std::make_unique<md::BlockHasher<kSha256Armv8>>(); }
HasherPtr make_armv8_sha384() { return std::make_unique<md::BlockHasher<kSha384Armv8>>(); }
HasherPtr make_armv8_sha512() { return std::make_unique<md::BlockHasher<kSha512Armv8>>(); }
HasherPtr make_armv8_sha512_256() { return std::make_unique<md::BlockHasher<kSha512_256Armv8>>(); }
#endif

}  // namespace hashscope::detail
