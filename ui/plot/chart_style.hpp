// ChartStyle: colours, markers, line styles and fonts of the benchmark charts, in one place so the
// page and saved files look alike and a participant keeps its colour from view to view. The
// colours follow the theme (main/theme.hpp) through the palette's scheme
// (common/status_colours.hpp): a chart is drawn in the application's palette of the moment, and
// the pages that show one draw it again when the palette changes.
#pragma once

#include <qcustomplot.h>
#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>

namespace hashscope::ui::chart_style {

// The paper a chart is drawn on and the ink of everything that is not a participant's curve.
struct Ink {
    QColor paper;    // background, legend, hollow markers
    QColor text;     // text, axes, error bars
    QColor muted;    // caption, cache markers, a hidden curve's legend entry
    QColor grid;     // grid lines, the legend's frame
    QColor subGrid;  // the log axes' minor grid
};
Ink inkFor(const QPalette& palette = QGuiApplication::palette());

// Okabe–Ito's colour-blind-safe palette. Indexed by the participant's position in the report, so
// "crc32c · isal" has the same colour in every view. On white its yellow is darkened (Okabe–Ito's
// F0E442 vanishes there); on a dark or black background the black becomes light grey, the
// yellow keeps its own colour, and the others are lifted a third of the way to white.
QColor participantColor(int participant, const QPalette& palette = QGuiApplication::palette());

// Filled-able marker shapes, cycled by participant (size views) or by size (threads view): a
// second cue besides colour, and one that survives greyscale printing.
QCPScatterStyle::ScatterShape markerShape(int index);

// Solid for the first mode, then dashed, dotted: modes of one participant share its colour.
Qt::PenStyle modeLineStyle(int mode);

// Threads view: one participant's sizes share its hue, fainter (closer to the paper) for smaller
// buffers.
QColor shadeForSize(const QColor& base, int size, int sizeCount, const QColor& paper);

// Fonts by role, sized for a chart saved at about 1200×750 and for the page alike.
QFont font(qreal pointSize, bool bold = false);
inline constexpr qreal kTitlePt = 14, kAxisLabelPt = 11, kTickPt = 10, kLegendPt = 10, kCaptionPt = 9;

}  // namespace hashscope::ui::chart_style
