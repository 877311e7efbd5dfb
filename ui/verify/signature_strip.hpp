// SignatureStrip: above the rows, one line per signed checksum file the page checks: who signed
// it and the key's fingerprint, in green (good), amber (could not be vouched for: an unknown,
// uncertified or expired key, an unreadable signature) or red (BAD, revoked). The verdicts are
// core's (hashscope/verify/signature.hpp); only their colour and wording are decided here.
#pragma once

#include <QString>
#include <QVector>
#include <QWidget>

#include "verify/signature_tone.hpp"

class QLabel;
class QPushButton;
class QVBoxLayout;

namespace hashscope::ui {

class SignatureStrip : public QWidget {
    Q_OBJECT

public:
    explicit SignatureStrip(QWidget* parent = nullptr);

    // Shows or replaces the line of the checksum file `path` (named "signature-<path>"), with an
    // "Import key from file…" button (named "importKey-<path>") when `offerImport`.
    void setLine(const QString& path, SignatureTone tone, const QString& text, bool offerImport = false);
    void clear();
    // The text of `path`'s line, empty when not shown.
    [[nodiscard]] QString text(const QString& path) const;
    [[nodiscard]] SignatureTone tone(const QString& path) const;

signals:
    // The user asked to import the key that signed `path` from a file.
    void importKeyRequested(const QString& path);

private:
    struct Line {
        QString path;
        SignatureTone tone;
        QWidget* widget;  // the row: label and button
        QLabel* label;
        QPushButton* import;
    };
    QVBoxLayout* layout_;
    QVector<Line> lines_;
};

}  // namespace hashscope::ui
