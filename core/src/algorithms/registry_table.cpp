// THE table: every algorithm × implementation, the CPU features it needs and its priority.
// Adding an implementation means adding one row here; its factory or kernel is declared in the
// header beside its code (included below).
#include <array>

#include "algorithms/backends/backends.hpp"
#include "algorithms/blake2/blake2b.hpp"
#include "algorithms/blake3/blake3_hashers.hpp"
#include "algorithms/crc/crc32_armv8.hpp"
#include "algorithms/crc/crc32c_sse42.hpp"
#include "algorithms/crc/crc_pclmul.hpp"
#include "algorithms/crc/crc_pclmul_avx2.hpp"
#include "algorithms/crc/crc_pmull.hpp"
#include "algorithms/crc/crc_slice16.hpp"
#include "algorithms/crc/crc_table.hpp"
#include "algorithms/crc/crc_vpclmul.hpp"
#include "algorithms/md/md_hashers.hpp"
#include "algorithms/sha3/sha3_hashers.hpp"
#include "hashscope/registry.hpp"

namespace hashscope {
namespace {

using F = CpuFeature;

// What the carry-less multiply kernels need. The AVX-512 set includes what the 128-bit tail and
// crc32c's crc32-instruction streams use.
constexpr CpuFeatureSet kPclmul{F::sse42, F::pclmulqdq};
constexpr CpuFeatureSet kVpclmulAvx2{F::sse42, F::pclmulqdq, F::avx2, F::vpclmulqdq};
constexpr CpuFeatureSet kVpclmul{F::sse42, F::pclmulqdq, F::avx512f, F::avx512bw, F::avx512vl, F::vpclmulqdq};
// The SHA-NI kernels also shuffle bytes with SSSE3 and blend with SSE4.1.
constexpr CpuFeatureSet kShani{F::sse41, F::sha};
#if defined(HASHSCOPE_AARCH64_KERNELS)
// The PMULL kernels; crc32c's also runs the CRC32C instructions.
constexpr CpuFeatureSet kPmull{F::arm_pmull};
constexpr CpuFeatureSet kPmullCrc{F::arm_pmull, F::arm_crc32};
#endif
#if defined(__aarch64__)
constexpr CpuFeatureSet kIsalCrc64{F::arm_pmull};
#else
constexpr CpuFeatureSet kIsalCrc64{F::pclmulqdq};
#endif

// Priorities: a library's tuned, self-dispatching code beats our portable reference code until our
// own kernels for that tier exist. Among equals, the first row wins.
// Two lines a row: what it is, then what it runs (laid out by hand).
// clang-format off
const auto kTable = std::to_array<Implementation>({
#if defined(HASHSCOPE_AVX512_KERNELS)
    {.algorithm = "crc32", .id = "vpclmul", .backend = "own", .needs = kVpclmul, .priority = 80,
     .description = "AVX-512 VPCLMULQDQ folding, 4x512 bits", .extend = crc::extend_crc32_vpclmul},
    {.algorithm = "crc32", .id = "vpclmul-noprefetch", .backend = "own", .needs = kVpclmul, .priority = 79,
     .description = "AVX-512 VPCLMULQDQ folding, hardware prefetch alone from 256 KiB",
     .extend = crc::extend_crc32_vpclmul_no_prefetch},
#endif
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "crc32", .id = "pmull", .backend = "own", .needs = kPmull, .priority = 70,
     .description = "PMULL folding + Barrett", .extend = crc::extend_crc32_pmull},
    {.algorithm = "crc32", .id = "armv8", .backend = "own", .needs = {F::arm_crc32}, .priority = 65,
     .description = "ARMv8 CRC32X instruction, 8 bytes a step", .extend = crc::extend_crc32_armv8},
#endif
    {.algorithm = "crc32", .id = "isal", .backend = "isal", .priority = 60,
     .description = "ISA-L crc32_gzip_refl (own runtime dispatch)", .extend = detail::extend_isal_crc32},
    {.algorithm = "crc32", .id = "libdeflate", .backend = "libdeflate", .priority = 50,
     .description = "libdeflate (own runtime dispatch)", .extend = detail::extend_libdeflate_crc32},
    {.algorithm = "crc32", .id = "zlib", .backend = "zlib", .priority = 20,
     .description = "zlib crc32_z", .extend = detail::extend_zlib_crc32},
#if defined(HASHSCOPE_X86_KERNELS)
    {.algorithm = "crc32", .id = "vpclmul-avx2", .backend = "own", .needs = kVpclmulAvx2, .priority = 70,
     .description = "AVX2 VPCLMULQDQ folding, 8x256 bits", .extend = crc::extend_crc32_vpclmul_avx2},
    {.algorithm = "crc32", .id = "pclmul", .backend = "own", .needs = kPclmul, .priority = 45,
     .description = "PCLMULQDQ folding + Barrett", .extend = crc::extend_crc32_pclmul},
#endif
    {.algorithm = "crc32", .id = "slice16", .backend = "own", .priority = 30,
     .description = "slicing-by-16 tables (portable)", .extend = crc::extend_crc32_slice16},
    {.algorithm = "crc32", .id = "table", .backend = "own", .priority = 10,
     .description = "byte-at-a-time table (reference)", .extend = crc::extend_crc32_table},

#if defined(HASHSCOPE_AVX512_KERNELS)
    {.algorithm = "crc32c", .id = "vpclmul", .backend = "own", .needs = kVpclmul, .priority = 80,
     .description = "AVX-512 VPCLMULQDQ folding, 4x512 bits", .extend = crc::extend_crc32c_vpclmul},
    {.algorithm = "crc32c", .id = "vpclmul-fullrate", .backend = "own", .needs = kVpclmul, .priority = 78,
     .description = "AVX-512 VPCLMULQDQ folding + crc32 instruction, a fifth in crc32",
     .extend = crc::extend_crc32c_vpclmul_full_rate},
    {.algorithm = "crc32c", .id = "vpclmul-blocks", .backend = "own", .needs = kVpclmul, .priority = 77,
     .description = "AVX-512 VPCLMULQDQ folding + crc32 instruction, 3 regions in blocks",
     .extend = crc::extend_crc32c_vpclmul_blocks},
    {.algorithm = "crc32c", .id = "vpclmul-fold", .backend = "own", .needs = kVpclmul, .priority = 75,
     .description = "AVX-512 VPCLMULQDQ folding only, 4x512 bits", .extend = crc::extend_crc32c_vpclmul_fold},
#endif
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "crc32c", .id = "pmull", .backend = "own", .needs = kPmullCrc, .priority = 70,
     .description = "PMULL folding + CRC32C instruction", .extend = crc::extend_crc32c_pmull},
    {.algorithm = "crc32c", .id = "armv8", .backend = "own", .needs = {F::arm_crc32}, .priority = 65,
     .description = "ARMv8 CRC32CX instruction, 8 bytes a step", .extend = crc::extend_crc32c_armv8},
#endif
    {.algorithm = "crc32c", .id = "isal", .backend = "isal", .priority = 60,
     .description = "ISA-L crc32_iscsi (own runtime dispatch)", .extend = detail::extend_isal_crc32c},
#if defined(HASHSCOPE_X86_KERNELS)
    {.algorithm = "crc32c", .id = "sse42", .backend = "own", .needs = {F::sse42}, .priority = 40,
     .description = "crc32 instruction, 3 interleaved streams", .extend = crc::extend_crc32c_sse42},
    {.algorithm = "crc32c", .id = "vpclmul-avx2", .backend = "own", .needs = kVpclmulAvx2, .priority = 70,
     .description = "AVX2 VPCLMULQDQ folding + crc32 instruction", .extend = crc::extend_crc32c_vpclmul_avx2},
    {.algorithm = "crc32c", .id = "pclmul", .backend = "own", .needs = kPclmul, .priority = 35,
     .description = "PCLMULQDQ folding + crc32 instruction", .extend = crc::extend_crc32c_pclmul},
#endif
    {.algorithm = "crc32c", .id = "slice16", .backend = "own", .priority = 30,
     .description = "slicing-by-16 tables (portable)", .extend = crc::extend_crc32c_slice16},
    {.algorithm = "crc32c", .id = "table", .backend = "own", .priority = 10,
     .description = "byte-at-a-time table (reference)", .extend = crc::extend_crc32c_table},

#if defined(HASHSCOPE_AVX512_KERNELS)
    {.algorithm = "crc64nvme", .id = "vpclmul", .backend = "own", .needs = kVpclmul, .priority = 80,
     .description = "AVX-512 VPCLMULQDQ folding, 4x512 bits", .extend = crc::extend_crc64nvme_vpclmul},
    {.algorithm = "crc64nvme", .id = "vpclmul-noprefetch", .backend = "own", .needs = kVpclmul, .priority = 79,
     .description = "AVX-512 VPCLMULQDQ folding, hardware prefetch alone from 256 KiB",
     .extend = crc::extend_crc64nvme_vpclmul_no_prefetch},
#endif
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "crc64nvme", .id = "pmull", .backend = "own", .needs = kPmull, .priority = 70,
     .description = "PMULL folding + Barrett", .extend = crc::extend_crc64nvme_pmull},
#endif
#if defined(HASHSCOPE_X86_KERNELS)
    {.algorithm = "crc64nvme", .id = "vpclmul-avx2", .backend = "own", .needs = kVpclmulAvx2, .priority = 70,
     .description = "AVX2 VPCLMULQDQ folding, 8x256 bits", .extend = crc::extend_crc64nvme_vpclmul_avx2},
    {.algorithm = "crc64nvme", .id = "pclmul", .backend = "own", .needs = kPclmul, .priority = 45,
     .description = "PCLMULQDQ folding + Barrett", .extend = crc::extend_crc64nvme_pclmul},
#endif
    {.algorithm = "crc64nvme", .id = "slice16", .backend = "own", .priority = 30,
     .description = "slicing-by-16 tables (portable)", .extend = crc::extend_crc64nvme_slice16},
    {.algorithm = "crc64nvme", .id = "table", .backend = "own", .priority = 10,
     .description = "byte-at-a-time table (reference)", .extend = crc::extend_crc64nvme_table},

#if defined(HASHSCOPE_AVX512_KERNELS)
    {.algorithm = "crc64xz", .id = "vpclmul", .backend = "own", .needs = kVpclmul, .priority = 80,
     .description = "AVX-512 VPCLMULQDQ folding, 4x512 bits", .extend = crc::extend_crc64xz_vpclmul},
    {.algorithm = "crc64xz", .id = "vpclmul-noprefetch", .backend = "own", .needs = kVpclmul, .priority = 79,
     .description = "AVX-512 VPCLMULQDQ folding, hardware prefetch alone from 256 KiB",
     .extend = crc::extend_crc64xz_vpclmul_no_prefetch},
#endif
    // ISA-L 2.30's crc64 dispatcher runs PCLMULQDQ code on CPUs without it (SIGILL under
    // qemu -cpu Nehalem), so this row declares the need itself; its aarch64 code needs PMULL.
    {.algorithm = "crc64xz", .id = "isal", .backend = "isal", .needs = kIsalCrc64, .priority = 60,
     .description = "ISA-L crc64_ecma_refl (own runtime dispatch)", .extend = detail::extend_isal_crc64xz},
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "crc64xz", .id = "pmull", .backend = "own", .needs = kPmull, .priority = 70,
     .description = "PMULL folding + Barrett", .extend = crc::extend_crc64xz_pmull},
