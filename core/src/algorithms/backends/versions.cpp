// Library versions as the libraries report them at run time where they can (the one loaded may
// differ from the headers); ISA-L has no such call, so its pkg-config version from the build.
#include <gcrypt.h>
#include <libdeflate.h>
#include <nettle/version.h>
#include <openssl/crypto.h>
#include <xxhash.h>
#include <zlib.h>

#include "hashscope/libraries.hpp"

namespace hashscope {

std::map<std::string, std::string> library_versions() {
    const unsigned xxh = XXH_versionNumber();
    return {
        {"openssl", OpenSSL_version(OPENSSL_VERSION_STRING)},
        {"zlib", zlibVersion()},
        {"isal", HASHSCOPE_ISAL_VERSION " (build)"},
        {"libdeflate", LIBDEFLATE_VERSION_STRING " (build)"},
        {"xxhash",
         std::to_string(xxh / 10000) + "." + std::to_string(xxh / 100 % 100) + "." + std::to_string(xxh % 100)},
        // The version check is also libgcrypt's initialisation; gcrypt.cpp calls it again, which is allowed.
        {"libgcrypt", gcry_check_version(nullptr)},
        {"nettle", std::to_string(nettle_version_major()) + "." + std::to_string(nettle_version_minor())},
    };
}

}  // namespace hashscope
