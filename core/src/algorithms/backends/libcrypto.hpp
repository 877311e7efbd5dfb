// OpenSSL's libcrypto, opened the first time HashScope needs it (lazy_library.hpp): its
// relocations and constructor alone took 0.7 ms of each start of hashscope-cli on the Intel Xeon
// guest of docs/performance.md.
#pragma once

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <string>

namespace hashscope::detail {

struct LibCrypto {
    decltype(&::EVP_MD_fetch) EVP_MD_fetch = nullptr;
    decltype(&::EVP_MD_free) EVP_MD_free = nullptr;
    decltype(&::EVP_MD_CTX_new) EVP_MD_CTX_new = nullptr;
    decltype(&::EVP_MD_CTX_free) EVP_MD_CTX_free = nullptr;
    decltype(&::EVP_MD_CTX_copy_ex) EVP_MD_CTX_copy_ex = nullptr;
    decltype(&::EVP_DigestInit_ex2) EVP_DigestInit_ex2 = nullptr;
    decltype(&::EVP_DigestUpdate) EVP_DigestUpdate = nullptr;
    decltype(&::EVP_DigestFinal_ex) EVP_DigestFinal_ex = nullptr;
    decltype(&::EVP_PKEY_new_raw_public_key) EVP_PKEY_new_raw_public_key = nullptr;
    decltype(&::EVP_PKEY_free) EVP_PKEY_free = nullptr;
    decltype(&::EVP_DigestVerifyInit) EVP_DigestVerifyInit = nullptr;
    decltype(&::EVP_DigestVerify) EVP_DigestVerify = nullptr;
    decltype(&::OpenSSL_version) OpenSSL_version = nullptr;
};

// Opened on the first call; null when the library or one of its entry points cannot be found, and
// then libcrypto_error() says which and why.
const LibCrypto* libcrypto();
const std::string& libcrypto_error();

}  // namespace hashscope::detail