#endif
#if defined(HASHSCOPE_X86_KERNELS)
    {.algorithm = "crc64xz", .id = "vpclmul-avx2", .backend = "own", .needs = kVpclmulAvx2, .priority = 70,
     .description = "AVX2 VPCLMULQDQ folding, 8x256 bits", .extend = crc::extend_crc64xz_vpclmul_avx2},
    {.algorithm = "crc64xz", .id = "pclmul", .backend = "own", .needs = kPclmul, .priority = 45,
     .description = "PCLMULQDQ folding + Barrett", .extend = crc::extend_crc64xz_pclmul},
#endif
    {.algorithm = "crc64xz", .id = "slice16", .backend = "own", .priority = 30,
     .description = "slicing-by-16 tables (portable)", .extend = crc::extend_crc64xz_slice16},
    {.algorithm = "crc64xz", .id = "table", .backend = "own", .priority = 10,
     .description = "byte-at-a-time table (reference)", .extend = crc::extend_crc64xz_table},

    {.algorithm = "adler32", .id = "libdeflate", .backend = "libdeflate", .priority = 50,
     .description = "libdeflate (own runtime dispatch)", .extend = detail::extend_libdeflate_adler32, .initial = 1},
    {.algorithm = "adler32", .id = "zlib", .backend = "zlib", .priority = 20,
     .description = "zlib adler32_z", .extend = detail::extend_zlib_adler32, .initial = 1},

    // The message digests: our own block kernels where they are at least as fast as the libraries at
    // every size (no per-call overhead at 64 bytes), OpenSSL otherwise; libgcrypt and Nettle are
    // there to compare with (each picks its own SHA-NI/AVX2 code at run time).
    {.algorithm = "md5", .id = "own", .backend = "own", .priority = 60,
     .description = "portable, one block buffer, no per-call overhead", .make = detail::make_own_md5},
    {.algorithm = "md5", .id = "openssl", .backend = "openssl", .priority = 50,
     .description = "OpenSSL 3 EVP", .make = detail::make_openssl_md5},
    {.algorithm = "md5", .id = "gcrypt", .backend = "libgcrypt", .priority = 30,
     .description = "libgcrypt", .make = detail::make_gcrypt_md5},
    {.algorithm = "md5", .id = "nettle", .backend = "nettle", .priority = 30,
     .description = "Nettle", .make = detail::make_nettle_md5},
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "sha1", .id = "armv8", .backend = "own", .needs = {F::arm_sha1}, .priority = 70,
     .description = "ARMv8 SHA instructions, one block buffer, no per-call overhead", .make = detail::make_armv8_sha1},
