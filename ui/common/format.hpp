// Small formatting helpers shared by the pages, so every page shows sizes and rates alike.
#pragma once

#include <QString>
#include <QtGlobal>

namespace hashscope::ui {

// "6 bytes", "2.1 MB", "5.7 GB": SI units, as file managers show sizes.
QString formatBytes(quint64 bytes);

// "850.3 MB/s"; empty when nothing can be said yet (no time has passed).
QString formatRate(quint64 bytes, qint64 nanoseconds);

}  // namespace hashscope::ui

namespace hashscope::ui {

// A measured figure as the CLI's tables print it: 0.512, 8.10, 317.8, 63978 (three significant
// digits at least, no exponent).
QString formatFigure(double value);

// "about 40 s", "about 3 min", "about 1 h 20 min": a duration for estimates and time left.
QString formatDuration(double seconds);

}  // namespace hashscope::ui
