// Comparing digests with what is expected, without the page: a row against its checksum-file line
// (matched by any candidate, incomplete while one is missing, mismatched once all differ), the
// readings of pasted text (hex preferred over the base64 reading of the same characters), and the
// expected-digest box's verdict over every row, through each of its states. No widgets: a
// QCoreApplication is enough.
#include <QtTest>
#include <string>

#include "hashscope/verify/expected_digest.hpp"
#include "verify/digest_match.hpp"

using namespace hashscope;
using namespace hashscope::ui;

namespace {

const QString kCrc32 = QStringLiteral("crc32");
const QString kCrc32c = QStringLiteral("crc32c");
const QString kAdler32 = QStringLiteral("adler32");
const QString kXxh32 = QStringLiteral("xxh32");
// Every algorithm with a 4-byte digest, in the table's order.
const QStringList kFourByteAlgorithms{kCrc32, kCrc32c, kAdler32, kXxh32};

VerifyRow rowWith(RowId id, RowStatus status, const QVector<RowDigest>& digests = {}) {
    VerifyRow row;
    row.id = id;
    row.name = QStringLiteral("file%1.bin").arg(id);
    row.status = status;
    row.digests = digests;
    return row;
}

RowDigest digestOf(const QString& algorithm, const QString& hex) { return {algorithm, hex, QStringLiteral("test")}; }

Expectation expecting(const char* hex, const QStringList& candidates) {
    return {QByteArray::fromHex(hex), candidates, QStringLiteral("SUMS, line 1")};
}

// A Judgement in one comparable line: "matched crc32", "incomplete: crc32c,crc32", "mismatched".
QString verdict(const Judgement& j) {
    switch (j.kind) {
        case Judgement::Kind::matched:
            return j.missing.isEmpty() ? QStringLiteral("matched ") + j.matched
                                       : QStringLiteral("matched, yet missing");
        case Judgement::Kind::incomplete:
            return j.matched.isEmpty() ? QStringLiteral("incomplete: ") + j.missing.join(QLatin1Char(','))
                                       : QStringLiteral("incomplete, yet matched");
        case Judgement::Kind::mismatched:
            return j.matched.isEmpty() && j.missing.isEmpty() ? QStringLiteral("mismatched")
                                                              : QStringLiteral("mismatched, yet more");
    }
    return {};
}

// A row read with these digests, against a checksum-file line of deadbeef by CRC-32C or CRC-32.
QString judged(const QVector<RowDigest>& digests) {
    return verdict(judge(rowWith(1, RowStatus::hashed, digests), expecting("deadbeef", {kCrc32c, kCrc32})));
}

std::string utf8(const QString& text) { return text.toStdString(); }

// 32 bytes that read as a SHA-256, and the same written in base64 (no hex reading possible).
QByteArray sha256Bytes() {
    QByteArray bytes;
    for (int i = 0; i < 32; ++i) bytes.append(static_cast<char>(0xa0 + i));
    return bytes;
}

}  // namespace

class DigestMatchTest : public QObject {
    Q_OBJECT

private slots:
    void judgeAwaitsEveryCandidateUntilOneMatches();
    void judgeTakesTheFirstCandidateThatMatches();
    void readingsPreferHexOverBase64();
    void emptyAndInvalidText();
    void boxVerdictFollowsTheRows();
    void aMatchAnywhereSettlesIt();
    void rowsNotReadAreNotCompared();
    void base64AndSeparatedHexMatchLowercaseDigests();
};

void DigestMatchTest::judgeAwaitsEveryCandidateUntilOneMatches() {
    const QString zeros = QStringLiteral("00000000");
    const QString expected = QStringLiteral("deadbeef");
    QCOMPARE(judged({}), QStringLiteral("incomplete: crc32c,crc32"));
    // One candidate computed and different: only the other is still awaited.
    QCOMPARE(judged({digestOf(kCrc32c, zeros)}), QStringLiteral("incomplete: crc32"));
    QCOMPARE(judged({digestOf(kCrc32c, zeros), digestOf(kCrc32, expected)}), QStringLiteral("matched crc32"));
    QCOMPARE(judged({digestOf(kCrc32c, zeros), digestOf(kCrc32, QStringLiteral("deadbeee"))}),
             QStringLiteral("mismatched"));
    // Digests of other algorithms are no candidates.
    QCOMPARE(judged({digestOf(kAdler32, expected)}), QStringLiteral("incomplete: crc32c,crc32"));
}

