#include "main/version_report.hpp"

#include <qcustomplot.h>
#include <QtGlobal>

#include "hashscope/build_info.hpp"
#include "hashscope/libraries.hpp"

namespace hashscope::ui {
namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace

std::vector<LibraryVersion> guiLibraryVersions() {
    std::vector<LibraryVersion> libraries{
        // qVersion(), not QT_VERSION_STR: a distribution may load a newer Qt than the one built against.
        {QStringLiteral("qt"), QStringLiteral("Qt"), QString::fromLatin1(qVersion())},
        // QCustomPlot has no run-time version call; the header's is the one compiled in.
        {QStringLiteral("qcustomplot"), QStringLiteral("QCustomPlot"), QStringLiteral(QCUSTOMPLOT_VERSION_STR)},
    };
    for (const auto& [id, version] : library_versions()) {
        libraries.push_back({qs(id), qs(library_display_name(id)), qs(version)});
    }
    return libraries;
}

QString versionReport() {
    QString report = qs(version_line("hashscope")) + QLatin1Char('\n');
    for (const LibraryVersion& library : guiLibraryVersions()) {
        report += library.name + QLatin1Char(' ') + library.version + QLatin1Char('\n');
    }
    return report;
}

}  // namespace hashscope::ui
