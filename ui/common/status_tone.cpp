#include "common/status_tone.hpp"

#include <QEvent>
#include <QLabel>
#include <QTableWidget>

#include "common/status_colours.hpp"

namespace hashscope::ui {
namespace {

// Where a toned label or item keeps its tone.
constexpr const char* kToneProperty = "hashscopeTone";
constexpr const char* kBoldProperty = "hashscopeToneBold";
constexpr const char* kBoxProperty = "hashscopeToneBox";
constexpr int kToneRole = Qt::UserRole + 0x70e;

// The note box's text, background and frame per scheme: dark text on pale yellow, pale yellow
// on dark brown, yellow on black.
QString noteBoxStyle(status_colour::Scheme scheme) {
    const auto sheet = [](const char* text, const char* background, const char* frame) {
        return QStringLiteral(
                   "QLabel { background: %1; color: %2; border: 1px solid %3; border-radius: 4px; "
                   "padding: 4px; }")
            .arg(QLatin1String(background), QLatin1String(text), QLatin1String(frame));
    };
    switch (scheme) {
        case status_colour::Scheme::dark:
            return sheet("#ffe082", "#3a3000", "#8a7000");
        case status_colour::Scheme::highContrast:
            return sheet("#ffff00", "#000000", "#ffff00");
        case status_colour::Scheme::light:
            break;
    }
    return sheet("#4d3800", "#fff4ce", "#e6c867");
}
// Paints its widget's tones again when the palette changes. A label with a style sheet has a
// palette of its own, which a new application palette leaves alone (no PaletteChange reaches
// it), so a label's keeper watches its parent as well. Setting a label's style sheet can itself
// change the label's palette: a style already applied is not applied again, so that ends there.
class ToneKeeper : public QObject {
public:
    explicit ToneKeeper(QWidget* widget) : QObject(widget), widget_(widget) {
        widget->installEventFilter(this);
        if (qobject_cast<QLabel*>(widget) != nullptr && widget->parentWidget() != nullptr) {
            widget->parentWidget()->installEventFilter(this);
        }
    }

    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) {
            if (auto* label = qobject_cast<QLabel*>(widget_)) paint(label);
            if (auto* table = qobject_cast<QTableWidget*>(widget_)) paint(table);
        }
        return false;
    }

    static void paint(QLabel* label) {
        const auto tone = static_cast<Tone>(label->property(kToneProperty).toInt());
        const QColor colour = toneColour(tone);
        QString sheet;
        if (label->property(kBoxProperty).toBool()) {
            sheet = noteBoxStyle(status_colour::schemeOf(QGuiApplication::palette()));
        } else if (colour.isValid()) {
            sheet = status_colour::labelStyle(colour, label->property(kBoldProperty).toBool());
        }
        if (label->styleSheet() != sheet) label->setStyleSheet(sheet);
    }

    static void paint(QTableWidget* table) {
        for (int r = 0; r < table->rowCount(); ++r) {
            for (int c = 0; c < table->columnCount(); ++c) {
                QTableWidgetItem* item = table->item(r, c);
                if (item != nullptr && item->data(kToneRole).isValid()) setItemTone(item, tone(item));
            }
        }
    }

private:
    static Tone tone(const QTableWidgetItem* item) { return static_cast<Tone>(item->data(kToneRole).toInt()); }

    QWidget* widget_;  // our parent: lives as long as we do
};

void keepTones(QWidget* widget) {
    const QString name = QStringLiteral("toneKeeper");
    if (widget->findChild<QObject*>(name, Qt::FindDirectChildrenOnly) != nullptr) return;
    auto* keeper = new ToneKeeper(widget);
    keeper->setObjectName(name);
}

}  // namespace

QColor toneColour(Tone tone, const QPalette& palette) {
    const status_colour::Colours colours = status_colour::colours(palette);
    switch (tone) {
        case Tone::good:
            return colours.good;
        case Tone::bad:
            return colours.bad;
        case Tone::muted:
            return colours.muted;
        case Tone::caution:
            return colours.caution;
        case Tone::plain:
            break;
    }
    return {};
}

void setLabelTone(QLabel* label, Tone tone, bool bold) {
    label->setProperty(kToneProperty, static_cast<int>(tone));
    label->setProperty(kBoldProperty, bold);
    keepTones(label);
    ToneKeeper::paint(label);
}

void setNoteBox(QLabel* label) {
    label->setProperty(kBoxProperty, true);
    keepTones(label);
    ToneKeeper::paint(label);
}

void setItemTone(QTableWidgetItem* item, Tone tone) {
    item->setData(kToneRole, static_cast<int>(tone));
    const QColor colour = toneColour(tone);
    // Plain: the item's own brush goes, and the view's text colour shows.
    item->setData(Qt::ForegroundRole, colour.isValid() ? QVariant(QBrush(colour)) : QVariant());
}

void followTheme(QTableWidget* table) { keepTones(table); }

}  // namespace hashscope::ui
