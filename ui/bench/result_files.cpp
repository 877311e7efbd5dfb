#include "bench/result_files.hpp"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace hashscope::ui {

std::optional<ResultFormat> resultFormatFor(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("json")) return ResultFormat::json;
    if (suffix == QLatin1String("csv")) return ResultFormat::csv;
    if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown")) return ResultFormat::markdown;
    return std::nullopt;
}

QString writeResults(const bench::BenchReport& report, const QString& path) {
    const auto format = resultFormatFor(path);
    if (!format) return QObject::tr("cannot save %1: use a .json, .csv or .md file name").arg(path);
    std::string text;
    switch (*format) {
        case ResultFormat::json:
            text = bench::to_json(report);
            break;
        case ResultFormat::csv:
            text = bench::to_csv(report);
            break;
        case ResultFormat::markdown:
            text = bench::to_markdown(report);
            break;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return QObject::tr("cannot save %1: %2").arg(path, file.errorString());
    const auto size = static_cast<qint64>(text.size());
    if (file.write(text.data(), size) != size) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return QObject::tr("cannot save %1: %2").arg(path, reason);
    }
    if (!file.commit()) return QObject::tr("cannot save %1: %2").arg(path, file.errorString());
    return {};
}

Result<bench::BenchReport> readReport(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return Error{QObject::tr("cannot read %1: %2").arg(path, file.errorString()).toStdString()};
    }
    const QByteArray text = file.readAll();
    auto report = bench::report_from_json(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    if (!report) return Error{path.toStdString() + ": " + report.error().message};
    return report;
}

}  // namespace hashscope::ui
