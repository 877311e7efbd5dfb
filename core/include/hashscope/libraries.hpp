// The versions of the libraries HashScope's implementations come from, for reports and About.
#pragma once

#include <map>
#include <string>

namespace hashscope {

// {"openssl": "3.0.19", "zlib": "1.2.13", "isal": "2.30.0", "libdeflate": "1.14", "xxhash": "0.8.1",
//  "libgcrypt": "1.10.1", "nettle": "3.8"}
std::map<std::string, std::string> library_versions();

}  // namespace hashscope
