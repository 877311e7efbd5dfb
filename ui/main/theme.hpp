// The window's theme: the system's palette, a dark one, or a high-contrast one (white and yellow
// on black), set on the whole application through QPalette and kept in QSettings. The status
// colours that go with each are in common/status_colours.hpp.
#pragma once

#include <QString>

namespace hashscope::ui {

enum class Theme { system, dark, highContrast };

// "system", "dark", "high-contrast": the value kept in the settings.
QString themeKey(Theme theme);
Theme themeFromKey(const QString& key);  // unknown keys: system

// Sets the application's palette (the system's own for Theme::system, as it was before any other).
void applyTheme(Theme theme);
[[nodiscard]] Theme currentTheme();

// The theme saved in the settings ("view/theme"), and saving one.
[[nodiscard]] Theme savedTheme();
void saveTheme(Theme theme);

}  // namespace hashscope::ui
