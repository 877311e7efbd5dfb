// A signed checksum file dropped on the Verify page: the strip above the rows names the signer and
// the fingerprint in green; with a BAD signature it is red and every row of that file is marked
// untrusted, even the ones whose digest matches. The key and signatures are made here by GnuPG,
// in a GnuPG home of the test's own (short: gpg-agent's socket path has a small limit).
#include <QDir>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "verify/signature_strip.hpp"
#include "verify_test_support.hpp"

using namespace verifytest;
using hashscope::ui::SignatureTone;

class VerifySignatureTest : public QObject, private WindowFixture {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init() { openWindow(); }
    void cleanup() { closeWindow(); }

    void goodSignatureNamesTheSigner();
    void badSignatureMarksEveryRowUntrusted();
    void unsignedFileShowsNoStrip();
    void unknownKeyIsImportedFromAFile();

private:
    bool gpg(const QStringList& arguments);
    QString signedSums(const QByteArray& sums);

    std::unique_ptr<QTemporaryDir> home_;
    QString fingerprint_;
};

bool VerifySignatureTest::gpg(const QStringList& arguments) {
    QProcess process;
    process.start(QStringLiteral("gpg"),
                  QStringList{QStringLiteral("--batch"), QStringLiteral("--quiet"), QStringLiteral("--pinentry-mode"),
                              QStringLiteral("loopback"), QStringLiteral("--passphrase"), QString()} +
                      arguments);
    return process.waitForFinished(60000) && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

void VerifySignatureTest::initTestCase() {
    if (QStandardPaths::findExecutable(QStringLiteral("gpg")).isEmpty()) QSKIP("gpg is not installed");
    home_ = std::make_unique<QTemporaryDir>(QStringLiteral("/tmp/hs-gpg.XXXXXX"));
    QVERIFY(home_->isValid());
    qputenv("GNUPGHOME", QFile::encodeName(home_->path()));
    QVERIFY(gpg({QStringLiteral("--quick-gen-key"), QStringLiteral("Page Signer <page@example.org>"),
                 QStringLiteral("ed25519"), QStringLiteral("sign"), QStringLiteral("never")}));
    QProcess list;
    list.start(QStringLiteral("gpg"), {QStringLiteral("--batch"), QStringLiteral("--with-colons"),
                                       QStringLiteral("--list-keys"), QStringLiteral("page@example.org")});
    QVERIFY(list.waitForFinished(60000));
    for (const QByteArray& line : list.readAllStandardOutput().split('\n')) {
        if (line.startsWith("fpr:")) {
            fingerprint_ = QString::fromLatin1(line.split(':').value(9));
            break;
        }
    }
    QVERIFY(!fingerprint_.isEmpty());
}

void VerifySignatureTest::cleanupTestCase() {
    if (!home_) return;
    QProcess::execute(QStringLiteral("gpgconf"), {QStringLiteral("--kill"), QStringLiteral("all")});
    home_.reset();
}

// SHA256SUMS in the test folder, clear-signed; its path.
QString VerifySignatureTest::signedSums(const QByteArray& sums) {
    const QString plain = writeFile(*dir_, QStringLiteral("plain"), sums);
    QString path = dir_->filePath(QStringLiteral("SHA256SUMS"));
    if (!gpg({QStringLiteral("--clearsign"), QStringLiteral("-o"), path, plain})) return {};
    return path;
}

void VerifySignatureTest::goodSignatureNamesTheSigner() {
    QVERIFY(!writeFile(*dir_, QStringLiteral("a.txt"), "a\n").isNull());
    const QString sums = signedSums((sha256Hex("a\n") + QStringLiteral("  a.txt\n")).toUtf8());
    QVERIFY(!sums.isEmpty());
    QVERIFY(dropOn(window_.get(), {sums}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 1 && probe_->idle(), kTimeoutMs);
    const QString strip = page_->signatures()->text(sums);
    QVERIFY2(strip.contains(QStringLiteral("signature: good, by Page Signer <page@example.org>")) &&
                 strip.contains(fingerprint_),
             qPrintable(strip));
    QVERIFY(page_->signatures()->tone(sums) == SignatureTone::good);
    QVERIFY(page_->signatures()->isVisible());
    QCOMPARE(probe_->statusText(QStringLiteral("a.txt")), QStringLiteral("OK"));
}

void VerifySignatureTest::badSignatureMarksEveryRowUntrusted() {
    QVERIFY(!writeFile(*dir_, QStringLiteral("a.txt"), "a\n").isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("b.txt"), "b\n").isNull());
    const QString sums = signedSums(
        (sha256Hex("a\n") + QStringLiteral("  a.txt\n") + sha256Hex("x\n") + QStringLiteral("  b.txt\n")).toUtf8());
    QVERIFY(!sums.isEmpty());
    // The digest of b.txt changed in the signed text: the line now matches, the signature cannot.
    QFile file(sums);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray text = file.readAll();
    file.close();
    text.replace(sha256Hex("x\n").toLatin1(), sha256Hex("b\n").toLatin1());
    QVERIFY(!writeFile(*dir_, QStringLiteral("SHA256SUMS"), text).isNull());

    QVERIFY(dropOn(window_.get(), {sums}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 2 && probe_->idle(), kTimeoutMs);
    const QString strip = page_->signatures()->text(sums);
    QVERIFY2(strip.contains(QStringLiteral("SHA256SUMS: signature: BAD")), qPrintable(strip));
    QVERIFY(page_->signatures()->tone(sums) == SignatureTone::bad);
    for (const QString& name : {QStringLiteral("a.txt"), QStringLiteral("b.txt")}) {
        QCOMPARE(probe_->status(name), RowStatus::ok);
        QVERIFY2(probe_->statusText(name).contains(QStringLiteral("untrusted")), qPrintable(probe_->statusText(name)));
    }
}

void VerifySignatureTest::unsignedFileShowsNoStrip() {
    QVERIFY(!writeFile(*dir_, QStringLiteral("a.txt"), "a\n").isNull());
    const QString sums =
        writeFile(*dir_, QStringLiteral("SHA256SUMS"), (sha256Hex("a\n") + QStringLiteral("  a.txt\n")).toUtf8());
    QVERIFY(dropOn(window_.get(), {sums}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 1 && probe_->idle(), kTimeoutMs);
    QVERIFY(page_->signatures()->text(sums).isEmpty());
    QVERIFY(!page_->signatures()->isVisible());
    QCOMPARE(probe_->statusText(QStringLiteral("a.txt")), QStringLiteral("OK"));
}

// A keyring without the signer's key: the strip is amber and offers the import; importing the
// exported public key checks the signature again, without dropping the file again.
void VerifySignatureTest::unknownKeyIsImportedFromAFile() {
    QVERIFY(!writeFile(*dir_, QStringLiteral("a.txt"), "a\n").isNull());
    const QString sums = signedSums((sha256Hex("a\n") + QStringLiteral("  a.txt\n")).toUtf8());
    QVERIFY(!sums.isEmpty());
    const QString key = dir_->filePath(QStringLiteral("signer.asc"));
    QVERIFY(
        gpg({QStringLiteral("--armor"), QStringLiteral("--output"), key, QStringLiteral("--export"), fingerprint_}));

    QTemporaryDir empty(QStringLiteral("/tmp/hs-gpg.XXXXXX"));
    QVERIFY(empty.isValid());
    const QByteArray signerHome = qgetenv("GNUPGHOME");
    qputenv("GNUPGHOME", QFile::encodeName(empty.path()));
    QVERIFY(dropOn(window_.get(), {sums}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 1 && probe_->idle(), kTimeoutMs);
    QVERIFY2(page_->signatures()->text(sums).contains(QStringLiteral("unknown key ") + fingerprint_),
             qPrintable(page_->signatures()->text(sums)));
    QVERIFY(page_->signatures()->tone(sums) == SignatureTone::caution);
    auto* import = page_->signatures()->findChild<QPushButton*>(QStringLiteral("importKey-") + sums);
    QVERIFY(import != nullptr && import->isVisible());

    page_->importKey(sums, key);
    // A key taken from a file is known now, but nothing certifies it: amber, as gpg says it.
    QTRY_VERIFY_WITH_TIMEOUT(!import->isVisible(), kTimeoutMs);
    const QString strip = page_->signatures()->text(sums);
    QVERIFY2(strip.contains(QStringLiteral("signature: good, but the key is not certified (") + fingerprint_),
             qPrintable(strip));
    QVERIFY(page_->signatures()->tone(sums) == SignatureTone::caution);
    QVERIFY2(noticeText(QStringLiteral("key:") + sums).contains(fingerprint_),
             qPrintable(noticeText(QStringLiteral("key:") + sums)));

    QProcess::execute(QStringLiteral("gpgconf"), {QStringLiteral("--kill"), QStringLiteral("all")});
    qputenv("GNUPGHOME", signerHome);
}

QTEST_MAIN(VerifySignatureTest)
#include "verify_signature_test.moc"
