// exportChart: saves a QCustomPlot as PNG, SVG or PDF, chosen by the file's extension. The file
// is written beside the destination and renamed over it (QSaveFile), so a failed write never
// leaves a half chart or destroys the one that was there.
#pragma once

#include <QString>
#include <optional>

class QCustomPlot;

namespace hashscope::ui {

enum class ChartFormat { png, svg, pdf };

struct ExportSize {
    int width = 1200;  // in pixels at scale 1 (SVG and PDF: the same layout, as vectors)
    int height = 750;
    double scale = 1;  // PNG only: 2 gives a 2400×1500 image of the same layout, for HiDPI
};

// From the extension, any case: "chart.PNG" → png; nullopt for anything else.
std::optional<ChartFormat> chartFormatFor(const QString& path);

// Empty on success, else a message naming the file and the reason.
QString exportChart(QCustomPlot& plot, const QString& path, const ExportSize& size);

}  // namespace hashscope::ui
