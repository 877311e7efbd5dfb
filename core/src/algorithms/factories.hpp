// Internal: the factory of every implementation, one per registry row.
// Each backend's .cpp defines its own; registry_table.cpp lists them.
#pragma once

#include <cstddef>
#include <cstdint>

#include "hashscope/hasher.hpp"

namespace hashscope::detail {

// own portable code
std::uint64_t extend_crc32_table(std::uint64_t value, const std::byte* data, std::size_t size);
std::uint64_t extend_crc32c_table(std::uint64_t value, const std::byte* data, std::size_t size);
std::uint64_t extend_crc64nvme_table(std::uint64_t value, const std::byte* data, std::size_t size);
std::uint64_t extend_crc64xz_table(std::uint64_t value, const std::byte* data, std::size_t size);
HasherPtr make_blake3_portable();
HasherPtr make_blake3_sse41();
HasherPtr make_blake3_avx2();
HasherPtr make_blake3_avx512();  // defined only with HASHSCOPE_AVX512_KERNELS

// OpenSSL 3 EVP
HasherPtr make_openssl_md5();
HasherPtr make_openssl_sha1();
HasherPtr make_openssl_sha224();
HasherPtr make_openssl_sha256();
HasherPtr make_openssl_sha384();
HasherPtr make_openssl_sha512();
HasherPtr make_openssl_sha512_256();
HasherPtr make_openssl_sha3_256();
HasherPtr make_openssl_sha3_512();
HasherPtr make_openssl_blake2b();
HasherPtr make_openssl_blake2s();

// own MD5, and SHA-1 / SHA-224 / SHA-256 with SHA-NI (algorithms/md/)
HasherPtr make_own_md5();
HasherPtr make_shani_sha1();
HasherPtr make_shani_sha224();
HasherPtr make_shani_sha256();

// libgcrypt
HasherPtr make_gcrypt_md5();
HasherPtr make_gcrypt_sha1();
HasherPtr make_gcrypt_sha224();
HasherPtr make_gcrypt_sha256();
HasherPtr make_gcrypt_sha384();
HasherPtr make_gcrypt_sha512();
HasherPtr make_gcrypt_sha512_256();
HasherPtr make_gcrypt_sha3_256();
HasherPtr make_gcrypt_sha3_512();
HasherPtr make_gcrypt_blake2b();
HasherPtr make_gcrypt_blake2s();

// Nettle (no BLAKE2 in 3.8)
HasherPtr make_nettle_md5();
HasherPtr make_nettle_sha1();
HasherPtr make_nettle_sha224();
HasherPtr make_nettle_sha256();
HasherPtr make_nettle_sha384();
HasherPtr make_nettle_sha512();
HasherPtr make_nettle_sha512_256();
HasherPtr make_nettle_sha3_256();
HasherPtr make_nettle_sha3_512();

// zlib, libdeflate
std::uint64_t extend_zlib_crc32(std::uint64_t value, const std::byte* data, std::size_t size);
std::uint64_t extend_zlib_adler32(std::uint64_t value, const std::byte* data, std::size_t size);
std::uint64_t extend_libdeflate_crc32(std::uint64_t value, const std::byte* data, std::size_t size);
std::uint64_t extend_libdeflate_adler32(std::uint64_t value, const std::byte* data, std::size_t size);

// ISA-L
std::uint64_t extend_isal_crc32(std::uint64_t value, const std::byte* data, std::size_t size);
std::uint64_t extend_isal_crc32c(std::uint64_t value, const std::byte* data, std::size_t size);
std::uint64_t extend_isal_crc64xz(std::uint64_t value, const std::byte* data, std::size_t size);

// xxHash
HasherPtr make_xxhash_xxh32();
HasherPtr make_xxhash_xxh64();
HasherPtr make_xxhash_xxh3();
HasherPtr make_xxhash_xxh128();
HasherPtr make_xxhash_xxh3_sse2();
HasherPtr make_xxhash_xxh128_sse2();
HasherPtr make_xxhash_xxh3_avx2();
HasherPtr make_xxhash_xxh128_avx2();
HasherPtr make_xxhash_xxh3_avx512();    // defined only with HASHSCOPE_AVX512_KERNELS
HasherPtr make_xxhash_xxh128_avx512();  // defined only with HASHSCOPE_AVX512_KERNELS

}  // namespace hashscope::detail