#endif
#if defined(HASHSCOPE_X86_KERNELS)
    {.algorithm = "sha1", .id = "shani", .backend = "own", .needs = kShani, .priority = 70,
     .description = "SHA-NI, one block buffer, no per-call overhead", .make = detail::make_shani_sha1},
#endif
    {.algorithm = "sha1", .id = "openssl", .backend = "openssl", .priority = 50,
     .description = "OpenSSL 3 EVP (SHA-NI when present)", .make = detail::make_openssl_sha1},
    {.algorithm = "sha1", .id = "gcrypt", .backend = "libgcrypt", .priority = 30,
     .description = "libgcrypt (SHA-NI when present)", .make = detail::make_gcrypt_sha1},
    {.algorithm = "sha1", .id = "nettle", .backend = "nettle", .priority = 30,
     .description = "Nettle (SHA-NI when present)", .make = detail::make_nettle_sha1},
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "sha224", .id = "armv8", .backend = "own", .needs = {F::arm_sha2}, .priority = 70,
     .description = "ARMv8 SHA instructions, one block buffer, no per-call overhead", .make = detail::make_armv8_sha224},
#endif
#if defined(HASHSCOPE_X86_KERNELS)
    {.algorithm = "sha224", .id = "shani", .backend = "own", .needs = kShani, .priority = 70,
     .description = "SHA-NI, one block buffer, no per-call overhead", .make = detail::make_shani_sha224},
