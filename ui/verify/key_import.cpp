#include "verify/key_import.hpp"

#include <QFileInfo>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include "hashscope/verify/signature.hpp"
#include "verify/engine_values.hpp"

namespace hashscope::ui {

KeyImport::KeyImport(const QString& sumsPath, const QString& keyFile, QThreadPool& pool, QObject* parent)
    : QObject(parent) {
    KeyImport* self = this;  // the page keeps it until `finished`, and waits for the pool before it dies
    (void)QtConcurrent::run(&pool, [self, sumsPath, keyFile] {
        const auto imported = verify::import_openpgp_keys(toFsPath(keyFile));
        const QString message = QString::fromStdString(imported ? imported.value() : imported.error().message);
        const verify::SignatureCheck check = verify::check_sums_signature(toFsPath(sumsPath), {});
        const SignatureTone tone = signatureTone(check.verdicts);
        const QString text = signatureText(QFileInfo(sumsPath).fileName(), check);
        const bool offer = offersKeyImport(check.verdicts);
        const bool ok = imported.ok();
        QMetaObject::invokeMethod(
            self,
            [self, sumsPath, ok, message, tone, text, offer] {
                emit self->finished(sumsPath, ok, message, tone, text, offer);
            },
            Qt::QueuedConnection);
    });
}

}  // namespace hashscope::ui
