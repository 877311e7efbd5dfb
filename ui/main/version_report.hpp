// What `hashscope --version` prints and the About dialog shows and copies: the program's line of
// hashscope/build_info.hpp, then the versions of Qt, QCustomPlot and the checksum libraries. One
// source, so the dialog and the command line cannot disagree. Needs no QApplication.
#pragma once

#include <QString>
#include <map>
#include <string>
#include <vector>

namespace hashscope::ui {

struct LibraryVersion {
    QString id;       // for objectNames: "qt", "qcustomplot", or an id of library_versions() ("openssl")
    QString name;     // as people spell it: "Qt", "OpenSSL"
    QString version;  // as the library reports it at run time where it can ("6.4.2")
};

// Qt (the one loaded at run time), QCustomPlot, then `checksumLibraries` (what library_versions()
// returned: the caller chooses the thread that opens them) in its order.
std::vector<LibraryVersion> guiLibraryVersions(const std::map<std::string, std::string>& checksumLibraries);

// "hashscope 0.1.0 (git 2abae3a1c0de, RelWithDebInfo)\nQt 6.4.2\nQCustomPlot 2.1.0\n...", each
// line ending in '\n'.
QString versionReport(const std::map<std::string, std::string>& checksumLibraries);

}  // namespace hashscope::ui
