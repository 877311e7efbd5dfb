// File names that are not UTF-8 (ui/common/file_names.hpp): bytes go to text and back unchanged,
// valid UTF-8 is plain text, every name is shown as one line that no other name is shown as; and
// on the Verify page, two files whose names differ only in a byte that is not UTF-8 are two rows
// that look different, and both are read (their digests checked against QCryptographicHash).
#include <fcntl.h>
#include <unistd.h>

#include <QFileInfo>
#include <QHash>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QtTest>

#include "common/file_names.hpp"
#include "verify_test_support.hpp"

using hashscope::ui::nameFromBytes;
using hashscope::ui::nameToBytes;
using hashscope::ui::shownName;
using namespace verifytest;

namespace {

// Creates a file by its raw name bytes inside `folder`; false on failure.
bool writeRaw(const QString& folder, const QByteArray& name, const QByteArray& data) {
    const QByteArray path = nameToBytes(folder) + '/' + name;
    const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return false;
    const bool written = ::write(fd, data.constData(), static_cast<size_t>(data.size())) == data.size();
    return ::close(fd) == 0 && written;
}

}  // namespace

class FileNamesTest : public QObject, private WindowFixture {
    Q_OBJECT

private slots:
    void cleanup() { closeWindow(); }

    void everyByteStringRoundTrips();
    void validUtf8IsPlainText();
    void shownNamesAreEscaped();
    void noTwoNamesAreShownAlike();
    void namesDifferingInAnInvalidByteAreTwoRows();
    void droppedNameThatIsNotUtf8Opens();
};

void FileNamesTest::everyByteStringRoundTrips() {
    // Every byte alone, every pair with a high first byte (cut, overlong and surrogate sequences
    // among them), and 20,000 random strings of up to 8 bytes.
    QList<QByteArray> samples;
    for (int a = 1; a < 256; ++a) {
        samples << QByteArray(1, static_cast<char>(a));
        if (a < 0x80) continue;
        for (int b = 1; b < 256; ++b) samples << QByteArray({static_cast<char>(a), static_cast<char>(b)});
    }
    samples << QByteArray("\xed\xa0\x80") << QByteArray("\xed\xb2\x80") << QByteArray("\xf4\x90\x80\x80")
            << QByteArray("\xe0\x80\xaf") << QByteArray("\xf0\x90\x82\x80\xc3") << QByteArray("\xf0\x90\x82\x80\xcc");
    QRandomGenerator random(42);
    for (int i = 0; i < 20000; ++i) {
        QByteArray bytes;
        const int length = 1 + static_cast<int>(random.bounded(8));
        for (int k = 0; k < length; ++k) bytes += static_cast<char>(1 + random.bounded(255));
        samples << bytes;
    }
    for (const QByteArray& bytes : samples) {
        const QByteArray back = nameToBytes(nameFromBytes(bytes));
        QVERIFY2(back == bytes, (bytes.toHex() + " came back as " + back.toHex()).constData());
    }
}

void FileNamesTest::validUtf8IsPlainText() {
    for (const char* text : {"plain.txt", "été.sha256", "日本語", "emoji \xf0\x9f\x98\x80", "\xf0\x90\x82\x80"}) {
        QCOMPARE(nameFromBytes(text), QString::fromUtf8(text));
        QCOMPARE(shownName(nameFromBytes(text)), QString::fromUtf8(text));
    }
}

void FileNamesTest::shownNamesAreEscaped() {
    QCOMPARE(shownName(nameFromBytes("caf\xe9.txt")), QStringLiteral("caf\\xe9.txt"));
    QCOMPARE(shownName(nameFromBytes("\xff\xfe")), QStringLiteral("\\xff\\xfe"));
    QCOMPARE(shownName(nameFromBytes("two\nlines")), QStringLiteral("two\\nlines"));
    QCOMPARE(shownName(nameFromBytes("tab\there\r")), QStringLiteral("tab\\there\\r"));
    QCOMPARE(shownName(nameFromBytes("back\\slash")), QStringLiteral("back\\\\slash"));
    QCOMPARE(shownName(nameFromBytes("bell\x07 del\x7f")), QStringLiteral("bell\\x07 del\\x7f"));
    // Half a character, then a valid one: only the broken byte is escaped.
    QCOMPARE(shownName(nameFromBytes("\xc3\xc3\xa9")), QStringLiteral("\\xc3é"));
}

