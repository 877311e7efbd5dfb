// The colours that say how something went, in one place: good (passed, present, faster), bad
// (failed, an error, slower), muted (unavailable, skipped, the harness), caution (a note to read),
// warn (missing, changed: worse than a note, not a failure) and added. Each scheme (light, dark,
// high contrast: main/theme.hpp) has its own set, each readable on that scheme's background.
// kGood, kBad, kMuted and kCaution are the light scheme's (one set: the same colours whether a
// page follows the theme or not yet).
#pragma once

#include <QColor>
#include <QGuiApplication>
#include <QPalette>
#include <QString>

namespace hashscope::ui::status_colour {

inline const QColor kGood(0x1b, 0x7f, 0x3b);
inline const QColor kBad(0xb0, 0x00, 0x20);
inline const QColor kMuted(0x90, 0x90, 0x90);
inline const QColor kCaution(0x8a, 0x5a, 0x00);

enum class Scheme { light, dark, highContrast };

struct Colours {
    QColor good;
    QColor bad;
    QColor muted;
    QColor caution;
    QColor warn;
    QColor added;
};

inline Colours coloursFor(Scheme scheme) {
    switch (scheme) {
        case Scheme::light:
            return {kGood, kBad, kMuted, kCaution, QColor(0xbf, 0x36, 0x0c), kCaution};
        case Scheme::dark:
            return {QColor(0x81, 0xc7, 0x84), QColor(0xef, 0x9a, 0x9a), QColor(0xa0, 0xa0, 0xa0),
                    QColor(0xff, 0xe0, 0x82), QColor(0xff, 0xcc, 0x80), QColor(0xff, 0xe0, 0x82)};
        case Scheme::highContrast:
            // On black: full-strength hues, each well above 7:1 against the background.
            return {QColor(0x00, 0xff, 0x00), QColor(0xff, 0x60, 0x60), QColor(0xd0, 0xd0, 0xd0),
                    QColor(0xff, 0xff, 0x00), QColor(0xff, 0xa5, 0x00), QColor(0x00, 0xff, 0xff)};
    }
    return coloursFor(Scheme::light);
}

// The scheme a palette is: dark when its base is dark, high contrast when that base is black
// under white text (main/theme.cpp's high-contrast palette).
inline Scheme schemeOf(const QPalette& palette) {
    const QColor base = palette.color(QPalette::Base);
    if (base.lightness() >= 128) return Scheme::light;
    return base == Qt::black && palette.color(QPalette::Text) == Qt::white ? Scheme::highContrast : Scheme::dark;
}

inline Colours colours(const QPalette& palette = QGuiApplication::palette()) { return coloursFor(schemeOf(palette)); }

// A QLabel style sheet in that colour, bold on request.
inline QString labelStyle(const QColor& colour, bool bold = false) {
    return QStringLiteral("QLabel { color: %1;%2 }")
        .arg(colour.name(), bold ? QStringLiteral(" font-weight: bold;") : QString());
}

}  // namespace hashscope::ui::status_colour
