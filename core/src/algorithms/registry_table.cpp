// THE table: every algorithm × implementation, the CPU features it needs and its priority.
// Adding an implementation means adding one row here and one factory beside its code.
#include <array>

#include "algorithms/crc/crc32c_sse42.hpp"
#include "algorithms/crc/crc_pclmul.hpp"
#include "algorithms/crc/crc_slice16.hpp"
#include "algorithms/crc/crc_vpclmul.hpp"
#include "algorithms/factories.hpp"
#include "hashscope/registry.hpp"

namespace hashscope {
namespace {

using F = CpuFeature;

// What the carry-less multiply kernels need. The AVX-512 set includes what the 128-bit tail and
// crc32c's crc32-instruction streams use.
constexpr CpuFeatureSet kPclmul{F::sse42, F::pclmulqdq};
constexpr CpuFeatureSet kVpclmul{F::sse42, F::pclmulqdq, F::avx512f, F::avx512bw, F::avx512vl, F::vpclmulqdq};
// The SHA-NI kernels also shuffle bytes with SSSE3 and blend with SSE4.1.
constexpr CpuFeatureSet kShani{F::sse41, F::sha};

// Rows of the AVX-512 kernels, only when the build has them (cmake -DHASHSCOPE_AVX512=OFF).
#if defined(HASHSCOPE_AVX512_KERNELS)
#define HASHSCOPE_VPCLMUL_ROW(algorithm, kernel) \
    {algorithm, "vpclmul", "own", kVpclmul, 80, "AVX-512 VPCLMULQDQ folding, 4x512 bits", nullptr, kernel},
#else
#define HASHSCOPE_VPCLMUL_ROW(algorithm, kernel)
#endif

// Priorities: a library's tuned, self-dispatching code beats our portable reference code until our
// own kernels for that tier exist. Among equals, the first row wins.
const auto kTable = std::to_array<Implementation>({
    // algorithm     id            backend       needs  prio description
    HASHSCOPE_VPCLMUL_ROW("crc32", crc::extend_crc32_vpclmul){"crc32", "isal",
                                                              "isal",  {},
                                                              60,      "ISA-L crc32_gzip_refl (own runtime dispatch)",
                                                              nullptr, detail::extend_isal_crc32},
        {"crc32",      "libdeflate",
         "libdeflate", {},
         50,           "libdeflate (own runtime dispatch)",
         nullptr,      detail::extend_libdeflate_crc32},
        {"crc32", "zlib", "zlib", {}, 20, "zlib crc32_z", nullptr, detail::extend_zlib_crc32},
        {"crc32", "pclmul", "own", kPclmul, 45, "PCLMULQDQ folding + Barrett", nullptr, crc::extend_crc32_pclmul},
        {"crc32", "slice16", "own", {}, 30, "slicing-by-16 tables (portable)", nullptr, crc::extend_crc32_slice16},
        {"crc32", "table", "own", {}, 10, "byte-at-a-time table (reference)", nullptr, detail::extend_crc32_table},

        HASHSCOPE_VPCLMUL_ROW("crc32c", crc::extend_crc32c_vpclmul){
            "crc32c", "isal",
            "isal",   {},
            60,       "ISA-L crc32_iscsi (own runtime dispatch)",
            nullptr,  detail::extend_isal_crc32c},
        {"crc32c", "sse42",
         "own",    {F::sse42},
         40,       "crc32 instruction, 3 interleaved streams",
         nullptr,  crc::extend_crc32c_sse42},
        {"crc32c", "pclmul",
         "own",    kPclmul,
         35,       "PCLMULQDQ folding + crc32 instruction",
         nullptr,  crc::extend_crc32c_pclmul},
        {"crc32c", "slice16", "own", {}, 30, "slicing-by-16 tables (portable)", nullptr, crc::extend_crc32c_slice16},
        {"crc32c", "table", "own", {}, 10, "byte-at-a-time table (reference)", nullptr, detail::extend_crc32c_table},

        HASHSCOPE_VPCLMUL_ROW("crc64nvme", crc::extend_crc64nvme_vpclmul){"crc64nvme", "pclmul",
                                                                          "own",       kPclmul,
                                                                          45,          "PCLMULQDQ folding + Barrett",
                                                                          nullptr,     crc::extend_crc64nvme_pclmul},
        {"crc64nvme", "slice16",
         "own",       {},
         30,          "slicing-by-16 tables (portable)",
         nullptr,     crc::extend_crc64nvme_slice16},
        {"crc64nvme", "table",
         "own",       {},
         10,          "byte-at-a-time table (reference)",
         nullptr,     detail::extend_crc64nvme_table},

        // ISA-L 2.30's crc64 dispatcher runs PCLMULQDQ code on CPUs without it (SIGILL under
        // qemu -cpu Nehalem), so this row declares the need itself.
        HASHSCOPE_VPCLMUL_ROW("crc64xz", crc::extend_crc64xz_vpclmul){
            "crc64xz", "isal",
            "isal",    {F::pclmulqdq},
            60,        "ISA-L crc64_ecma_refl (own runtime dispatch)",
            nullptr,   detail::extend_isal_crc64xz},
        {"crc64xz", "pclmul", "own", kPclmul, 45, "PCLMULQDQ folding + Barrett", nullptr, crc::extend_crc64xz_pclmul},
        {"crc64xz", "slice16", "own", {}, 30, "slicing-by-16 tables (portable)", nullptr, crc::extend_crc64xz_slice16},
        {"crc64xz", "table", "own", {}, 10, "byte-at-a-time table (reference)", nullptr, detail::extend_crc64xz_table},

        {"adler32",
         "libdeflate",
         "libdeflate",
         {},
         50,
         "libdeflate (own runtime dispatch)",
         nullptr,
         detail::extend_libdeflate_adler32,
         1},
        {"adler32", "zlib", "zlib", {}, 20, "zlib adler32_z", nullptr, detail::extend_zlib_adler32, 1},

        // The message digests: our own block kernels where they are at least as fast as the libraries at
        // every size (no per-call overhead at 64 bytes), OpenSSL otherwise; libgcrypt and Nettle are
        // there to compare with (each picks its own SHA-NI/AVX2 code at run time).
        {"md5", "own", "own", {}, 60, "portable, one block buffer, no per-call overhead", detail::make_own_md5},
        {"md5", "openssl", "openssl", {}, 50, "OpenSSL 3 EVP", detail::make_openssl_md5},
        {"md5", "gcrypt", "libgcrypt", {}, 30, "libgcrypt", detail::make_gcrypt_md5},
        {"md5", "nettle", "nettle", {}, 30, "Nettle", detail::make_nettle_md5},
        {"sha1", "shani", "own", kShani, 70, "SHA-NI, one block buffer, no per-call overhead", detail::make_shani_sha1},
        {"sha1", "openssl", "openssl", {}, 50, "OpenSSL 3 EVP (SHA-NI when present)", detail::make_openssl_sha1},
        {"sha1", "gcrypt", "libgcrypt", {}, 30, "libgcrypt (SHA-NI when present)", detail::make_gcrypt_sha1},
        {"sha1", "nettle", "nettle", {}, 30, "Nettle (SHA-NI when present)", detail::make_nettle_sha1},
        {"sha224",
         "shani",
         "own",
         kShani,
         70,
         "SHA-NI, one block buffer, no per-call overhead",
         detail::make_shani_sha224},
        {"sha224", "openssl", "openssl", {}, 50, "OpenSSL 3 EVP (SHA-NI when present)", detail::make_openssl_sha224},
        {"sha224", "gcrypt", "libgcrypt", {}, 30, "libgcrypt (SHA-NI when present)", detail::make_gcrypt_sha224},
        {"sha224", "nettle", "nettle", {}, 30, "Nettle (SHA-NI when present)", detail::make_nettle_sha224},
        {"sha256",
         "shani",
         "own",
         kShani,
         70,
         "SHA-NI, one block buffer, no per-call overhead",
         detail::make_shani_sha256},
        {"sha256", "openssl", "openssl", {}, 50, "OpenSSL 3 EVP (SHA-NI when present)", detail::make_openssl_sha256},
        {"sha256", "gcrypt", "libgcrypt", {}, 30, "libgcrypt (SHA-NI when present)", detail::make_gcrypt_sha256},
        {"sha256", "nettle", "nettle", {}, 30, "Nettle (SHA-NI when present)", detail::make_nettle_sha256},
        {"sha384", "openssl", "openssl", {}, 50, "OpenSSL 3 EVP", detail::make_openssl_sha384},
        {"sha384", "gcrypt", "libgcrypt", {}, 30, "libgcrypt", detail::make_gcrypt_sha384},
        {"sha384", "nettle", "nettle", {}, 30, "Nettle", detail::make_nettle_sha384},
        {"sha512", "openssl", "openssl", {}, 50, "OpenSSL 3 EVP", detail::make_openssl_sha512},
        {"sha512", "gcrypt", "libgcrypt", {}, 30, "libgcrypt", detail::make_gcrypt_sha512},
        {"sha512", "nettle", "nettle", {}, 30, "Nettle", detail::make_nettle_sha512},
        {"sha512-256", "openssl", "openssl", {}, 50, "OpenSSL 3 EVP", detail::make_openssl_sha512_256},
        {"sha512-256", "gcrypt", "libgcrypt", {}, 30, "libgcrypt", detail::make_gcrypt_sha512_256},
        {"sha512-256", "nettle", "nettle", {}, 30, "Nettle", detail::make_nettle_sha512_256},
        {"sha3-256", "openssl", "openssl", {}, 50, "OpenSSL 3 EVP", detail::make_openssl_sha3_256},
        {"sha3-256", "gcrypt", "libgcrypt", {}, 30, "libgcrypt", detail::make_gcrypt_sha3_256},
        {"sha3-256", "nettle", "nettle", {}, 30, "Nettle", detail::make_nettle_sha3_256},
        {"sha3-512", "openssl", "openssl", {}, 50, "OpenSSL 3 EVP", detail::make_openssl_sha3_512},
        {"sha3-512", "gcrypt", "libgcrypt", {}, 30, "libgcrypt", detail::make_gcrypt_sha3_512},
        {"sha3-512", "nettle", "nettle", {}, 30, "Nettle", detail::make_nettle_sha3_512},
        {"blake2b", "openssl", "openssl", {}, 50, "OpenSSL 3 EVP", detail::make_openssl_blake2b},
        {"blake2b", "gcrypt", "libgcrypt", {}, 30, "libgcrypt", detail::make_gcrypt_blake2b},
        {"blake2s", "openssl", "openssl", {}, 50, "OpenSSL 3 EVP", detail::make_openssl_blake2s},
        {"blake2s", "gcrypt", "libgcrypt", {}, 30, "libgcrypt", detail::make_gcrypt_blake2s},

    // Every BLAKE3 tier runs SSE4.1 code for single blocks and its last few inputs, and -mavx512f
    // implies AVX2 instructions: each needs the features of the tiers below it too.
#if defined(HASHSCOPE_AVX512_KERNELS)
        {"blake3",
         "avx512",
         "own",
         {F::sse41, F::avx2, F::avx512f, F::avx512vl},
         80,
         "16 chunks or parents at once in AVX-512 registers",
         detail::make_blake3_avx512},
#endif
        {"blake3",
         "avx2",
         "own",
         {F::sse41, F::avx2},
         60,
         "8 chunks or parents at once in AVX2 registers",
         detail::make_blake3_avx2},
        {"blake3",
         "sse41",
         "own",
         {F::sse41},
         40,
         "4 chunks or parents at once in SSE4.1 registers",
         detail::make_blake3_sse41},
        {"blake3", "portable", "own", {}, 10, "portable C++ (reference)", detail::make_blake3_portable},

        {"xxh32", "xxhash", "xxhash", {}, 50, "libxxhash", detail::make_xxhash_xxh32},
        {"xxh64", "xxhash", "xxhash", {}, 50, "libxxhash", detail::make_xxhash_xxh64},
    // XXH3 / XXH128: xxHash's inline code compiled per instruction set, in a streaming state of our
    // own, beats the library's dispatch entry points below 64 KiB (see backends/xxh3_kernels.hpp);
    // the library's plain SSE2 build is the lowest tier.
#if defined(HASHSCOPE_AVX512_KERNELS)
        {"xxh3",
         "avx512",
         "xxhash",
         {F::avx2, F::avx512f},
         70,
         "xxHash's AVX-512 code, inlined, own streaming state",
         detail::make_xxhash_xxh3_avx512},
#endif
        {"xxh3",
         "avx2",
         "xxhash",
         {F::avx2},
         60,
         "xxHash's AVX2 code, inlined, own streaming state",
         detail::make_xxhash_xxh3_avx2},
        {"xxh3", "xxhash", "xxhash", {}, 50, "libxxhash x86 dispatch (SSE2/AVX2/AVX-512)", detail::make_xxhash_xxh3},
        {"xxh3",
         "sse2",
         "xxhash",
         {},
         20,
         "libxxhash plain entry points (built for SSE2)",
         detail::make_xxhash_xxh3_sse2},
#if defined(HASHSCOPE_AVX512_KERNELS)
        {"xxh128",
         "avx512",
         "xxhash",
         {F::avx2, F::avx512f},
         70,
         "xxHash's AVX-512 code, inlined, own streaming state",
         detail::make_xxhash_xxh128_avx512},
#endif
        {"xxh128",
         "avx2",
         "xxhash",
         {F::avx2},
         60,
         "xxHash's AVX2 code, inlined, own streaming state",
         detail::make_xxhash_xxh128_avx2},
        {"xxh128",
         "xxhash",
         "xxhash",
         {},
         50,
         "libxxhash x86 dispatch (SSE2/AVX2/AVX-512)",
         detail::make_xxhash_xxh128},
        {"xxh128",
         "sse2",
         "xxhash",
         {},
         20,
         "libxxhash plain entry points (built for SSE2)",
         detail::make_xxhash_xxh128_sse2},
});

}  // namespace

std::span<const Implementation> all_implementations() { return kTable; }

}  // namespace hashscope
