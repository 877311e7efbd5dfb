// readLibraryVersions: library_versions() read on a worker thread, handed to the GUI thread.
//
// Reading a library's version opens the libraries HashScope loads only on first use (libcrypto,
// libgcrypt, Nettle, libsodium: a dlopen, which maps files and relocates them), and the GUI thread
// never waits for file I/O. A placeholder row stands in the page's form until they arrive.
#pragma once

#include <QFormLayout>
#include <QString>
#include <QThreadPool>
#include <functional>
#include <map>
#include <string>

namespace hashscope::ui {

using LibraryVersionMap = std::map<std::string, std::string>;

// Runs library_versions() on `pool`. Meanwhile `form` ends with a "Reading versions…" row (a label
// named `pending_name`, for tests); when the versions arrive, on the GUI thread, that row goes and
// `show` adds the libraries' rows, unless the form's widget has been destroyed by then. The
// pool's owner waits for it before the program ends.
void readLibraryVersions(QThreadPool& pool, QFormLayout* form, const QString& pending_name,
                         std::function<void(const LibraryVersionMap&)> show);

}  // namespace hashscope::ui
