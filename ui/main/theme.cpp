#include "main/theme.hpp"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <optional>

namespace hashscope::ui {
namespace {

const QString kSettingsKey = QStringLiteral("view/theme");

// The palette the application started with, before a theme replaced it.
std::optional<QPalette>& systemPalette() {
    static std::optional<QPalette> palette;
    return palette;
}

Theme& current() {
    static Theme theme = Theme::system;
    return theme;
}

QPalette darkPalette() {
    QPalette p;
    const QColor window(0x2d, 0x2d, 0x30);
    const QColor base(0x1e, 0x1e, 0x1e);
    const QColor text(0xe8, 0xe8, 0xe8);
    const QColor disabled(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x28, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3d));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x60, 0x60));
    p.setColor(QPalette::Light, QColor(0x50, 0x50, 0x54));
    p.setColor(QPalette::Midlight, QColor(0x44, 0x44, 0x48));
    p.setColor(QPalette::Mid, QColor(0x60, 0x60, 0x64));
    p.setColor(QPalette::Dark, QColor(0x18, 0x18, 0x18));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x7c, 0xb7, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xc0, 0x9c, 0xff));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        p.setColor(QPalette::Disabled, role, disabled);
    }
    return p;
}

QPalette highContrastPalette() {
    // Black and white with yellow for what is selected or actionable: the usual high-contrast
    // scheme. status_colour::schemeOf() knows it by its black base under white text.
    QPalette p;
    const QColor yellow(0xff, 0xff, 0x00);
    for (const auto role : {QPalette::Window, QPalette::Base, QPalette::AlternateBase, QPalette::Button,
                            QPalette::ToolTipBase, QPalette::Dark, QPalette::Shadow}) {
        p.setColor(role, Qt::black);
    }
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::ToolTipText,
                            QPalette::BrightText, QPalette::Light, QPalette::Midlight, QPalette::Mid}) {
        p.setColor(role, Qt::white);
    }
    p.setColor(QPalette::AlternateBase, QColor(0x1a, 0x1a, 0x1a));
    p.setColor(QPalette::PlaceholderText, QColor(0xd0, 0xd0, 0xd0));
    p.setColor(QPalette::Highlight, yellow);
    p.setColor(QPalette::HighlightedText, Qt::black);
    p.setColor(QPalette::Link, yellow);
    p.setColor(QPalette::LinkVisited, QColor(0x00, 0xff, 0xff));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        p.setColor(QPalette::Disabled, role, QColor(0xa0, 0xa0, 0xa0));
    }
    return p;
}

// The palette alone cannot draw a frame on black (the styles derive their outlines from the window
// colour): in high contrast, controls get white frames, focus a yellow one, and what is checked
// or filled is yellow.
const char* const kHighContrastSheet = R"(
QPushButton, QToolButton, QComboBox, QLineEdit, QSpinBox, QDoubleSpinBox { border: 1px solid white; padding: 2px 6px; }
QPushButton:disabled, QToolButton:disabled, QComboBox:disabled { border-color: #a0a0a0; }
QPushButton:checked, QToolButton:checked { background: yellow; color: black; }
QPushButton:focus, QToolButton:focus, QComboBox:focus, QLineEdit:focus, QCheckBox:focus { border: 2px solid yellow; }
QCheckBox::indicator, QRadioButton::indicator { width: 12px; height: 12px; border: 2px solid white; background: black; }
QCheckBox::indicator:checked, QRadioButton::indicator:checked { background: yellow; }
QProgressBar { border: 1px solid white; background: black; }
QProgressBar::chunk { background: yellow; }
)";

}  // namespace

QString themeKey(Theme theme) {
    switch (theme) {
        case Theme::dark:
            return QStringLiteral("dark");
        case Theme::highContrast:
            return QStringLiteral("high-contrast");
        case Theme::system:
            break;
    }
    return QStringLiteral("system");
}

Theme themeFromKey(const QString& key) {
    if (key == themeKey(Theme::dark)) return Theme::dark;
    if (key == themeKey(Theme::highContrast)) return Theme::highContrast;
    return Theme::system;
}

void applyTheme(Theme theme) {
    if (!systemPalette()) systemPalette() = QApplication::palette();
    switch (theme) {
        case Theme::system:
            QApplication::setPalette(*systemPalette());
            break;
        case Theme::dark:
            QApplication::setPalette(darkPalette());
            break;
        case Theme::highContrast:
            QApplication::setPalette(highContrastPalette());
            break;
    }
    qApp->setStyleSheet(theme == Theme::highContrast ? QString::fromLatin1(kHighContrastSheet) : QString());
    current() = theme;
}

Theme currentTheme() { return current(); }

Theme savedTheme() { return themeFromKey(QSettings().value(kSettingsKey).toString()); }

void saveTheme(Theme theme) { QSettings().setValue(kSettingsKey, themeKey(theme)); }

}  // namespace hashscope::ui
