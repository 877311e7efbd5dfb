// Library versions as the libraries report them at run time where they can (the one loaded may
// differ from the headers); ISA-L and libb2 have no such call, so their pkg-config versions from the
// build.
#include <gcrypt.h>
#include <libdeflate.h>
#include <nettle/version.h>
#include <sodium/core.h>
#include <sodium/version.h>
#include <xxhash.h>
#include <zlib.h>

#include "algorithms/backends/libcrypto.hpp"
#include "hashscope/libraries.hpp"

namespace hashscope {

std::map<std::string, std::string> library_versions() {
    const unsigned xxh = XXH_versionNumber();
    const auto* crypto = detail::libcrypto();
    return {
        {"openssl", crypto != nullptr ? crypto->OpenSSL_version(OPENSSL_VERSION_STRING) : "not available"},
        {"zlib", zlibVersion()},
        {"isal", HASHSCOPE_ISAL_VERSION " (build)"},
        {"libdeflate", LIBDEFLATE_VERSION_STRING " (build)"},
        {"xxhash",
         std::to_string(xxh / 10000) + "." + std::to_string(xxh / 100 % 100) + "." + std::to_string(xxh % 100)},
        // The version check is also libgcrypt's initialisation; gcrypt.cpp calls it again, which is allowed.
        {"libgcrypt", gcry_check_version(nullptr)},
        {"libb2", HASHSCOPE_LIBB2_VERSION " (build)"},
        {"libsodium", sodium_version_string()},
        {"nettle", std::to_string(nettle_version_major()) + "." + std::to_string(nettle_version_minor())},
    };
}

}  // namespace hashscope
