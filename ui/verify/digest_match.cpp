#include "verify/digest_match.hpp"

#include "verify/algorithm_names.hpp"

namespace hashscope::ui {

Judgement judge(const VerifyRow& row, const Expectation& expected) {
    Judgement j;
    const QString hex = QString::fromLatin1(expected.bytes.toHex());
    for (const QString& algorithm : expected.candidates) {
        const RowDigest* d = row.digest(algorithm);
        if (d == nullptr) {
            j.missing << algorithm;
        } else if (d->hex == hex) {
            j.kind = Judgement::Kind::matched;
            j.matched = algorithm;
            j.missing.clear();
            return j;
        }
    }
    j.kind = j.missing.isEmpty() ? Judgement::Kind::mismatched : Judgement::Kind::incomplete;
    return j;
}

std::vector<verify::ExpectedDigest> readingsOf(std::string_view text) {
    auto readings = verify::parse_expected_digest(text);
    const bool anyHex = std::any_of(readings.begin(), readings.end(),
                                    [](const auto& r) { return r.encoding == verify::DigestEncoding::hex; });
    if (anyHex) {
        std::erase_if(readings, [](const auto& r) { return r.encoding != verify::DigestEncoding::hex; });
    }
    return readings;
}

BoxMatch matchExpected(const QString& text, const QVector<VerifyRow>& rows) {
    BoxMatch m;
    const QByteArray utf8 = text.trimmed().toUtf8();
    if (utf8.isEmpty()) return m;
    const std::string_view view(utf8.constData(), static_cast<std::size_t>(utf8.size()));
    const auto readings = readingsOf(view);
    if (readings.empty()) {
        m.state = BoxMatch::State::invalid;
        m.explanation = QString::fromStdString(verify::explain_bad_digest(view));
        return m;
    }
    struct Wanted {
        QString algorithm;
        QString hex;
    };
    QVector<Wanted> wanted;
    for (const auto& reading : readings) {
        const QString hex = QString::fromLatin1(QByteArray(reinterpret_cast<const char*>(reading.bytes.data()),
                                                           static_cast<qsizetype>(reading.bytes.size()))
                                                    .toHex());
        for (const auto* algorithm : reading.candidates) {
            wanted.push_back({algorithmId(*algorithm), hex});
            if (!m.candidates.contains(wanted.back().algorithm)) m.candidates << wanted.back().algorithm;
        }
    }

    bool anyPending = false;
    for (const VerifyRow& row : rows) {
        if (!wasRead(row.status)) {
            anyPending = anyPending || !isFinal(row.status);
            continue;
        }
        ++m.rowsCompared;
        for (const Wanted& w : wanted) {
            const RowDigest* d = row.digest(w.algorithm);
            if (d == nullptr) {
                QStringList& list = m.toCompute[row.id];
                if (!list.contains(w.algorithm)) list << w.algorithm;
                continue;
            }
            if (!m.compared.contains(w.algorithm)) m.compared << w.algorithm;
            if (d->hex == w.hex) m.matches.push_back({row.id, w.algorithm});
        }
    }
    if (!m.matches.isEmpty()) {
        m.state = BoxMatch::State::matched;
        m.toCompute.clear();
    } else if (!m.toCompute.isEmpty()) {
        m.state = BoxMatch::State::computing;
    } else {
        m.state = unmatchedState(m, anyPending);
    }
    return m;
}

BoxMatch::State unmatchedState(const BoxMatch& m, bool anyPending) {
    if (anyPending) return BoxMatch::State::waiting;
    return m.rowsCompared == 0 ? BoxMatch::State::noFiles : BoxMatch::State::mismatched;
}

}  // namespace hashscope::ui
