#include "common/format.hpp"

#include <QLocale>

namespace hashscope::ui {

QString formatBytes(quint64 bytes) {
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), 1, QLocale::DataSizeSIFormat);
}

QString formatRate(quint64 bytes, qint64 nanoseconds) {
    // Below a millisecond the rate is noise (and an empty file would divide by ~zero).
    if (nanoseconds < 1'000'000 || bytes == 0) return {};
    const double perSecond = static_cast<double>(bytes) * 1e9 / static_cast<double>(nanoseconds);
    return formatBytes(static_cast<quint64>(perSecond)) + QStringLiteral("/s");
}

}  // namespace hashscope::ui

namespace hashscope::ui {

QString formatFigure(double value) {
    const double a = value < 0 ? -value : value;
    const int decimals = a < 10 ? 3 : a < 100 ? 2 : a < 10000 ? 1 : 0;
    return QString::number(value, 'f', decimals);
}

QString formatDuration(double seconds) {
    if (!(seconds >= 0)) seconds = 0;
    if (seconds < 1) return QStringLiteral("under a second");
    if (seconds < 90) return QStringLiteral("about %1 s").arg(qRound(seconds));
    const int minutes = qRound(seconds / 60);
    if (minutes < 90) return QStringLiteral("about %1 min").arg(minutes);
    return QStringLiteral("about %1 h %2 min").arg(minutes / 60).arg(minutes % 60);
}

}  // namespace hashscope::ui
