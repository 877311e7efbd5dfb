#include "verify/row_presenter.hpp"

#include <QCoreApplication>

#include "common/file_names.hpp"
#include "common/format.hpp"
#include "verify/algorithm_names.hpp"

namespace hashscope::ui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("VerifyRow", text); }

bool reasonWorthShowing(const VerifyRow& row) {
    if (row.reason.isEmpty()) return false;
    // "MISSING (No such file or directory)" says the same thing twice; "cancelled (cancelled)" too.
    return row.status != RowStatus::missing && row.status != RowStatus::cancelled;
}

}  // namespace

QString statusText(const VerifyRow& row) {
    const QString word = statusWord(row.status);
    const QString text = reasonWorthShowing(row) ? QStringLiteral("%1 — %2").arg(word, row.reason) : word;
    // A match against a checksum file whose signature is BAD proves nothing.
    return row.untrusted ? QStringLiteral("%1 — %2").arg(text, tr("untrusted: the checksum file's signature is BAD"))
                         : text;
}

QString statusTooltip(const VerifyRow& row) {
    QStringList lines{statusText(row)};
    switch (row.status) {
        case RowStatus::ok:
            if (row.expected) {
                lines << tr("matches %1 (%2)").arg(row.expected->source, algorithmDisplay(row.matched));
            } else if (!row.matched.isEmpty()) {
                lines << tr("matches the expected digest (%1)").arg(algorithmDisplay(row.matched));
            }
            break;
        case RowStatus::failed:
            if (row.expected) {
                lines << tr("does not match %1 (tried %2)")
                             .arg(row.expected->source, algorithmList(row.expected->candidates));
            }
            break;
        case RowStatus::hashed:
            lines << tr("read to the end; no expected digest to compare with");
            break;
        case RowStatus::skipped:
            lines << tr("only regular files are read");
            break;
        case RowStatus::changed:
            lines << (row.audited ? tr("its digest is no longer the one the checksum file lists")
                                  : tr("its size or modification time changed while it was read: read it again"));
            break;
        case RowStatus::added:
            lines << tr("in the audited folder, but the checksum file does not list it");
            break;
        case RowStatus::moved:
            lines << tr("the checksum file lists it under its old name, which is gone");
            break;
        case RowStatus::refused:
            lines << tr("the name leads outside the checksum file's folder");
            break;
        default:
            break;
    }
    if (row.sidecar && !row.expected) lines << tr("%1 beside it lists this file").arg(row.sidecar->sumsFile);
    if (!row.note.isEmpty()) lines << row.note;
    return lines.join(QLatin1Char('\n'));
}

QString nameTooltip(const VerifyRow& row) {
    QString tip = shownName(row.path);
    if (row.expected) tip += QLatin1Char('\n') + tr("listed in %1").arg(row.expected->source);
    if (!row.note.isEmpty()) tip += QLatin1Char('\n') + row.note;
    return tip;
}

QString digestTooltip(const VerifyRow& row, const QString& algorithm) {
    QStringList lines;
    if (const RowDigest* d = row.digest(algorithm)) {
        lines << d->hex;
        if (!d->implementation.isEmpty()) lines << d->implementation;
    }
    if (row.expected && row.expected->candidates.contains(algorithm) && row.status == RowStatus::failed) {
        lines << tr("expected %1").arg(QString::fromLatin1(row.expected->bytes.toHex()));
        lines << tr("from %1").arg(row.expected->source);
    }
    return lines.join(QLatin1Char('\n'));
}

QString progressText(const VerifyRow& row) {
    if (row.reading) {
        if (row.total == 0) return QStringLiteral("…");
        return QStringLiteral("%1%").arg(static_cast<int>(row.done * 100 / row.total));
    }
    return wasRead(row.status) ? tr("done") : QString();
}

double speedValue(const VerifyRow& row) {
    if (row.elapsedNs <= 0 || row.done == 0) return 0;
    return static_cast<double>(row.done) * 1e9 / static_cast<double>(row.elapsedNs);
}

QString speedText(const VerifyRow& row) {
    if (!row.reading && !wasRead(row.status)) return {};
    return formatRate(row.done, row.elapsedNs);
}

}  // namespace hashscope::ui
