// Library versions as the libraries report them at run time where they can (the one loaded may
// differ from the headers); ISA-L and libb2 have no such call, so their pkg-config versions from the
// build. Reading them opens the libraries that are otherwise opened on first use (lazy_library.hpp).
#include <libdeflate.h>
#include <xxhash.h>
#include <zlib.h>

#include "algorithms/backends/backends.hpp"
#include "algorithms/backends/libcrypto.hpp"
#include "hashscope/libraries.hpp"

namespace hashscope {

std::map<std::string, std::string> library_versions() {
    const unsigned xxh = XXH_versionNumber();
    const auto* crypto = detail::libcrypto();
    return {
        {"openssl", crypto != nullptr ? crypto->OpenSSL_version(OPENSSL_VERSION_STRING)
                                      : "not available (" + detail::libcrypto_error() + ")"},
        {"zlib", zlibVersion()},
        {"isal", HASHSCOPE_ISAL_VERSION " (build)"},
        {"libdeflate", LIBDEFLATE_VERSION_STRING " (build)"},
        {"xxhash",
         std::to_string(xxh / 10000) + "." + std::to_string(xxh / 100 % 100) + "." + std::to_string(xxh % 100)},
        {"libgcrypt", detail::gcrypt_version()},
        {"libb2", HASHSCOPE_LIBB2_VERSION " (build)"},
        {"libsodium", detail::libsodium_version()},
        {"nettle", detail::nettle_version()},
    };
}

}  // namespace hashscope
