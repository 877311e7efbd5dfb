#include "plot/chart_style.hpp"

#include <array>
#include <cmath>

namespace hashscope::ui::chart_style {
namespace {

template <class T, std::size_t N>
const T& cycled(const std::array<T, N>& values, int index) {
    return values[static_cast<std::size_t>(index < 0 ? 0 : index) % N];
}

}  // namespace

QColor participantColor(int participant) {
    static const std::array<QColor, 8> palette{
        QColor(0x00, 0x72, 0xB2),  // blue
        QColor(0xD5, 0x5E, 0x00),  // vermillion
        QColor(0x00, 0x9E, 0x73),  // bluish green
        QColor(0xCC, 0x79, 0xA7),  // reddish purple
        QColor(0xE6, 0x9F, 0x00),  // orange
        QColor(0x56, 0xB4, 0xE9),  // sky blue
        QColor(0x00, 0x00, 0x00),  // black
        QColor(0xB0, 0x9C, 0x00),  // yellow, darkened: Okabe–Ito's F0E442 vanishes on white
    };
    return cycled(palette, participant);
}

QCPScatterStyle::ScatterShape markerShape(int index) {
    static const std::array<QCPScatterStyle::ScatterShape, 5> shapes{
        QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare, QCPScatterStyle::ssDiamond, QCPScatterStyle::ssTriangle,
        QCPScatterStyle::ssTriangleInverted};
    return cycled(shapes, index);
}

Qt::PenStyle modeLineStyle(int mode) {
    static const std::array<Qt::PenStyle, 4> styles{Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    return cycled(styles, mode);
}

QColor shadeForSize(const QColor& base, int size, int sizeCount) {
    if (sizeCount < 2) return base;
    // The largest size gets the full colour, the smallest is mixed halfway with white.
    const double whiteShare = 0.55 * (1.0 - static_cast<double>(size) / (sizeCount - 1));
    auto mix = [&](int channel) { return static_cast<int>(std::lround(channel + (255 - channel) * whiteShare)); };
    return {mix(base.red()), mix(base.green()), mix(base.blue())};
}

QFont font(qreal pointSize, bool bold) {
    QFont f;
    f.setPointSizeF(pointSize);
    f.setBold(bold);
    return f;
}

}  // namespace hashscope::ui::chart_style
