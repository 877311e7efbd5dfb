// The expected-digest box and the algorithm picker: a pasted digest is found whatever its dress
// (case, spaces, colons, 0x, base64 as S3 shows it), candidates not yet computed are computed,
// the verdict is a large ✓ or ✗ in words too, the clipboard is offered when it holds a digest,
// Ctrl+V pastes into the box from anywhere on the page, and the picked algorithms are remembered.
#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

#include "verify/algorithm_picker.hpp"
#include "verify/expected_box.hpp"
#include "verify_test_support.hpp"

using namespace verifytest;
using hashscope::ui::AlgorithmPicker;
using hashscope::ui::ExpectedBox;

namespace {

const QByteArray kHello("hello\n");

// "5891B5B5 22D5DF08 ...": the digest as some download pages print it.
QString grouped(const QString& hex, int size, const QString& separator) {
    QStringList groups;
    for (int i = 0; i < hex.size(); i += size) groups << hex.mid(i, size);
    return groups.join(separator);
}

}  // namespace

class VerifyExpectedTest : public QObject, private WindowFixture {
    Q_OBJECT

private slots:
    void initTestCase();
    void init() { openWindow(); }
    void cleanup();

    void hexInAnyDressMatches();
    void base64AsS3ShowsIt();
    void candidatesAreComputedWhenNotSelected();
    void mismatchIsUnmistakable();
    void textThatIsNoDigest();
    void digestBeforeAnyFile();
    void clipboardDigestIsOffered();
    void ctrlVPastesIntoTheBox();
    void pickerAddsColumnsAndIsRemembered();

private:
    void dropHello();
    [[nodiscard]] ExpectedBox* box() const { return page_->expectedBox(); }
    [[nodiscard]] QString verdict() const {
        return window_->findChild<QLabel*>(QStringLiteral("expectedVerdict"))->text();
    }

    QTemporaryDir settingsDir_;
};

void VerifyExpectedTest::initTestCase() {
    // Settings, if any test turns remembering on, go to a scratch folder, never the user's.
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir_.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
}

void VerifyExpectedTest::cleanup() {
    closeWindow();
    QCoreApplication::setOrganizationName({});
}

void VerifyExpectedTest::dropHello() {
    QVERIFY(dropOn(window_.get(), {writeFile(*dir_, QStringLiteral("hello.txt"), kHello)}));
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("hello.txt")), RowStatus::hashed, kTimeoutMs);
}

void VerifyExpectedTest::hexInAnyDressMatches() {
    dropHello();
    const QString hex = sha256Hex(kHello);
    for (const QString& dressed :
         {hex, hex.toUpper(), grouped(hex.toUpper(), 8, QStringLiteral(" ")), grouped(hex, 2, QStringLiteral(":")),
          QStringLiteral("0x") + hex, QStringLiteral("  \t") + hex + QStringLiteral("\n")}) {
        box()->setText(dressed);
        QTRY_COMPARE_WITH_TIMEOUT(box()->state(), QStringLiteral("matched"), kTimeoutMs);
        QCOMPARE(verdict(), QStringLiteral("Match: hello.txt · SHA-256"));
        box()->setText({});
        QCOMPARE(box()->state(), QString());
    }
    // The matching cell carries a ✓ too, and the row is selected.
    box()->setText(hex);
    const int column = page_->model()->algorithmColumn(QStringLiteral("sha256"));
    QVERIFY(!page_->model()->index(0, column).data(Qt::DecorationRole).value<QIcon>().isNull());
    QCOMPARE(page_->table()->selectionModel()->selectedRows().size(), 1);
    QVERIFY(window_->findChild<QLabel*>(QStringLiteral("expectedIcon"))->isVisible());
}

