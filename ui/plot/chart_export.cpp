#include "plot/chart_export.hpp"

#include <qcustomplot.h>
#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QPicture>
#include <QSaveFile>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>

namespace hashscope::ui {
namespace {

// The resolution QCustomPlot lays out text at on screen. Vector files are written at it too, so
// fonts (given in points) take the same share of the chart in PNG, SVG and PDF.
constexpr int kDpi = 96;

bool renderPng(QCustomPlot& plot, QIODevice& out, const ExportSize& size) {
    QImage image = plot.toPixmap(size.width, size.height, size.scale).toImage();
    if (image.isNull()) return false;
    const int dotsPerMeter = static_cast<int>(std::lround(kDpi * size.scale / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    return image.save(&out, "PNG");
}

bool renderSvg(QCustomPlot& plot, QIODevice& out, const ExportSize& size) {
    QSvgGenerator svg;
    svg.setOutputDevice(&out);
    svg.setResolution(kDpi);
    svg.setSize(QSize(size.width, size.height));
    svg.setViewBox(QRect(0, 0, size.width, size.height));
    svg.setTitle(QStringLiteral("HashScope benchmark chart"));
    QCPPainter painter;
    if (!painter.begin(&svg)) return false;
    painter.setMode(QCPPainter::pmVectorized);
    plot.toPainter(&painter, size.width, size.height);
    return painter.end();
}

bool renderPdf(QCustomPlot& plot, QIODevice& out, const ExportSize& size) {
    QPdfWriter pdf(&out);
    pdf.setResolution(kDpi);
    pdf.setCreator(QStringLiteral("HashScope"));
    pdf.setTitle(QStringLiteral("HashScope benchmark chart"));
    // One page exactly the chart's size: width pixels at kDpi, in points (1/72 inch).
    const QSizeF points(size.width * 72.0 / kDpi, size.height * 72.0 / kDpi);
    pdf.setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
                                  QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    QCPPainter painter;
    if (!painter.begin(&pdf)) return false;
    painter.setMode(QCPPainter::pmVectorized);
    painter.setWindow(0, 0, size.width, size.height);
    plot.toPainter(&painter, size.width, size.height);
    return painter.end();
}

// Lays the chart out at the export size once before drawing it. Ticks are chosen from the axis
// lengths of the layout before, so the first drawing at a new size would use the old lengths.
void layOutAt(QCustomPlot& plot, const ExportSize& size) {
    QPicture scratch;  // records, draws nothing: cheap at any size
    QCPPainter painter(&scratch);
    plot.toPainter(&painter, size.width, size.height);
}

}  // namespace

std::optional<ChartFormat> chartFormatFor(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png")) return ChartFormat::png;
    if (suffix == QLatin1String("svg")) return ChartFormat::svg;
    if (suffix == QLatin1String("pdf")) return ChartFormat::pdf;
    return std::nullopt;
}

QString exportChart(QCustomPlot& plot, const QString& path, const ExportSize& size) {
    const auto format = chartFormatFor(path);
    if (!format) {
        const QString suffix = QFileInfo(path).suffix();
        return QStringLiteral("cannot save %1: unknown chart format %2 (use .png, .svg or .pdf)")
            .arg(path, suffix.isEmpty() ? QStringLiteral("(no extension)") : QLatin1Char('.') + suffix);
    }
    if (size.width <= 0 || size.height <= 0 || !(size.scale > 0)) {
        return QStringLiteral("cannot save %1: the size must be positive").arg(path);
    }
    const QFileInfo info(path);
    if (!info.dir().exists()) {
        return QStringLiteral("cannot save %1: the folder %2 does not exist")
            .arg(path, QDir::toNativeSeparators(info.path()));
    }
    if (info.isDir()) return QStringLiteral("cannot save %1: it is a folder").arg(path);

    // Drawn into memory first, then written in one piece: a short write (a full disk) is then
    // seen here, where the SVG and PDF writers would pass it by unnoticed and QSaveFile would
    // commit a truncated chart.
    QByteArray bytes;
    {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        layOutAt(plot, size);
        bool drawn = false;
        switch (*format) {
            case ChartFormat::png:
                drawn = renderPng(plot, buffer, size);
                break;
            case ChartFormat::svg:
                drawn = renderSvg(plot, buffer, size);
                break;
            case ChartFormat::pdf:
                drawn = renderPdf(plot, buffer, size);
                break;
        }
        if (!drawn || bytes.isEmpty()) return QStringLiteral("cannot save %1: drawing the chart failed").arg(path);
    }

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return QStringLiteral("cannot save %1: %2").arg(path, file.errorString());
    if (const qint64 written = file.write(bytes); written != bytes.size()) {
        const QString reason = file.error() != QFileDevice::NoError
                                   ? file.errorString()
                                   : QStringLiteral("only %1 of %2 bytes could be written (is the disk full?)")
                                         .arg(std::max<qint64>(written, 0))
                                         .arg(bytes.size());
        file.cancelWriting();
        return QStringLiteral("cannot save %1: %2").arg(path, reason);
    }
    if (!file.commit()) return QStringLiteral("cannot save %1: %2").arg(path, file.errorString());
    return {};
}

}  // namespace hashscope::ui