void DigestMatchTest::judgeTakesTheFirstCandidateThatMatches() {
    const QString expected = QStringLiteral("deadbeef");
    // A match settles it even with an earlier candidate not computed: nothing is missing then.
    QCOMPARE(judged({digestOf(kCrc32, expected)}), QStringLiteral("matched crc32"));
    // Both equal: the likelier (first) candidate is named, whatever order they were computed in.
    QCOMPARE(judged({digestOf(kCrc32, expected), digestOf(kCrc32c, expected)}), QStringLiteral("matched crc32c"));
}

void DigestMatchTest::readingsPreferHexOverBase64() {
    // 64 hex digits are also base64 of 48 bytes (a SHA-384): only the hex reading is kept.
    const std::string hex64(64, 'a');
    QVERIFY(verify::parse_expected_digest(hex64).size() > 1);
    const auto readings = readingsOf(hex64);
    QCOMPARE(readings.size(), std::size_t{1});
    QCOMPARE(readings.front().encoding, verify::DigestEncoding::hex);
    QCOMPARE(readings.front().bytes.size(), std::size_t{32});

    // Text that is only base64 keeps its base64 readings.
    const auto base64 = readingsOf(sha256Bytes().toBase64().toStdString());
    QVERIFY(!base64.empty());
    for (const auto& r : base64) {
        QCOMPARE(r.encoding, verify::DigestEncoding::base64);
        QCOMPARE(r.bytes.size(), std::size_t{32});
    }

    QVERIFY(readingsOf("").empty());
    QVERIFY(readingsOf("not a digest").empty());
    QVERIFY(readingsOf("abc").empty());
}

void DigestMatchTest::emptyAndInvalidText() {
    const QVector<VerifyRow> rows{rowWith(1, RowStatus::hashed, {digestOf(kCrc32, QStringLiteral("deadbeef"))})};
    for (const QString& blank : {QString(), QStringLiteral("   \n\t")}) {
        const BoxMatch m = matchExpected(blank, rows);
        QCOMPARE(m.state, BoxMatch::State::empty);
        QVERIFY(m.explanation.isEmpty());
        QVERIFY(m.candidates.isEmpty());
    }
    for (const QString& bad : {QStringLiteral("abc"), QStringLiteral("deadbeefde"), QStringLiteral("not a digest!")}) {
        const BoxMatch m = matchExpected(bad, rows);
        QCOMPARE(m.state, BoxMatch::State::invalid);
        // Core's wording, so the box and the CLI explain alike.
        QCOMPARE(m.explanation, QString::fromStdString(verify::explain_bad_digest(utf8(bad))));
        QVERIFY(!m.explanation.isEmpty());
        QVERIFY(m.matches.isEmpty());
    }
}

void DigestMatchTest::boxVerdictFollowsTheRows() {
    const QString text = QStringLiteral("deadbeef");
    // No rows yet.
    BoxMatch m = matchExpected(text, {});
    QCOMPARE(m.state, BoxMatch::State::noFiles);
    QCOMPARE(m.candidates, kFourByteAlgorithms);
    QCOMPARE(m.rowsCompared, 0);

    // Rows waiting or being read.
    QVector<VerifyRow> rows{rowWith(1, RowStatus::queued), rowWith(2, RowStatus::hashing)};
    m = matchExpected(text, rows);
    QCOMPARE(m.state, BoxMatch::State::waiting);
    QCOMPARE(m.rowsCompared, 0);

    // A row read with none of the candidates: they are to be computed (before any verdict).
    rows << rowWith(3, RowStatus::hashed, {digestOf(QStringLiteral("sha256"), QString(64, QLatin1Char('0')))});
    m = matchExpected(text, rows);
    QCOMPARE(m.state, BoxMatch::State::computing);
    QCOMPARE(m.rowsCompared, 1);
    QCOMPARE(m.toCompute.size(), 1);
    QCOMPARE(m.toCompute.value(3), kFourByteAlgorithms);
    QVERIFY(m.compared.isEmpty());

    // Some computed and different: only the rest remain.
    rows[2].setDigest(digestOf(kCrc32, QStringLiteral("00000000")));
    rows[2].setDigest(digestOf(kXxh32, QStringLiteral("11111111")));
    m = matchExpected(text, rows);
    QCOMPARE(m.state, BoxMatch::State::computing);
    QCOMPARE(m.toCompute.value(3), (QStringList{kCrc32c, kAdler32}));
    QCOMPARE(m.compared, (QStringList{kCrc32, kXxh32}));

    // All computed, but other rows are still waiting: their digests may yet match.
    rows[2].setDigest(digestOf(kCrc32c, QStringLiteral("22222222")));
    rows[2].setDigest(digestOf(kAdler32, QStringLiteral("33333333")));
    m = matchExpected(text, rows);
    QCOMPARE(m.state, BoxMatch::State::waiting);
    QVERIFY(m.toCompute.isEmpty());

    // Every row read, every candidate compared, none equal.
    rows[0].status = RowStatus::cancelled;
    rows[1].status = RowStatus::unreadable;
    m = matchExpected(text, rows);
    QCOMPARE(m.state, BoxMatch::State::mismatched);
    QCOMPARE(m.rowsCompared, 1);
    QCOMPARE(m.compared, kFourByteAlgorithms);
    QVERIFY(m.matches.isEmpty());
}

