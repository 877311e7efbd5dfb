#include "verify/signature_tone.hpp"

#include <QStringList>
#include <algorithm>

namespace hashscope::ui {

SignatureTone signatureTone(const std::vector<verify::SignatureVerdict>& verdicts) {
    using verify::SignatureKind;
    const auto any = [&](SignatureKind kind) {
        return std::any_of(verdicts.begin(), verdicts.end(), [&](const auto& v) { return v.kind == kind; });
    };
    if (any(SignatureKind::bad) || any(SignatureKind::revoked)) return SignatureTone::bad;
    if (verify::signatures_pass(verdicts) && any(SignatureKind::good)) return SignatureTone::good;
    return SignatureTone::caution;
}

QString signatureText(const QString& sumsName, const verify::SignatureCheck& check) {
    QStringList lines;
    for (const auto& v : check.verdicts) {
        lines << sumsName + QStringLiteral(": signature: ") + QString::fromStdString(verify::signature_verdict_text(v));
    }
    for (const auto& note : check.notes) lines << sumsName + QStringLiteral(": ") + QString::fromStdString(note);
    return lines.join(QLatin1Char('\n'));
}

bool offersKeyImport(const std::vector<verify::SignatureVerdict>& verdicts) {
    return std::any_of(verdicts.begin(), verdicts.end(), [](const auto& v) {
        return v.kind == verify::SignatureKind::unknown_key && v.scheme == "OpenPGP";
    });
}

}  // namespace hashscope::ui
