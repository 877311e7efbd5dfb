// Object stores' values on the Verify page: S3's composite "BASE64-N" and the multipart ETag
// "HEX-N" in the expected-digest box find the file, its algorithm and its part size; a JSON of an
// object's metadata dropped beside the file fills the box; "Copy as S3 value" puts what S3 would
// show on the clipboard. The expected values are made here with QCryptographicHash, parts and all.
#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QMenu>
#include <QTableView>
#include <QtTest>

#include "verify/expected_box.hpp"
#include "verify/row_actions.hpp"
#include "verify/s3_value_menu.hpp"
#include "verify_test_support.hpp"

using namespace verifytest;

namespace {

constexpr qint64 kMiB = 1 << 20;

QByteArray content() {
    QByteArray bytes(10 * kMiB + 5, '\0');
    quint32 x = 12345;
    for (char& c : bytes) {
        x = x * 1103515245U + 12345U;
        c = static_cast<char>(x >> 24);
    }
    return bytes;
}

// S3's composite: the checksum of the parts' binary checksums, "-N" for N parts.
QByteArray composite(const QByteArray& data, qint64 part, QCryptographicHash::Algorithm algorithm) {
    QByteArray joined;
    qint64 parts = 0;
    for (qint64 at = 0; at < data.size(); at += part, ++parts) {
        joined += QCryptographicHash::hash(data.mid(at, part), algorithm);
    }
    return QCryptographicHash::hash(joined, algorithm) + "-" + QByteArray::number(parts);
}

QString base64Value(const QByteArray& data, qint64 part) {
    const QByteArray c = composite(data, part, QCryptographicHash::Sha256);
    const auto dash = c.lastIndexOf('-');
    return QString::fromLatin1(c.left(dash).toBase64() + c.mid(dash));
}

QString etagValue(const QByteArray& data, qint64 part) {
    const QByteArray c = composite(data, part, QCryptographicHash::Md5);
    const auto dash = c.lastIndexOf('-');
    return QString::fromLatin1(c.left(dash).toHex() + c.mid(dash));
}

}  // namespace

class VerifyObjectValueTest : public QObject, private WindowFixture {
    Q_OBJECT

private slots:
    void init() { openWindow(); }
    void cleanup() { closeWindow(); }

    void compositeValueFindsItsPartSize();
    void quotedETagMatches();
    void changedValueSaysWhatWasTried();
    void droppedMetadataFillsTheBox();
    void listedPartsNameTheOneThatDiffers();
    void copyAsS3Value();

private:
    void dropObject() {
        QVERIFY(dropOn(window_.get(), {writeFile(*dir_, QStringLiteral("object.bin"), data_)}));
        QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("object.bin")), RowStatus::hashed, kTimeoutMs);
    }
    // With HASHSCOPE_SCREENSHOTS=DIR (scripts/verify-screenshots), the state is saved to look at.
    void shoot(const QString& name) {
        const QString out = qEnvironmentVariable("HASHSCOPE_SCREENSHOTS");
        if (!out.isEmpty()) QVERIFY(window_->grab().save(out + QStringLiteral("/verify-s3-") + name + ".png"));
    }
    [[nodiscard]] hashscope::ui::ExpectedBox* box() const { return page_->expectedBox(); }
    [[nodiscard]] QString verdict() const {
        return window_->findChild<QLabel*>(QStringLiteral("expectedVerdict"))->text();
    }

    QByteArray data_ = content();
};

void VerifyObjectValueTest::compositeValueFindsItsPartSize() {
    dropObject();
    box()->setText(base64Value(data_, 5 * kMiB));
    QTRY_COMPARE_WITH_TIMEOUT(box()->state(), QStringLiteral("matched"), kTimeoutMs);
    QCOMPARE(verdict(), QStringLiteral("Match: object.bin · S3 composite SHA-256, 5 MiB parts"));
    QCOMPARE(page_->table()->selectionModel()->selectedRows().size(), 1);
    shoot(QStringLiteral("composite-matched"));
}

void VerifyObjectValueTest::quotedETagMatches() {
    dropObject();
    box()->setText(QLatin1Char('"') + etagValue(data_, 8 * kMiB) + QLatin1Char('"'));
    QTRY_COMPARE_WITH_TIMEOUT(box()->state(), QStringLiteral("matched"), kTimeoutMs);
    QCOMPARE(verdict(), QStringLiteral("Match: object.bin · S3 multipart ETag (MD5), 8 MiB parts"));
}

