// DropOverlay: while something is dragged over the window, a veil over the Verify page that says
// what dropping it will do ("Verify against SHA256SUMS", "Hash 3 files", "Check 2 checksum
// files"). It goes on drag leave and on drop; it never takes a click.
#pragma once

#include <QStringList>
#include <QWidget>

class QLabel;

namespace hashscope::ui {

// What dropping `paths` does, in the words the overlay shows. Decided from the names (and, for a
// few, whether they are folders), as the intake will: never reads a file.
QString dropSummary(const QStringList& paths);

class DropOverlay : public QWidget {
    Q_OBJECT

public:
    explicit DropOverlay(QWidget* parent);

    // Covers the parent and says what dropping `paths` does.
    void showFor(const QStringList& paths);
    [[nodiscard]] QString text() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QLabel* label_;
};

}  // namespace hashscope::ui
