// The colours that say how something went, in one place: good (passed, present, faster), bad
// (failed, an error, slower), muted (unavailable, skipped, the harness) and caution (a note to
// read). The Verify page's row colours, which follow the palette's light or dark mode, are in
// verify/row_status.cpp.
#pragma once

#include <QColor>
#include <QString>

namespace hashscope::ui::status_colour {

inline const QColor kGood(0x1b, 0x7f, 0x3b);
inline const QColor kBad(0xb0, 0x00, 0x20);
inline const QColor kMuted(0x90, 0x90, 0x90);
inline const QColor kCaution(0x8a, 0x5a, 0x00);

// A QLabel style sheet in that colour, bold on request.
inline QString labelStyle(const QColor& colour, bool bold = false) {
    return QStringLiteral("QLabel { color: %1;%2 }")
        .arg(colour.name(), bold ? QStringLiteral(" font-weight: bold;") : QString());
}

}  // namespace hashscope::ui::status_colour
