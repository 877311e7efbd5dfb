// ChartStyle: colours, markers, line styles and fonts of the benchmark charts, in one place so the
// page and saved files look alike and a participant keeps its colour from view to view.
#pragma once

#include <qcustomplot.h>
#include <QColor>
#include <QFont>

namespace hashscope::ui::chart_style {

// Okabe–Ito's colour-blind-safe palette, yellow last and darkened to read on white. Indexed by the
// participant's position in the report, so "crc32c · isal" has the same colour in every view.
QColor participantColor(int participant);

// Filled-able marker shapes, cycled by participant (size views) or by size (threads view): a
// second cue besides colour, and one that survives greyscale printing.
QCPScatterStyle::ScatterShape markerShape(int index);

// Solid for the first mode, then dashed, dotted: modes of one participant share its colour.
Qt::PenStyle modeLineStyle(int mode);

// Threads view: one participant's sizes share its hue, lighter for smaller buffers.
QColor shadeForSize(const QColor& base, int size, int sizeCount);

// Fonts by role, sized for a chart saved at about 1200×750 and for the page alike.
QFont font(qreal pointSize, bool bold = false);
inline constexpr qreal kTitlePt = 14, kAxisLabelPt = 11, kTickPt = 10, kLegendPt = 10, kCaptionPt = 9;

inline const QColor kInk{0x20, 0x20, 0x20};       // text and axes
inline const QColor kMutedInk{0x55, 0x55, 0x55};  // caption, cache markers
inline const QColor kGrid{0xdd, 0xdd, 0xdd};
inline const QColor kSubGrid{0xf0, 0xf0, 0xf0};

}  // namespace hashscope::ui::chart_style