#endif
    {.algorithm = "sha224", .id = "openssl", .backend = "openssl", .priority = 50,
     .description = "OpenSSL 3 EVP (SHA-NI when present)", .make = detail::make_openssl_sha224},
    {.algorithm = "sha224", .id = "gcrypt", .backend = "libgcrypt", .priority = 30,
     .description = "libgcrypt (SHA-NI when present)", .make = detail::make_gcrypt_sha224},
    {.algorithm = "sha224", .id = "nettle", .backend = "nettle", .priority = 30,
     .description = "Nettle (SHA-NI when present)", .make = detail::make_nettle_sha224},
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "sha256", .id = "armv8", .backend = "own", .needs = {F::arm_sha2}, .priority = 70,
     .description = "ARMv8 SHA instructions, one block buffer, no per-call overhead", .make = detail::make_armv8_sha256},
#endif
#if defined(HASHSCOPE_X86_KERNELS)
    {.algorithm = "sha256", .id = "shani", .backend = "own", .needs = kShani, .priority = 70,
     .description = "SHA-NI, one block buffer, no per-call overhead", .make = detail::make_shani_sha256},
#endif
    {.algorithm = "sha256", .id = "openssl", .backend = "openssl", .priority = 50,
     .description = "OpenSSL 3 EVP (SHA-NI when present)", .make = detail::make_openssl_sha256},
    {.algorithm = "sha256", .id = "gcrypt", .backend = "libgcrypt", .priority = 30,
     .description = "libgcrypt (SHA-NI when present)", .make = detail::make_gcrypt_sha256},
    {.algorithm = "sha256", .id = "nettle", .backend = "nettle", .priority = 30,
     .description = "Nettle (SHA-NI when present)", .make = detail::make_nettle_sha256},
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "sha384", .id = "armv8", .backend = "own", .needs = {F::arm_sha512}, .priority = 70,
     .description = "ARMv8.2 SHA-512 instructions, one block buffer, no per-call overhead", .make = detail::make_armv8_sha384},
