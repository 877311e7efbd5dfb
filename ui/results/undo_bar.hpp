// UndoBar: "2 runs deleted — Undo ✕" above the run list. Deleting from the Results page only
// hides the runs; the files go when the bar is dismissed (or another deletion, or the window,
// closes it), so Undo needs no copy of them anywhere.
#pragma once

#include <QFrame>

class QLabel;

namespace hashscope::ui {

class UndoBar final : public QFrame {
    Q_OBJECT

public:
    explicit UndoBar(QWidget* parent = nullptr);
    void showMessage(const QString& text);

signals:
    void undoRequested();
    void dismissed();  // the ✕: what was held back goes for real

private:
    QLabel* text_;
};

}  // namespace hashscope::ui
