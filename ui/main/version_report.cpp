#include "main/version_report.hpp"

#include <qcustomplot.h>
#include <QtGlobal>

#include "hashscope/build_info.hpp"

namespace hashscope::ui {
namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace

std::vector<LibraryVersion> guiLibraryVersions(const std::map<std::string, std::string>& checksumLibraries) {
    std::vector<LibraryVersion> libraries{
        // qVersion(), not QT_VERSION_STR: a distribution may load a newer Qt than the one built against.
        {QStringLiteral("qt"), QStringLiteral("Qt"), QString::fromLatin1(qVersion())},
        // QCustomPlot has no run-time version call; the header's is the one compiled in.
        {QStringLiteral("qcustomplot"), QStringLiteral("QCustomPlot"), QStringLiteral(QCUSTOMPLOT_VERSION_STR)},
    };
    for (const auto& [id, version] : checksumLibraries) {
        libraries.push_back({qs(id), qs(library_display_name(id)), qs(version)});
    }
    return libraries;
}

QString versionReport(const std::map<std::string, std::string>& checksumLibraries) {
    QString report = qs(version_line("hashscope")) + QLatin1Char('\n');
    for (const LibraryVersion& library : guiLibraryVersions(checksumLibraries)) {
        report += library.name + QLatin1Char(' ') + library.version + QLatin1Char('\n');
    }
    return report;
}

}  // namespace hashscope::ui
