#include "verify/sums_text.hpp"

#include <QDir>
#include <QFileInfo>

#include "common/file_names.hpp"
#include "common/format.hpp"
#include "verify/algorithm_names.hpp"
#include "verify/row_presenter.hpp"

namespace hashscope::ui {
namespace {

std::string nameFor(const VerifyRow& row, const QString& folder) {
    if (folder.isEmpty()) return nameToBytes(row.name).toStdString();
    const QString relative = QDir(folder).relativeFilePath(row.path);
    const bool below = !relative.startsWith(QLatin1String("../")) && relative != QLatin1String("..") &&
                       !QDir::isAbsolutePath(relative);
    // The bytes the file system knows the name by, so that sha256sum -c finds it again.
    return nameToBytes(below ? relative : row.path).toStdString();
}

QString cellText(QString text) { return text.replace(QLatin1Char('|'), QStringLiteral("\\|")); }

}  // namespace

SumsText sumsText(const QVector<const VerifyRow*>& rows, verify::SumsFormat format, const QStringList& algorithms,
                  const QString& folder) {
    SumsText out;
    QStringList written = format == verify::SumsFormat::bsd ? algorithms : algorithms.mid(0, 1);
    std::string text;
    for (const VerifyRow* row : rows) {
        bool any = false;
        for (const QString& id : written) {
            const RowDigest* digest = row->digest(id);
            const auto* info = find_algorithm(id.toStdString());
            if (digest == nullptr || info == nullptr) continue;
            text += verify::format_sums_line(format, *info, nameFor(*row, folder), digest->hex.toStdString());
            ++out.lines;
            any = true;
        }
        if (any) ++out.rows;
    }
    out.text = QByteArray::fromStdString(text);
    return out;
}

QString markdownTable(const QVector<const VerifyRow*>& rows, const QStringList& algorithms) {
    QStringList header{QStringLiteral("Name"), QStringLiteral("Size")};
    QStringList rule{QStringLiteral("---"), QStringLiteral("---:")};
    for (const QString& id : algorithms) {
        header << algorithmDisplay(id);
        rule << QStringLiteral("---");
    }
    header << QStringLiteral("Status");
    rule << QStringLiteral("---");
    QStringList lines{QStringLiteral("| %1 |").arg(header.join(QStringLiteral(" | "))),
                      QStringLiteral("| %1 |").arg(rule.join(QStringLiteral(" | ")))};
    for (const VerifyRow* row : rows) {
        QStringList cells{cellText(row->name), row->size ? formatBytes(*row->size) : QStringLiteral("—")};
        for (const QString& id : algorithms) {
            const RowDigest* d = row->digest(id);
            cells << (d ? QStringLiteral("`%1`").arg(d->hex) : QString());
        }
        cells << cellText(statusText(*row));
        lines << QStringLiteral("| %1 |").arg(cells.join(QStringLiteral(" | ")));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString rowLine(const VerifyRow& row, const QStringList& algorithms) {
    QStringList cells{row.path, row.size ? QString::number(*row.size) : QString()};
    for (const QString& id : algorithms) {
        const RowDigest* d = row.digest(id);
        cells << (d ? d->hex : QString());
    }
    cells << statusText(row);
    return cells.join(QLatin1Char('\t'));
}

QString commonFolder(const QVector<const VerifyRow*>& rows) {
    QString common;
    for (const VerifyRow* row : rows) {
        const QString folder = QFileInfo(row->path).absolutePath();
        if (common.isNull()) {
            common = folder;
            continue;
        }
        while (!(folder == common ||
                 folder.startsWith(common.endsWith(QLatin1Char('/')) ? common : common + QLatin1Char('/')))) {
            const QString up = QFileInfo(common).absolutePath();
            if (up == common) return {};
            common = up;
        }
    }
    return common == QLatin1String("/") ? QString() : common;
}

}  // namespace hashscope::ui
