// Internal: the factory of every implementation, one per registry row.
// Each backend's .cpp defines its own; registry_table.cpp lists them.
#pragma once

#include "hashscope/hasher.hpp"

namespace hashscope::detail {

// own portable code
HasherPtr make_crc32_table();
HasherPtr make_crc32c_table();
HasherPtr make_crc64nvme_table();
HasherPtr make_crc64xz_table();
HasherPtr make_blake3_portable();

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

// zlib, libdeflate
HasherPtr make_zlib_crc32();
HasherPtr make_zlib_adler32();
HasherPtr make_libdeflate_crc32();
HasherPtr make_libdeflate_adler32();

// ISA-L
HasherPtr make_isal_crc32();
HasherPtr make_isal_crc32c();
HasherPtr make_isal_crc64xz();

// xxHash
HasherPtr make_xxhash_xxh32();
HasherPtr make_xxhash_xxh64();
HasherPtr make_xxhash_xxh3();
HasherPtr make_xxhash_xxh128();

}  // namespace hashscope::detail
