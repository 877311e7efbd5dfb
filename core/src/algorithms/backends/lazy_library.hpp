// Libraries opened the first time HashScope needs them instead of at every start of the program.
// Linked the usual way, the libraries of the comparison rows and of OpenPGP signatures (libcrypto,
// libgcrypt, Nettle, libb2 with libgomp, libsodium, GPGME with libassuan and libgpg-error) cost
// their loading, relocations and constructors on every start, whether or not the run used them:
// on the Intel Xeon guest of docs/performance.md 1.3 ms of the 3.8 ms a `hashscope-cli sum` of an
// empty file took, more than b3sum needs to hash a few megabytes.
//
// Each library's entry points are a struct of members typed from its own headers
// (`decltype(&::gcry_md_open) gcry_md_open`), so a call through them is checked as a direct call
// would be; the library is named by the soname of the one the build found (HASHSCOPE_SONAME_*,
// cmake/Dependencies.cmake).
#pragma once

#include <string>

namespace hashscope::detail {

// Opens one library and looks up its entry points; the first failure is kept as the error.
class LibraryOpener {
public:
    explicit LibraryOpener(const char* soname);

    // An entry point: a function, or an object such as Nettle's `nettle_sha256` (bound to a pointer).
    template <class Entry>
    void bind(const char* name, Entry& out) {
        out = reinterpret_cast<Entry>(symbol(name));
    }
    [[nodiscard]] std::string error() const { return error_; }

private:
    void* symbol(const char* name);

    const char* soname_;
    void* handle_ = nullptr;
    std::string error_;
};

// A library's entry points (`Entries`), opened when constructed and never closed: each library
// keeps one in a function-local static, so it is opened on the first call from any thread.
// `bind_all` binds every member of the struct with the opener.
template <class Entries>
class OpenedLibrary {
public:
    using Binder = void (*)(LibraryOpener&, Entries&);
    OpenedLibrary(const char* soname, Binder bind_all) {
        LibraryOpener opener(soname);
        bind_all(opener, entries_);
        error_ = opener.error();
    }

    // Null when the library or one of its entry points cannot be found; error() then says why.
    [[nodiscard]] const Entries* entries() const { return error_.empty() ? &entries_ : nullptr; }
    [[nodiscard]] const std::string& error() const { return error_; }

private:
    Entries entries_{};
    std::string error_;
};

}  // namespace hashscope::detail
