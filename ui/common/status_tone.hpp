// Tones: the status colours (common/status_colours.hpp) by meaning, for labels and table items
// that must follow a theme switch (View > Theme). A colour set once would stay the colour of the
// theme it was set in; a tone is kept beside it and painted again in each new theme's colours.
#pragma once

#include <QColor>
#include <QGuiApplication>
#include <QPalette>

class QLabel;
class QTableWidget;
class QTableWidgetItem;

namespace hashscope::ui {

enum class Tone { plain, good, bad, muted, caution };

// The tone's colour in the palette's scheme; plain: none (an invalid QColor, the default text).
[[nodiscard]] QColor toneColour(Tone tone, const QPalette& palette = QGuiApplication::palette());

// A label in `tone` (bold on request), now and after every theme switch; Tone::plain clears it.
void setLabelTone(QLabel* label, Tone tone, bool bold = false);
// A label as a note box (warnings to read before the figures): a caution-coloured frame and
// background that suit the theme, now and after every switch.
void setNoteBox(QLabel* label);

// A table item's text in `tone`. The table must follow the theme (followTheme) for it to change
// with the theme.
void setItemTone(QTableWidgetItem* item, Tone tone);
// Paints every toned item of `table` again when the theme changes.
void followTheme(QTableWidget* table);

}  // namespace hashscope::ui
