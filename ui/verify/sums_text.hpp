// The rows as text: checksum files (GNU, BSD tag, SFV) to save or copy, a Markdown table, and a
// single row or digest for the clipboard. Only rows with the digest asked for are written.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVector>

#include "hashscope/verify/sums_file.hpp"
#include "verify/verify_row.hpp"

namespace hashscope::ui {

struct SumsText {
    QByteArray text;  // UTF-8, LF line ends
    int rows = 0;     // rows written
    int lines = 0;
};

// GNU and SFV write one algorithm, `algorithms.front()` (SFV: CRC-32 only); BSD writes a line
// per algorithm and row. Names are relative to `folder` when the file lies below it (as
// sha256sum -c resolves them from the checksum file's folder), absolute otherwise; with an empty
// `folder`, the names the rows show.
SumsText sumsText(const QVector<const VerifyRow*>& rows, verify::SumsFormat format, const QStringList& algorithms,
                  const QString& folder = {});

// | Name | Size | SHA-256 | ... | Status |
QString markdownTable(const QVector<const VerifyRow*>& rows, const QStringList& algorithms);
// name, size, digests and status separated by tabs: pastes into a spreadsheet as a row.
QString rowLine(const VerifyRow& row, const QStringList& algorithms);

// The folder below which every row's file lies ("" when they share none but "/").
QString commonFolder(const QVector<const VerifyRow*>& rows);

}  // namespace hashscope::ui
