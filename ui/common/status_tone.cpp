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
constexpr int kToneRole = Qt::UserRole + 0x70e;

// Paints its widget's tones again when the palette changes. Setting a label's style sheet can
// itself change the label's palette: a colour already applied is not applied again, so that
// ends there.
class ToneKeeper : public QObject {
public:
    explicit ToneKeeper(QObject* parent) : QObject(parent) {}

    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) {
            if (auto* label = qobject_cast<QLabel*>(watched)) paint(label);
            if (auto* table = qobject_cast<QTableWidget*>(watched)) paint(table);
        }
        return false;
    }

    static void paint(QLabel* label) {
        const auto tone = static_cast<Tone>(label->property(kToneProperty).toInt());
        const QColor colour = toneColour(tone);
        const QString sheet =
            colour.isValid() ? status_colour::labelStyle(colour, label->property(kBoldProperty).toBool()) : QString();
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
};

void keepTones(QWidget* widget) {
    const QString name = QStringLiteral("toneKeeper");
    if (widget->findChild<QObject*>(name, Qt::FindDirectChildrenOnly) != nullptr) return;
    auto* keeper = new ToneKeeper(widget);
    keeper->setObjectName(name);
    widget->installEventFilter(keeper);
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

void setItemTone(QTableWidgetItem* item, Tone tone) {
    item->setData(kToneRole, static_cast<int>(tone));
    const QColor colour = toneColour(tone);
    // Plain: the item's own brush goes, and the view's text colour shows.
    item->setData(Qt::ForegroundRole, colour.isValid() ? QVariant(QBrush(colour)) : QVariant());
}

void followTheme(QTableWidget* table) { keepTones(table); }

}  // namespace hashscope::ui
