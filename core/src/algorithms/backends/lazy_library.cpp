#include "algorithms/backends/lazy_library.hpp"

#include <dlfcn.h>

namespace hashscope::detail {

LibraryOpener::LibraryOpener(const char* soname) : soname_(soname) {
    handle_ = ::dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle_ == nullptr) {
        const char* why = ::dlerror();
        error_ = "cannot open " + std::string(soname) + ": " + (why != nullptr ? why : "unknown error");
    }
}

void* LibraryOpener::symbol(const char* name) {
    if (handle_ == nullptr) return nullptr;
    void* entry = ::dlsym(handle_, name);
    if (entry == nullptr && error_.empty()) error_ = std::string(soname_) + " has no " + name;
    return entry;
}

}  // namespace hashscope::detail