void VerifyExpectedTest::base64AsS3ShowsIt() {
    dropHello();
    // x-amz-checksum-crc32c: the CRC's four big-endian bytes in base64.
    const QString crc = QString::fromLatin1(QByteArray::fromHex(crc32cHex(kHello).toLatin1()).toBase64());
    QCOMPARE(crc.size(), 8);
    box()->setText(crc);
    QTRY_COMPARE_WITH_TIMEOUT(box()->state(), QStringLiteral("matched"), kTimeoutMs);
    QCOMPARE(verdict(), QStringLiteral("Match: hello.txt · CRC-32C"));
    // x-amz-checksum-sha256.
    box()->setText(QString::fromLatin1(QCryptographicHash::hash(kHello, QCryptographicHash::Sha256).toBase64()));
    QTRY_COMPARE_WITH_TIMEOUT(box()->state(), QStringLiteral("matched"), kTimeoutMs);
    QCOMPARE(verdict(), QStringLiteral("Match: hello.txt · SHA-256"));
}

void VerifyExpectedTest::candidatesAreComputedWhenNotSelected() {
    dropHello();
    QCOMPARE(page_->model()->algorithmColumn(QStringLiteral("md5")), -1);
    // 16 bytes: MD5 or XXH128, neither of them picked; both are computed from one more read.
    box()->setText(hexOf(kHello, QCryptographicHash::Md5));
    QTRY_COMPARE_WITH_TIMEOUT(box()->state(), QStringLiteral("matched"), kTimeoutMs);
    QCOMPARE(verdict(), QStringLiteral("Match: hello.txt · MD5"));
    QVERIFY(page_->model()->algorithmColumn(QStringLiteral("md5")) >= 0);  // shown where it matched
    QCOMPARE(probe_->digest(QStringLiteral("hello.txt"), QStringLiteral("md5")),
             hexOf(kHello, QCryptographicHash::Md5));

    box()->setText(hexOf(kHello, QCryptographicHash::Sha1));
    QTRY_COMPARE_WITH_TIMEOUT(box()->state(), QStringLiteral("matched"), kTimeoutMs);
    QCOMPARE(verdict(), QStringLiteral("Match: hello.txt · SHA-1"));
}

void VerifyExpectedTest::mismatchIsUnmistakable() {
    dropHello();
    box()->setText(sha256Hex("not hello\n"));
    // SHA-256 differs; BLAKE3, SHA3-256, BLAKE2s and SHA-512/256 have 32 bytes too, so they are
    // computed before the verdict.
    QTRY_COMPARE_WITH_TIMEOUT(box()->state(), QStringLiteral("mismatched"), kTimeoutMs);
    QCOMPARE(verdict(), QStringLiteral("No match: hello.txt · 5 algorithms"));
    QVERIFY(
        window_->findChild<QLabel*>(QStringLiteral("expectedVerdict"))->toolTip().contains(QStringLiteral("BLAKE3")));
    QVERIFY(!probe_->digest(QStringLiteral("hello.txt"), QStringLiteral("sha256")).isEmpty());
    // Nothing selected in the table for a mismatch, and no ✓ anywhere.
    const int column = page_->model()->algorithmColumn(QStringLiteral("sha256"));
    QVERIFY(page_->model()->index(0, column).data(Qt::DecorationRole).isNull());
}

void VerifyExpectedTest::textThatIsNoDigest() {
    box()->setText(QStringLiteral("hello"));
    QCOMPARE(box()->state(), QStringLiteral("invalid"));
    QVERIFY2(verdict().startsWith(QStringLiteral("Not a digest: ")), qPrintable(verdict()));
    box()->setText(QStringLiteral("abcdef012345"));  // hex, but 6 bytes is no known length
    QCOMPARE(box()->state(), QStringLiteral("invalid"));
}

void VerifyExpectedTest::digestBeforeAnyFile() {
    box()->setText(sha256Hex(kHello));
    QCOMPARE(box()->state(), QStringLiteral("noFiles"));
    QVERIFY2(verdict().contains(QStringLiteral("SHA-256")), qPrintable(verdict()));
    dropHello();  // the verdict follows the rows without another keystroke
    QTRY_COMPARE_WITH_TIMEOUT(box()->state(), QStringLiteral("matched"), kTimeoutMs);
}