#endif
    {.algorithm = "sha384", .id = "openssl", .backend = "openssl", .priority = 50,
     .description = "OpenSSL 3 EVP", .make = detail::make_openssl_sha384},
    {.algorithm = "sha384", .id = "gcrypt", .backend = "libgcrypt", .priority = 30,
     .description = "libgcrypt", .make = detail::make_gcrypt_sha384},
    {.algorithm = "sha384", .id = "nettle", .backend = "nettle", .priority = 30,
     .description = "Nettle", .make = detail::make_nettle_sha384},
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "sha512", .id = "armv8", .backend = "own", .needs = {F::arm_sha512}, .priority = 70,
     .description = "ARMv8.2 SHA-512 instructions, one block buffer, no per-call overhead", .make = detail::make_armv8_sha512},
#endif
    {.algorithm = "sha512", .id = "openssl", .backend = "openssl", .priority = 50,
     .description = "OpenSSL 3 EVP", .make = detail::make_openssl_sha512},
    {.algorithm = "sha512", .id = "gcrypt", .backend = "libgcrypt", .priority = 30,
     .description = "libgcrypt", .make = detail::make_gcrypt_sha512},
    {.algorithm = "sha512", .id = "nettle", .backend = "nettle", .priority = 30,
     .description = "Nettle", .make = detail::make_nettle_sha512},
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "sha512-256", .id = "armv8", .backend = "own", .needs = {F::arm_sha512}, .priority = 70,
     .description = "ARMv8.2 SHA-512 instructions, one block buffer, no per-call overhead", .make = detail::make_armv8_sha512_256},
#endif
    {.algorithm = "sha512-256", .id = "openssl", .backend = "openssl", .priority = 50,
     .description = "OpenSSL 3 EVP", .make = detail::make_openssl_sha512_256},
    {.algorithm = "sha512-256", .id = "gcrypt", .backend = "libgcrypt", .priority = 30,
     .description = "libgcrypt", .make = detail::make_gcrypt_sha512_256},
    {.algorithm = "sha512-256", .id = "nettle", .backend = "nettle", .priority = 30,
     .description = "Nettle", .make = detail::make_nettle_sha512_256},
    // SHA-3: libgcrypt's Keccak beat OpenSSL 3.0's on every CPU class measured (Zen 3, Zen 5 and
    // the Intel Xeon: 1.03-1.24x), so the table puts it first; calibration still measures. On
    // aarch64 our own kernel with the SHA-3 instructions comes after both: the Neoverse cores issue
    // those instructions on one pipe, where one state's permutation is about twice as slow as scalar
    // code (llvm-mca's models; the kernel matches the Linux and OpenSSL kernels of the same shape),
    // so only calibration picks it, on a CPU where it measures faster.
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "sha3-256", .id = "armv8", .backend = "own", .needs = {F::arm_sha3}, .priority = 45,
     .description = "ARMv8.2 SHA-3 instructions, one block buffer, no per-call overhead", .make = detail::make_armv8_sha3_256},
#endif
    {.algorithm = "sha3-256", .id = "openssl", .backend = "openssl", .priority = 50,
     .description = "OpenSSL 3 EVP", .make = detail::make_openssl_sha3_256},
    {.algorithm = "sha3-256", .id = "gcrypt", .backend = "libgcrypt", .priority = 55,
     .description = "libgcrypt", .make = detail::make_gcrypt_sha3_256},
    {.algorithm = "sha3-256", .id = "nettle", .backend = "nettle", .priority = 30,
     .description = "Nettle", .make = detail::make_nettle_sha3_256},
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "sha3-224", .id = "armv8", .backend = "own", .needs = {F::arm_sha3}, .priority = 45,
     .description = "ARMv8.2 SHA-3 instructions, one block buffer, no per-call overhead", .make = detail::make_armv8_sha3_224},
#endif
    {.algorithm = "sha3-224", .id = "openssl", .backend = "openssl", .priority = 50,
     .description = "OpenSSL 3 EVP", .make = detail::make_openssl_sha3_224},
    {.algorithm = "sha3-224", .id = "gcrypt", .backend = "libgcrypt", .priority = 55,
     .description = "libgcrypt", .make = detail::make_gcrypt_sha3_224},
    {.algorithm = "sha3-224", .id = "nettle", .backend = "nettle", .priority = 30,
     .description = "Nettle", .make = detail::make_nettle_sha3_224},
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "sha3-384", .id = "armv8", .backend = "own", .needs = {F::arm_sha3}, .priority = 45,
     .description = "ARMv8.2 SHA-3 instructions, one block buffer, no per-call overhead", .make = detail::make_armv8_sha3_384},
