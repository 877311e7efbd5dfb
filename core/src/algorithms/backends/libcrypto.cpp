#include "algorithms/backends/libcrypto.hpp"

#include <dlfcn.h>
#include <openssl/opensslv.h>

namespace hashscope::detail {
namespace {

// The soname the headers were written for ("libcrypto.so.3"): the library the build found.
#define HASHSCOPE_STRINGIFY(x) #x
#define HASHSCOPE_SONAME(version) "libcrypto.so." HASHSCOPE_STRINGIFY(version)
constexpr const char* kSoname = HASHSCOPE_SONAME(OPENSSL_SHLIB_VERSION);

struct Opened {
    LibCrypto functions;
    bool ok = false;
    std::string error;
};

template <class Function>
bool bind_entry(void* library, const char* name, Function& out, std::string& error) {
    out = reinterpret_cast<Function>(::dlsym(library, name));
    if (out == nullptr && error.empty()) error = std::string(kSoname) + " has no " + name;
    return out != nullptr;
}

Opened open_library() {
    Opened o;
    void* library = ::dlopen(kSoname, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        const char* why = ::dlerror();
        o.error = "cannot open " + std::string(kSoname) + ": " + (why != nullptr ? why : "unknown error");
        return o;
    }
    auto& f = o.functions;
    bool ok = bind_entry(library, "EVP_MD_fetch", f.EVP_MD_fetch, o.error);
    ok = bind_entry(library, "EVP_MD_free", f.EVP_MD_free, o.error) && ok;
    ok = bind_entry(library, "EVP_MD_CTX_new", f.EVP_MD_CTX_new, o.error) && ok;
    ok = bind_entry(library, "EVP_MD_CTX_free", f.EVP_MD_CTX_free, o.error) && ok;
    ok = bind_entry(library, "EVP_MD_CTX_copy_ex", f.EVP_MD_CTX_copy_ex, o.error) && ok;
    ok = bind_entry(library, "EVP_DigestInit_ex2", f.EVP_DigestInit_ex2, o.error) && ok;
    ok = bind_entry(library, "EVP_DigestUpdate", f.EVP_DigestUpdate, o.error) && ok;
    ok = bind_entry(library, "EVP_DigestFinal_ex", f.EVP_DigestFinal_ex, o.error) && ok;
    ok = bind_entry(library, "EVP_PKEY_new_raw_public_key", f.EVP_PKEY_new_raw_public_key, o.error) && ok;
    ok = bind_entry(library, "EVP_PKEY_free", f.EVP_PKEY_free, o.error) && ok;
    ok = bind_entry(library, "EVP_DigestVerifyInit", f.EVP_DigestVerifyInit, o.error) && ok;
    ok = bind_entry(library, "EVP_DigestVerify", f.EVP_DigestVerify, o.error) && ok;
    ok = bind_entry(library, "OpenSSL_version", f.OpenSSL_version, o.error) && ok;
    o.ok = ok;
    return o;
}

const Opened& opened() {
    static const Opened o = open_library();
    return o;
}

}  // namespace

const LibCrypto* libcrypto() { return opened().ok ? &opened().functions : nullptr; }
const std::string& libcrypto_error() { return opened().error; }

}  // namespace hashscope::detail
