// SumsSaver: "Save sums…": a checksum file of the rows shown, as GNU (one algorithm), BSD tag
// (every algorithm) or SFV (CRC-32), with names relative to the file's folder so that
// `sha256sum -c` run there finds them. Written on the page's pool, atomically: a cancel, a crash
// or a full disk leaves the old file or none, never half of one.
#pragma once

#include <QObject>
#include <QStringList>

#include "hashscope/verify/sums_file.hpp"

class QWidget;

namespace hashscope::ui {

class FileTableModel;
class RowActions;
class VerifyController;

class SumsSaver : public QObject {
    Q_OBJECT

public:
    SumsSaver(RowActions* rows, FileTableModel* model, VerifyController* controller, QWidget* dialogParent);

    // Writes the shown rows' digests to `path`; false (nothing started) when no row has them.
    // The controller reports saved() or saveFailed().
    bool save(const QString& path, verify::SumsFormat format, const QStringList& algorithms);
    // Asks where and in which format (window-modal, without a nested event loop), then saves.
    void saveWithDialog();

    // "SHA256SUMS" for sha256: the name sha256sum users know.
    static QString suggestedName(verify::SumsFormat format, const QString& algorithm);

private:
    RowActions* rows_;
    FileTableModel* model_;
    VerifyController* controller_;
    QWidget* dialogParent_;
};

}  // namespace hashscope::ui