void DigestMatchTest::aMatchAnywhereSettlesIt() {
    const QVector<VerifyRow> rows{
        rowWith(1, RowStatus::queued),
        rowWith(2, RowStatus::hashed),  // lacks every candidate
        rowWith(3, RowStatus::ok, {digestOf(kCrc32c, QStringLiteral("deadbeef"))}),
        rowWith(4, RowStatus::failed,
                {digestOf(kCrc32c, QStringLiteral("00000000")), digestOf(kAdler32, QStringLiteral("deadbeef"))}),
    };
    const BoxMatch m = matchExpected(QStringLiteral("deadbeef"), rows);
    QCOMPARE(m.state, BoxMatch::State::matched);
    QCOMPARE(m.matches.size(), 2);
    QCOMPARE(m.matches[0], (QPair<RowId, QString>{3, kCrc32c}));
    QCOMPARE(m.matches[1], (QPair<RowId, QString>{4, kAdler32}));
    QVERIFY(m.toCompute.isEmpty());  // nothing more to compute once it matched
    QCOMPARE(m.rowsCompared, 3);
}

void DigestMatchTest::rowsNotReadAreNotCompared() {
    // Rows that ended unread carry no digests worth comparing, and nothing more will come of them.
    const QVector<VerifyRow> rows{rowWith(1, RowStatus::missing), rowWith(2, RowStatus::unreadable),
                                  rowWith(3, RowStatus::skipped), rowWith(4, RowStatus::changed),
                                  rowWith(5, RowStatus::cancelled, {digestOf(kCrc32, QStringLiteral("deadbeef"))})};
    const BoxMatch m = matchExpected(QStringLiteral("deadbeef"), rows);
    QCOMPARE(m.state, BoxMatch::State::noFiles);
    QCOMPARE(m.rowsCompared, 0);
    QVERIFY(m.matches.isEmpty());
    QVERIFY(m.toCompute.isEmpty());
}

void DigestMatchTest::base64AndSeparatedHexMatchLowercaseDigests() {
    const QByteArray bytes = sha256Bytes();
    const QString hex = QString::fromLatin1(bytes.toHex());
    const QVector<VerifyRow> rows{rowWith(7, RowStatus::hashed, {digestOf(QStringLiteral("sha256"), hex)})};

    // Uppercase, "0x" and separators as people paste them.
    QString separated = QStringLiteral("0x") + QString::fromLatin1(bytes.toHex(':').toUpper());
    BoxMatch m = matchExpected(separated, rows);
    QCOMPARE(m.state, BoxMatch::State::matched);
    QCOMPARE(m.matches, (QVector<QPair<RowId, QString>>{{7, QStringLiteral("sha256")}}));

    m = matchExpected(QString::fromLatin1(bytes.toBase64()), rows);
    QCOMPARE(m.state, BoxMatch::State::matched);
    QCOMPARE(m.matches, (QVector<QPair<RowId, QString>>{{7, QStringLiteral("sha256")}}));
    QVERIFY(m.candidates.contains(QStringLiteral("blake3")));
    QVERIFY(!m.candidates.contains(QStringLiteral("sha384")));

    // 64 hex digits mean a 32-byte digest, never the 48 bytes the same text gives as base64: a
    // SHA-384 equal to that base64 reading is no match, and the 32-byte candidates are computed.
    const QString hex64 = QString(64, QLatin1Char('a'));
    const QByteArray asBase64 = QByteArray::fromBase64(hex64.toLatin1());
    QCOMPARE(asBase64.size(), 48);
    const QVector<VerifyRow> sha384Row{
        rowWith(8, RowStatus::hashed, {digestOf(QStringLiteral("sha384"), QString::fromLatin1(asBase64.toHex()))})};
    m = matchExpected(hex64, sha384Row);
    QCOMPARE(m.state, BoxMatch::State::computing);
    QVERIFY(!m.candidates.contains(QStringLiteral("sha384")));
    QVERIFY(m.toCompute.value(8).contains(QStringLiteral("sha256")));
}

QTEST_GUILESS_MAIN(DigestMatchTest)
#include "digest_match_test.moc"
