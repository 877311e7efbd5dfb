// ExpectedBox: "does my file have this digest?". Paste hex (any case, spaces, colons, 0x) or
// base64 (as S3's x-amz-checksum-* headers give it); the page compares it with every row and
// this box shows the answer: a large ✓ or ✗ with the row and algorithm, in words as well as in
// colour. When the window gains focus with a digest on the clipboard, it offers to use it.
#pragma once

#include <QString>
#include <QWidget>

#include "verify/digest_match.hpp"

class QLabel;
class QLineEdit;
class QPushButton;

namespace hashscope::ui {

class FileTableModel;

class ExpectedBox : public QWidget {
    Q_OBJECT

public:
    explicit ExpectedBox(QWidget* parent = nullptr);

    [[nodiscard]] QString text() const;
    void setText(const QString& text);
    [[nodiscard]] QLineEdit* edit() const { return edit_; }

    // Shows the outcome of comparing the text with the rows (names looked up in `model`).
    void showMatch(const BoxMatch& match, const FileTableModel& model);
    // The state shown, for tests and accessibility: "", "invalid", "matched", "mismatched", ...
    [[nodiscard]] QString state() const { return state_; }

    // Ctrl+V anywhere on the page: the clipboard's text replaces the box's.
    void pasteFromClipboard();
    // Offers the clipboard's text when it is a digest not already in the box.
    void checkClipboard();

signals:
    void textChanged(const QString& text);

protected:
    void changeEvent(QEvent* event) override;

private:
    void setVerdict(const QString& state, const QString& icon, const QString& text, bool large);

    QLineEdit* edit_;
    QPushButton* offer_;
    QLabel* icon_;
    QLabel* verdict_;
    QString offered_;  // the clipboard text on offer
    QString state_;
};

}  // namespace hashscope::ui
