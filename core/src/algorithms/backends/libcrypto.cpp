#include "algorithms/backends/libcrypto.hpp"

#include "algorithms/backends/lazy_library.hpp"

namespace hashscope::detail {
namespace {

void bind_all(LibraryOpener& library, LibCrypto& f) {
    library.bind("EVP_MD_fetch", f.EVP_MD_fetch);
    library.bind("EVP_MD_free", f.EVP_MD_free);
    library.bind("EVP_MD_CTX_new", f.EVP_MD_CTX_new);
    library.bind("EVP_MD_CTX_free", f.EVP_MD_CTX_free);
    library.bind("EVP_MD_CTX_copy_ex", f.EVP_MD_CTX_copy_ex);
    library.bind("EVP_DigestInit_ex2", f.EVP_DigestInit_ex2);
    library.bind("EVP_DigestUpdate", f.EVP_DigestUpdate);
    library.bind("EVP_DigestFinal_ex", f.EVP_DigestFinal_ex);
    library.bind("EVP_PKEY_new_raw_public_key", f.EVP_PKEY_new_raw_public_key);
    library.bind("EVP_PKEY_free", f.EVP_PKEY_free);
    library.bind("EVP_DigestVerifyInit", f.EVP_DigestVerifyInit);
    library.bind("EVP_DigestVerify", f.EVP_DigestVerify);
    library.bind("OpenSSL_version", f.OpenSSL_version);
}

const OpenedLibrary<LibCrypto>& opened() {
    static const OpenedLibrary<LibCrypto> library(HASHSCOPE_SONAME_LIBCRYPTO, bind_all);
    return library;
}

}  // namespace

const LibCrypto* libcrypto() { return opened().entries(); }
const std::string& libcrypto_error() { return opened().error(); }

}  // namespace hashscope::detail