#endif
    {.algorithm = "sha3-384", .id = "openssl", .backend = "openssl", .priority = 50,
     .description = "OpenSSL 3 EVP", .make = detail::make_openssl_sha3_384},
    {.algorithm = "sha3-384", .id = "gcrypt", .backend = "libgcrypt", .priority = 55,
     .description = "libgcrypt", .make = detail::make_gcrypt_sha3_384},
    {.algorithm = "sha3-384", .id = "nettle", .backend = "nettle", .priority = 30,
     .description = "Nettle", .make = detail::make_nettle_sha3_384},
#if defined(HASHSCOPE_AARCH64_KERNELS)
    {.algorithm = "sha3-512", .id = "armv8", .backend = "own", .needs = {F::arm_sha3}, .priority = 45,
     .description = "ARMv8.2 SHA-3 instructions, one block buffer, no per-call overhead", .make = detail::make_armv8_sha3_512},
#endif
    {.algorithm = "sha3-512", .id = "openssl", .backend = "openssl", .priority = 50,
     .description = "OpenSSL 3 EVP", .make = detail::make_openssl_sha3_512},
    {.algorithm = "sha3-512", .id = "gcrypt", .backend = "libgcrypt", .priority = 55,
     .description = "libgcrypt", .make = detail::make_gcrypt_sha3_512},
    {.algorithm = "sha3-512", .id = "nettle", .backend = "nettle", .priority = 30,
     .description = "Nettle", .make = detail::make_nettle_sha3_512},
    {.algorithm = "blake2b", .id = "openssl", .backend = "openssl", .priority = 50,
     .description = "OpenSSL 3 EVP", .make = detail::make_openssl_blake2b},
    {.algorithm = "blake2b", .id = "gcrypt", .backend = "libgcrypt", .priority = 30,
     .description = "libgcrypt", .make = detail::make_gcrypt_blake2b},
    {.algorithm = "blake2b", .id = "own", .backend = "own", .priority = 48,
     .description = "portable C++, any length (RFC 7693)", .make = detail::make_own_blake2b,
     .make_variant = detail::make_own_blake2b_variant},
    {.algorithm = "blake2b", .id = "libsodium", .backend = "libsodium", .priority = 45,
     .description = "libsodium crypto_generichash (any length of 16-64 bytes)", .make = detail::make_libsodium_blake2b,
     .make_variant = detail::make_libsodium_blake2b_variant, .min_variant_size = detail::kLibsodiumMinBlake2bSize},
    {.algorithm = "blake2b", .id = "libb2", .backend = "libb2", .priority = 25,
     .description = "libb2, the BLAKE2 authors' library (any length)", .make = detail::make_libb2_blake2b,
     .make_variant = detail::make_libb2_blake2b_variant},
    {.algorithm = "blake2s", .id = "openssl", .backend = "openssl", .priority = 50,
     .description = "OpenSSL 3 EVP", .make = detail::make_openssl_blake2s},
    {.algorithm = "blake2s", .id = "gcrypt", .backend = "libgcrypt", .priority = 30,
     .description = "libgcrypt", .make = detail::make_gcrypt_blake2s},
    {.algorithm = "blake2s", .id = "libb2", .backend = "libb2", .priority = 25,
     .description = "libb2, the BLAKE2 authors' library", .make = detail::make_libb2_blake2s},

    // Every BLAKE3 tier runs SSE4.1 code for single blocks and its last few inputs, and -mavx512f
    // implies AVX2 instructions: each needs the features of the tiers below it too.
#if defined(HASHSCOPE_AVX512_KERNELS)
    {.algorithm = "blake3", .id = "avx512", .backend = "own", .needs = {F::sse41, F::avx2, F::avx512f, F::avx512vl},
     .priority = 80,
     .description = "16 chunks or parents at once in AVX-512 registers", .make = detail::make_blake3_avx512},
