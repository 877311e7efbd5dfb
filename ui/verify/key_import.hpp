// Importing the key that signed a checksum file, then checking its signature again: what the
// signature strip's "Import key from file…" starts. GnuPG runs on the page's pool, never on the
// GUI thread; the result comes back as one signal.
#pragma once

#include <QObject>
#include <QString>

#include "verify/signature_tone.hpp"

class QThreadPool;

namespace hashscope::ui {

class KeyImport : public QObject {
    Q_OBJECT

public:
    // Imports the keys of `keyFile` into the user's keyring, then checks `sumsPath`'s signature.
    KeyImport(const QString& sumsPath, const QString& keyFile, QThreadPool& pool, QObject* parent = nullptr);

signals:
    // `imported`: whether GnuPG took a key, and what it said (or why not); then the signature as
    // it is now, for the strip.
    void finished(const QString& sumsPath, bool imported, const QString& message, hashscope::ui::SignatureTone tone,
                  const QString& text, bool offerImport);
};

}  // namespace hashscope::ui