void FileNamesTest::noTwoNamesAreShownAlike() {
    // Names built from the bytes that need escaping, and from the escapes' own characters.
    const QByteArray alphabet(
        "\\xn\n\t\r\x01\x7f"
        "e\xc3\xa9\xff",
        12);
    QHash<QString, QByteArray> seen;
    QRandomGenerator random(7);
    for (int i = 0; i < 20000; ++i) {
        QByteArray bytes;
        const int length = 1 + static_cast<int>(random.bounded(6));
        for (int k = 0; k < length; ++k) bytes += alphabet[static_cast<qsizetype>(random.bounded(alphabet.size()))];
        const QString shown = shownName(nameFromBytes(bytes));
        QVERIFY(!shown.contains(QLatin1Char('\n')));
        const QByteArray before = seen.value(shown, bytes);
        QVERIFY2(before == bytes,
                 qPrintable(shown + QStringLiteral(" shows both ") + before.toHex() + " and " + bytes.toHex()));
        seen.insert(shown, bytes);
    }
}

void FileNamesTest::namesDifferingInAnInvalidByteAreTwoRows() {
    openWindow();
    // QTemporaryDir cannot remove what Qt cannot name: these go by their bytes, before cleanup().
    const QString path = dir_->path();
    const auto removeRaw = qScopeGuard([path] {
        for (const QByteArray& name : {QByteArray("caf\xff.txt"), QByteArray("caf\xfe.txt")}) {
            ::unlink((nameToBytes(path) + '/' + name).constData());
        }
    });
    const QByteArray ff("data of the \\xff file\n");
    const QByteArray fe("data of the \\xfe file\n");
    const QByteArray lines("two lines\n");
    QVERIFY(writeRaw(dir_->path(), "caf\xff.txt", ff));
    QVERIFY(writeRaw(dir_->path(), "caf\xfe.txt", fe));
    QVERIFY(writeRaw(dir_->path(), "two\nlines.txt", lines));

    window_->openFiles({dir_->path()});
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 3 && probe_->idle(), kTimeoutMs);
    // Rows found in a folder are named from the folder itself: "FOLDER/NAME".
    const QString folder = QFileInfo(dir_->path()).fileName() + QLatin1Char('/');
    const QString ffName = folder + nameFromBytes("caf\xff.txt");
    const QString feName = folder + nameFromBytes("caf\xfe.txt");
    const QString linesName = folder + QStringLiteral("two\nlines.txt");
    QVERIFY(ffName != feName);
    // Both opened: read through, each with its own digest.
    QCOMPARE(probe_->status(ffName), RowStatus::hashed);
    QCOMPARE(probe_->status(feName), RowStatus::hashed);
    QCOMPARE(probe_->digest(ffName, QStringLiteral("sha256")), sha256Hex(ff));
    QCOMPARE(probe_->digest(feName, QStringLiteral("sha256")), sha256Hex(fe));
    QCOMPARE(probe_->status(linesName), RowStatus::hashed);
    // Shown apart, on one line each.
    QCOMPARE(probe_->cell(ffName, FileTableModel::Name), folder + QStringLiteral("caf\\xff.txt"));
    QCOMPARE(probe_->cell(feName, FileTableModel::Name), folder + QStringLiteral("caf\\xfe.txt"));
    QCOMPARE(probe_->cell(linesName, FileTableModel::Name), folder + QStringLiteral("two\\nlines.txt"));
    QVERIFY(probe_->cell(ffName, FileTableModel::Name, Qt::ToolTipRole).endsWith(QStringLiteral("/caf\\xff.txt")));
}

void FileNamesTest::droppedNameThatIsNotUtf8Opens() {
    openWindow();
    const QString path = dir_->path();
    const auto removeRaw = qScopeGuard([path] { ::unlink((nameToBytes(path) + "/dropped \xe9.txt").constData()); });
    const QByteArray data("dropped\n");
    QVERIFY(writeRaw(path, "dropped \xe9.txt", data));
    // As a file manager offers it: a file URL with the byte percent-encoded.
    const QByteArray encoded = (nameToBytes(path) + "/dropped \xe9.txt").toPercentEncoding("/");
    const QUrl url = QUrl::fromEncoded("file://" + encoded);
    QVERIFY(url.isLocalFile());
    QVERIFY(dropUrlsOn(window_.get(), {url}));

    const QString name = nameFromBytes("dropped \xe9.txt");
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 1 && probe_->idle(), kTimeoutMs);
    QCOMPARE(probe_->status(name), RowStatus::hashed);
    QCOMPARE(probe_->digest(name, QStringLiteral("sha256")), sha256Hex(data));
    QCOMPARE(probe_->cell(name, FileTableModel::Name), QStringLiteral("dropped \\xe9.txt"));
}

QTEST_MAIN(FileNamesTest)
#include "file_names_test.moc"