#endif
#if defined(HASHSCOPE_X86_KERNELS)
    {.algorithm = "blake3", .id = "avx2", .backend = "own", .needs = {F::sse41, F::avx2}, .priority = 60,
     .description = "8 chunks or parents at once in AVX2 registers", .make = detail::make_blake3_avx2},
    {.algorithm = "blake3", .id = "sse41", .backend = "own", .needs = {F::sse41}, .priority = 40,
     .description = "4 chunks or parents at once in SSE4.1 registers", .make = detail::make_blake3_sse41},
#endif
#if defined(HASHSCOPE_AARCH64_KERNELS)
    // Advanced SIMD is part of ARMv8-A; declared all the same, as every kernel declares its ISA.
    {.algorithm = "blake3", .id = "neon", .backend = "own", .needs = {F::arm_asimd}, .priority = 40,
     .description = "4 chunks or parents at once in NEON registers", .make = detail::make_blake3_neon},
#endif
    {.algorithm = "blake3", .id = "portable", .backend = "own", .priority = 10,
     .description = "portable C++ (reference)", .make = detail::make_blake3_portable},

    {.algorithm = "xxh32", .id = "xxhash", .backend = "xxhash", .priority = 50,
     .description = "libxxhash", .make = detail::make_xxhash_xxh32},
    {.algorithm = "xxh64", .id = "xxhash", .backend = "xxhash", .priority = 50,
     .description = "libxxhash", .make = detail::make_xxhash_xxh64},
    // XXH3 / XXH128: xxHash's inline code compiled per instruction set, in a streaming state of our
    // own, beats the library's dispatch entry points below 64 KiB (see backends/xxh3_kernels.hpp);
    // the library's plain SSE2 build is the lowest tier.
#if defined(HASHSCOPE_AVX512_KERNELS)
    {.algorithm = "xxh3", .id = "avx512", .backend = "xxhash", .needs = {F::avx2, F::avx512f}, .priority = 70,
     .description = "xxHash's AVX-512 code, inlined, own streaming state", .make = detail::make_xxhash_xxh3_avx512},
#endif
#if defined(HASHSCOPE_X86_KERNELS)
    {.algorithm = "xxh3", .id = "avx2", .backend = "xxhash", .needs = {F::avx2}, .priority = 60,
     .description = "xxHash's AVX2 code, inlined, own streaming state", .make = detail::make_xxhash_xxh3_avx2},
#endif
    {.algorithm = "xxh3", .id = "xxhash", .backend = "xxhash", .priority = 50,
#if defined(HASHSCOPE_X86_KERNELS)
     .description = "libxxhash x86 dispatch (SSE2/AVX2/AVX-512)", .make = detail::make_xxhash_xxh3},
#else
     .description = "libxxhash (its NEON code on aarch64)", .make = detail::make_xxhash_xxh3},
#endif
#if defined(HASHSCOPE_X86_KERNELS)
    {.algorithm = "xxh3", .id = "sse2", .backend = "xxhash", .priority = 20,
     .description = "libxxhash plain entry points (built for SSE2)", .make = detail::make_xxhash_xxh3_sse2},
#endif
#if defined(HASHSCOPE_AVX512_KERNELS)
    {.algorithm = "xxh128", .id = "avx512", .backend = "xxhash", .needs = {F::avx2, F::avx512f}, .priority = 70,
     .description = "xxHash's AVX-512 code, inlined, own streaming state", .make = detail::make_xxhash_xxh128_avx512},
#endif
#if defined(HASHSCOPE_X86_KERNELS)
    {.algorithm = "xxh128", .id = "avx2", .backend = "xxhash", .needs = {F::avx2}, .priority = 60,
     .description = "xxHash's AVX2 code, inlined, own streaming state", .make = detail::make_xxhash_xxh128_avx2},
#endif
    {.algorithm = "xxh128", .id = "xxhash", .backend = "xxhash", .priority = 50,
#if defined(HASHSCOPE_X86_KERNELS)
     .description = "libxxhash x86 dispatch (SSE2/AVX2/AVX-512)", .make = detail::make_xxhash_xxh128},
#else
     .description = "libxxhash (its NEON code on aarch64)", .make = detail::make_xxhash_xxh128},
#endif
#if defined(HASHSCOPE_X86_KERNELS)
    {.algorithm = "xxh128", .id = "sse2", .backend = "xxhash", .priority = 20,
     .description = "libxxhash plain entry points (built for SSE2)", .make = detail::make_xxhash_xxh128_sse2},
#endif
});
// clang-format on

}  // namespace

std::span<const Implementation> all_implementations() { return kTable; }

}  // namespace hashscope