void VerifyObjectValueTest::changedValueSaysWhatWasTried() {
    dropObject();
    QString value = base64Value(data_, 8 * kMiB);
    value[0] = value[0] == QLatin1Char('A') ? QLatin1Char('B') : QLatin1Char('A');
    box()->setText(value);
    QTRY_COMPARE_WITH_TIMEOUT(box()->state(), QStringLiteral("mismatched"), kTimeoutMs);
    QVERIFY2(verdict().startsWith(QStringLiteral("No match: object.bin")), qPrintable(verdict()));
    const QString tried = window_->findChild<QLabel*>(QStringLiteral("expectedVerdict"))->toolTip();
    QVERIFY2(tried.contains(QStringLiteral("S3 composite SHA-256, 8 MiB parts")), qPrintable(tried));
}

void VerifyObjectValueTest::droppedMetadataFillsTheBox() {
    const QString etag = etagValue(data_, 8 * kMiB);
    const QByteArray json = "{\"ObjectSize\": " + QByteArray::number(data_.size()) + ", \"ETag\": \"" +
                            etag.toLatin1() + "\", \"ObjectParts\": {\"TotalPartsCount\": 2}}";
    const QString meta = writeFile(*dir_, QStringLiteral("attributes.json"), json);
    QVERIFY(dropOn(window_.get(), {meta, writeFile(*dir_, QStringLiteral("object.bin"), data_)}));
    QTRY_COMPARE_WITH_TIMEOUT(box()->text(), etag, kTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(box()->state(), QStringLiteral("matched"), kTimeoutMs);
    QCOMPARE(probe_->rowOf(QStringLiteral("attributes.json")), -1);  // metadata, not a file to hash
    QVERIFY2(noticeText(QStringLiteral("metadata")).contains(QStringLiteral("S3 get-object-attributes")),
             qPrintable(noticeText(QStringLiteral("metadata"))));
    shoot(QStringLiteral("metadata"));
    // Any other JSON file is a file like the rest.
    QVERIFY(dropOn(window_.get(), {writeFile(*dir_, QStringLiteral("other.json"), "{\"a\": 1}")}));
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("other.json")), RowStatus::hashed, kTimeoutMs);
}

void VerifyObjectValueTest::listedPartsNameTheOneThatDiffers() {
    // get-object-attributes of the object as uploaded, in 8 MiB parts with their SHA-256s.
    const QByteArray value = base64Value(data_, 8 * kMiB).toLatin1();
    const QByteArray first = QCryptographicHash::hash(data_.left(8 * kMiB), QCryptographicHash::Sha256).toBase64();
    const QByteArray second = QCryptographicHash::hash(data_.mid(8 * kMiB), QCryptographicHash::Sha256).toBase64();
    const QByteArray json = "{\"ObjectSize\": " + QByteArray::number(data_.size()) +
                            ", \"Checksum\": {\"ChecksumSHA256\": \"" + value +
                            "\", \"ChecksumType\": \"COMPOSITE\"}, \"ObjectParts\": {\"TotalPartsCount\": 2, "
                            "\"Parts\": [{\"PartNumber\": 1, \"Size\": " +
                            QByteArray::number(8 * kMiB) + ", \"ChecksumSHA256\": \"" + first +
                            "\"}, {\"PartNumber\": 2, \"Size\": " + QByteArray::number(data_.size() - 8 * kMiB) +
                            ", \"ChecksumSHA256\": \"" + second + "\"}]}}";
    QByteArray changed = data_;
    changed[9 * kMiB] = static_cast<char>(changed[9 * kMiB] ^ 1);
    QVERIFY(dropOn(window_.get(), {writeFile(*dir_, QStringLiteral("attributes.json"), json),
                                   writeFile(*dir_, QStringLiteral("object.bin"), changed)}));
    QTRY_COMPARE_WITH_TIMEOUT(box()->state(), QStringLiteral("mismatched"), kTimeoutMs);
    QCOMPARE(verdict(), QStringLiteral("No match: object.bin · part 2 of 2, bytes 8388608–10485764, differs"));
    shoot(QStringLiteral("part-differs"));
}

void VerifyObjectValueTest::copyAsS3Value() {
    dropObject();
    page_->table()->selectRow(0);
    QGuiApplication::clipboard()->clear();
    auto* action = page_->rowActions()->s3Menu()->findChild<QAction*>(QStringLiteral("copyS3_sha256"));
    QVERIFY(action);
    QVERIFY(page_->rowActions()->s3Menu()->isEnabled());
    action->trigger();
    // Above 8 MiB the AWS CLI uploads in 8 MiB parts: two of them here.
    QTRY_COMPARE_WITH_TIMEOUT(QGuiApplication::clipboard()->text(), base64Value(data_, 8 * kMiB), kTimeoutMs);
    QVERIFY(noticeText(QStringLiteral("s3Copied")).contains(QStringLiteral("SHA-256")));
}

QTEST_MAIN(VerifyObjectValueTest)
#include "verify_object_value_test.moc"
