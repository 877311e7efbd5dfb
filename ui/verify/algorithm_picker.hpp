// AlgorithmPicker: a button with a checkable menu of every algorithm in the registry; the choice
// is remembered between runs (QSettings, when the application has an organisation name).
// SHA-256 and CRC-32C until the user picks otherwise.
#pragma once

#include <QPushButton>
#include <QStringList>

class QAction;
class QMenu;

namespace hashscope::ui {

class AlgorithmPicker : public QPushButton {
    Q_OBJECT

public:
    explicit AlgorithmPicker(QWidget* parent = nullptr);

    // In the order ticked (the columns' order): SHA-256 first, CRC-32C second by default.
    [[nodiscard]] QStringList selected() const { return order_; }
    // Checks exactly these (unknown ids ignored; nothing left falls back to the defaults),
    // remembers them, and emits selectionChanged when that changes anything.
    void setSelected(const QStringList& ids);

    static QStringList defaults();
    static QStringList remembered();

signals:
    void selectionChanged(const QStringList& ids);

private:
    void onToggled(QAction* action, bool checked);
    void refreshText();

    QMenu* menu_;
    QStringList order_;
};

}  // namespace hashscope::ui
