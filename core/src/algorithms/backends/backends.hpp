// Internal: the entry points of the library backends, one declaration per library (each defined
// in the library's own .cpp here), for the rows of registry_table.cpp.
#pragma once

#include <string>

#include "algorithms/entry_points.hpp"
#include "hashscope/hasher.hpp"

namespace hashscope::detail {

HasherFactory make_openssl_md5, make_openssl_sha1, make_openssl_sha224, make_openssl_sha256, make_openssl_sha384,
    make_openssl_sha512, make_openssl_sha512_256, make_openssl_sha3_224, make_openssl_sha3_256, make_openssl_sha3_384,
    make_openssl_sha3_512, make_openssl_blake2b, make_openssl_blake2s;

HasherFactory make_gcrypt_md5, make_gcrypt_sha1, make_gcrypt_sha224, make_gcrypt_sha256, make_gcrypt_sha384,
    make_gcrypt_sha512, make_gcrypt_sha512_256, make_gcrypt_sha3_224, make_gcrypt_sha3_256, make_gcrypt_sha3_384,
    make_gcrypt_sha3_512, make_gcrypt_blake2b, make_gcrypt_blake2s;

// libb2 and libsodium also compute BLAKE2b's length variants (AlgorithmInfo::length_step).
HasherFactory make_libb2_blake2b, make_libb2_blake2s, make_libsodium_blake2b;
VariantFactory make_libb2_blake2b_variant, make_libsodium_blake2b_variant;
inline constexpr std::size_t kLibsodiumMinBlake2bSize = 16;  // crypto_generichash_blake2b_BYTES_MIN

// Nettle 3.8 has no BLAKE2.
HasherFactory make_nettle_md5, make_nettle_sha1, make_nettle_sha224, make_nettle_sha256, make_nettle_sha384,
    make_nettle_sha512, make_nettle_sha512_256, make_nettle_sha3_224, make_nettle_sha3_256, make_nettle_sha3_384,
    make_nettle_sha3_512;

// The versions of the libraries opened on first use, as they report them: opening them if need be,
// "not available (why)" when they cannot be.
std::string gcrypt_version();
std::string nettle_version();
std::string libsodium_version();

ExtendKernel extend_zlib_crc32, extend_zlib_adler32;
ExtendKernel extend_libdeflate_crc32, extend_libdeflate_adler32;
ExtendKernel extend_isal_crc32, extend_isal_crc32c, extend_isal_crc64xz;

// The _avx512 ones are defined only with HASHSCOPE_AVX512_KERNELS.
HasherFactory make_xxhash_xxh32, make_xxhash_xxh64, make_xxhash_xxh3, make_xxhash_xxh128, make_xxhash_xxh3_sse2,
    make_xxhash_xxh128_sse2, make_xxhash_xxh3_avx2, make_xxhash_xxh128_avx2, make_xxhash_xxh3_avx512,
    make_xxhash_xxh128_avx512;

}  // namespace hashscope::detail
