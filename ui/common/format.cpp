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
