#include "plot/chart_style.hpp"

#include <array>
#include <cmath>

#include "common/status_colours.hpp"

namespace hashscope::ui::chart_style {
namespace {

template <class T, std::size_t N>
const T& cycled(const std::array<T, N>& values, int index) {
    return values[static_cast<std::size_t>(index < 0 ? 0 : index) % N];
}

}  // namespace

Ink inkFor(const QPalette& palette) {
    switch (status_colour::schemeOf(palette)) {
        case status_colour::Scheme::light:
            break;
        case status_colour::Scheme::dark:
            // The table's own background, so the chart sits in the page like the file list does.
            return {palette.color(QPalette::Base), QColor(0xe8, 0xe8, 0xe8), QColor(0xa8, 0xa8, 0xa8),
                    QColor(0x48, 0x48, 0x4c), QColor(0x30, 0x30, 0x33)};
        case status_colour::Scheme::highContrast:
            return {Qt::black, Qt::white, QColor(0xd0, 0xd0, 0xd0), QColor(0x70, 0x70, 0x70), QColor(0x38, 0x38, 0x38)};
    }
    return {Qt::white, QColor(0x20, 0x20, 0x20), QColor(0x55, 0x55, 0x55), QColor(0xdd, 0xdd, 0xdd),
            QColor(0xf0, 0xf0, 0xf0)};
}

QColor participantColor(int participant, const QPalette& palette) {
    const bool onDark = status_colour::schemeOf(palette) != status_colour::Scheme::light;
    const int index = (participant < 0 ? 0 : participant) % 8;
    if (onDark && index == 6) return {0xe0, 0xe0, 0xe0};  // black on black: light grey instead
    if (onDark && index == 7) return {0xF0, 0xE4, 0x42};  // Okabe–Ito's own yellow
    static const std::array<QColor, 8> colours{
        QColor(0x00, 0x72, 0xB2),  // blue
        QColor(0xD5, 0x5E, 0x00),  // vermillion
        QColor(0x00, 0x9E, 0x73),  // bluish green
        QColor(0xCC, 0x79, 0xA7),  // reddish purple
        QColor(0xE6, 0x9F, 0x00),  // orange
        QColor(0x56, 0xB4, 0xE9),  // sky blue
        QColor(0x00, 0x00, 0x00),  // black
        QColor(0xB0, 0x9C, 0x00),  // yellow, darkened: Okabe–Ito's F0E442 vanishes on white
    };
    if (!onDark) return cycled(colours, index);
    // On a dark paper the deeper hues (the blue, the vermillion) sink: lifted a third of the way
    // to white, each keeps its hue and stands out as the light ones do.
    const QColor c = cycled(colours, index);
    const auto lift = [](int channel) { return channel + (255 - channel) / 3; };
    return {lift(c.red()), lift(c.green()), lift(c.blue())};
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

QColor shadeForSize(const QColor& base, int size, int sizeCount, const QColor& paper) {
    if (sizeCount < 2) return base;
    // The largest size gets the full colour, the smallest is mixed about halfway with the paper.
    const double paperShare = 0.55 * (1.0 - static_cast<double>(size) / (sizeCount - 1));
    auto mix = [&](int channel, int toward) {
        return static_cast<int>(std::lround(channel + (toward - channel) * paperShare));
    };
    return {mix(base.red(), paper.red()), mix(base.green(), paper.green()), mix(base.blue(), paper.blue())};
}

QFont font(qreal pointSize, bool bold) {
    QFont f;
    f.setPointSizeF(pointSize);
    f.setBold(bold);
    return f;
}

}  // namespace hashscope::ui::chart_style