void VerifyExpectedTest::clipboardDigestIsOffered() {
    auto* offer = window_->findChild<QPushButton*>(QStringLiteral("clipboardOffer"));
    QVERIFY(offer && !offer->isVisible());
    QGuiApplication::clipboard()->setText(QStringLiteral("just some words"));
    box()->checkClipboard();
    QVERIFY(!offer->isVisible());

    const QString digest = sha256Hex(kHello).toUpper();
    QGuiApplication::clipboard()->setText(digest);
    box()->checkClipboard();  // what the window's activation calls
    QVERIFY(offer->isVisible());
    QVERIFY2(offer->text().contains(digest.left(16)), qPrintable(offer->text()));
    QTest::mouseClick(offer, Qt::LeftButton);
    QCOMPARE(box()->text(), digest);
    QVERIFY(!offer->isVisible());
    box()->checkClipboard();  // already in the box: nothing to offer
    QVERIFY(!offer->isVisible());
}

void VerifyExpectedTest::ctrlVPastesIntoTheBox() {
    dropHello();
    focusTable();
    QTRY_VERIFY(page_->table()->hasFocus());
    const QString digest = sha256Hex(kHello);
    QGuiApplication::clipboard()->setText(digest);
    QTest::keyClick(page_->table(), Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(box()->text(), digest);
    QVERIFY(box()->edit()->hasFocus());
    QTRY_COMPARE_WITH_TIMEOUT(box()->state(), QStringLiteral("matched"), kTimeoutMs);

    // In the box itself Ctrl+V is the line edit's own paste, at the cursor.
    box()->edit()->clear();
    box()->edit()->insert(QStringLiteral("0x"));
    QTest::keyClick(box()->edit(), Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(box()->text(), QStringLiteral("0x") + digest);
}

void VerifyExpectedTest::pickerAddsColumnsAndIsRemembered() {
    QCoreApplication::setOrganizationName(QStringLiteral("HashScopeTest"));
    dropHello();
    auto* picker = window_->findChild<AlgorithmPicker*>(QStringLiteral("algorithmPicker"));
    QVERIFY(picker);
    QCOMPARE(picker->text(), QStringLiteral("SHA-256, CRC-32C"));
    picker->setSelected({QStringLiteral("sha256"), QStringLiteral("blake2b")});
    QCOMPARE(page_->model()->algorithms(), (QStringList{QStringLiteral("sha256"), QStringLiteral("blake2b")}));
    // The row already read gets the digest it lacks.
    QTRY_COMPARE_WITH_TIMEOUT(probe_->digest(QStringLiteral("hello.txt"), QStringLiteral("blake2b")),
                              hexOf(kHello, QCryptographicHash::Blake2b_512), kTimeoutMs);
    QCOMPARE(probe_->status(QStringLiteral("hello.txt")), RowStatus::hashed);

    // The menu's boxes follow, and the last one cannot be unticked.
    QStringList ticked;
    for (QAction* action : picker->menu()->actions()) {
        if (action->isChecked()) ticked << action->data().toString();
    }
    QCOMPARE(ticked.size(), 2);
    QCOMPARE(AlgorithmPicker::remembered(), (QStringList{QStringLiteral("sha256"), QStringLiteral("blake2b")}));
    const AlgorithmPicker fresh;  // as the next run of the program builds it
    QCOMPARE(fresh.selected(), (QStringList{QStringLiteral("sha256"), QStringLiteral("blake2b")}));
    for (QAction* action : picker->menu()->actions()) {
        if (action->isChecked()) action->trigger();
    }
    QCOMPARE(picker->selected().size(), 1);
    QCoreApplication::setOrganizationName({});
    QCOMPARE(AlgorithmPicker::remembered(), AlgorithmPicker::defaults());  // nothing remembered without a name
}

QTEST_MAIN(VerifyExpectedTest)
#include "verify_expected_test.moc"
