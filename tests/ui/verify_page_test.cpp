// The Verify page as a user meets it: files, a folder and checksum files dropped on the main
// window, with the statuses they end in (OK, FAILED, MISSING, UNREADABLE, SKIPPED), the digests
// (checked against QCryptographicHash and a bitwise CRC-32C, never against the core under test),
// and the one-click offers (sidecar beside a file, hashing a checksum file itself).
#include <sys/stat.h>
#include <unistd.h>

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

#include "verify/row_filter_model.hpp"
#include "verify/summary_bar.hpp"
#include "verify_test_support.hpp"

using namespace verifytest;

class VerifyPageTest : public QObject, private WindowFixture {
    Q_OBJECT

private slots:
    void init();
    void cleanup() { closeWindow(); }

    void referenceCrcIsRight();
    void windowHasItsParts();
    void onlyLocalFilesAreAccepted();
    void droppedFilesAreHashed();
    void droppedFolderIsWalked();
    void droppedSumsFileIsChecked();
    void sumsFileCanBeHashedItself();
    void unreadableFileSaysWhy();
    void sidecarIsOfferedAndVerified();
    void missingPathFromTheCommandLine();
};

void VerifyPageTest::init() {
    openWindow();
    // The page is found by its object name too, the name the tab switcher and scripts use.
    QVERIFY(window_ && window_->findChild<VerifyPage*>(QStringLiteral("verifyPage")) == page_);
}

void VerifyPageTest::referenceCrcIsRight() {
    QCOMPARE(crc32cHex("123456789"), QStringLiteral("e3069283"));  // the catalogue check value
}

void VerifyPageTest::windowHasItsParts() {
    auto* pages = window_->findChild<QTabWidget*>(QStringLiteral("pages"));
    QVERIFY(pages);
    QCOMPARE(pages->currentWidget()->objectName(), QStringLiteral("verifyPage"));

    auto* empty = window_->findChild<QWidget*>(QStringLiteral("emptyState"));
    QVERIFY(empty && empty->isVisible());
    auto* emptyText = window_->findChild<QLabel*>(QStringLiteral("emptyStateText"));
    QCOMPARE(emptyText->text(), QStringLiteral("Drop files, folders or a checksum file here"));
    auto* cancel = window_->findChild<QPushButton*>(QStringLiteral("cancelButton"));
    QVERIFY(cancel && !cancel->isEnabled());
    QVERIFY(window_->findChild<QWidget*>(QStringLiteral("expectedEdit"))->isVisible());
    QVERIFY(window_->findChild<QWidget*>(QStringLiteral("algorithmPicker"))->isVisible());
    QCOMPARE(page_->model()->algorithms(), (QStringList{QStringLiteral("sha256"), QStringLiteral("crc32c")}));

    // The menus carry the page's actions with their shortcuts.
    QStringList menus;
    for (QAction* menu : window_->menuBar()->actions()) menus << menu->text();
    QCOMPARE(menus, (QStringList{QStringLiteral("&File"), QStringLiteral("&Edit"), QStringLiteral("&View"),
                                 QStringLiteral("&Help")}));
    auto* open = window_->findChild<QAction*>(QStringLiteral("openAction"));
    QVERIFY(open);
    QCOMPARE(open->shortcut(), QKeySequence(QKeySequence::Open));
    QCOMPARE(window_->findChild<QAction*>(QStringLiteral("removeAction"))->shortcut(),
             QKeySequence(QKeySequence::Delete));
    QCOMPARE(window_->findChild<QAction*>(QStringLiteral("copyAction"))->shortcut(), QKeySequence(QKeySequence::Copy));
    QCOMPARE(window_->findChild<QAction*>(QStringLiteral("pasteExpectedAction"))->shortcut(),
             QKeySequence(QKeySequence::Paste));
}

void VerifyPageTest::onlyLocalFilesAreAccepted() {
    QMimeData mime;
    mime.setUrls({QUrl(QStringLiteral("https://example.org/file.iso"))});
    QDragEnterEvent enter(window_->rect().center(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.setAccepted(false);
    QCoreApplication::sendEvent(window_.get(), &enter);
    QVERIFY(!enter.isAccepted());
    QCOMPARE(probe_->rows(), 0);
}

void VerifyPageTest::droppedFilesAreHashed() {
    const QByteArray hello("hello\n");
    QByteArray spaced(3 * 1024 * 1024 + 123, '\0');  // several 1 MiB blocks, and a short last one
    for (qsizetype i = 0; i < spaced.size(); ++i) spaced[i] = static_cast<char>((i * 131 + i / 7) & 0xFF);
    const QString helloPath = writeFile(*dir_, QStringLiteral("hello.txt"), hello);
    const QString spacedPath = writeFile(*dir_, QStringLiteral("with a space.bin"), spaced);
    QVERIFY(!writeFile(*dir_, QStringLiteral("empty"), {}).isNull());
    QVERIFY(dropOn(window_.get(), {helloPath, spacedPath, dir_->filePath(QStringLiteral("empty"))}));

    QTRY_COMPARE_WITH_TIMEOUT(probe_->rows(), 3, kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(probe_->idle(), kTimeoutMs);
    QCOMPARE(page_->model()->at(0).name, QStringLiteral("hello.txt"));  // in the order dropped
    QCOMPARE(page_->model()->at(1).name, QStringLiteral("with a space.bin"));
    for (const QString name : {"hello.txt", "with a space.bin", "empty"}) {
        QCOMPARE(probe_->status(name), RowStatus::hashed);
        QCOMPARE(probe_->statusText(name), QStringLiteral("hashed"));
    }
    QCOMPARE(probe_->digest(QStringLiteral("hello.txt"), QStringLiteral("sha256")),
             QStringLiteral("5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03"));
    QCOMPARE(probe_->digest(QStringLiteral("hello.txt"), QStringLiteral("crc32c")), crc32cHex(hello));
    QCOMPARE(probe_->digest(QStringLiteral("with a space.bin"), QStringLiteral("sha256")), sha256Hex(spaced));
    QCOMPARE(probe_->digest(QStringLiteral("with a space.bin"), QStringLiteral("crc32c")), crc32cHex(spaced));
    QCOMPARE(probe_->digest(QStringLiteral("empty"), QStringLiteral("sha256")), sha256Hex({}));
    QCOMPARE(probe_->digest(QStringLiteral("empty"), QStringLiteral("crc32c")), QStringLiteral("00000000"));

    // Hover: the full path, the whole digest and the implementation that computed it.
    QCOMPARE(probe_->cell(QStringLiteral("with a space.bin"), FileTableModel::Name, Qt::ToolTipRole), spacedPath);
    const QString tip = probe_->cell(QStringLiteral("hello.txt"),
                                     page_->model()->algorithmColumn(QStringLiteral("crc32c")), Qt::ToolTipRole);
    QVERIFY2(tip.contains(QStringLiteral("crc32c · ")), qPrintable(tip));
    QCOMPARE(probe_->cell(QStringLiteral("with a space.bin"), FileTableModel::Progress), QStringLiteral("done"));
    QCOMPARE(probe_->cell(QStringLiteral("with a space.bin"), FileTableModel::Size), QStringLiteral("3.1 MB"));

    QVERIFY(!window_->findChild<QWidget*>(QStringLiteral("emptyState"))->isVisible());
    QTRY_VERIFY(page_->summary()->text().startsWith(QStringLiteral("3 of 3 files")));
    QCOMPARE(page_->summary()->countText(RowStatus::hashed), QStringLiteral("3 hashed"));
}

void VerifyPageTest::droppedFolderIsWalked() {
    QDir root(dir_->path());
    QVERIFY(root.mkpath(QStringLiteral("photos/2020")));
    QVERIFY(root.mkpath(QStringLiteral("elsewhere")));
    const QByteArray a("a\n");
    const QByteArray b("bb\n");
    QVERIFY(!writeFile(*dir_, QStringLiteral("photos/a.txt"), a).isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("photos/2020/b.txt"), b).isNull());
    QCOMPARE(::mkfifo(QFile::encodeName(dir_->filePath(QStringLiteral("photos/pipe"))).constData(), 0600), 0);
    QVERIFY(QFile::link(dir_->filePath(QStringLiteral("elsewhere")), dir_->filePath(QStringLiteral("photos/link"))));

    QVERIFY(dropOn(window_.get(), {dir_->filePath(QStringLiteral("photos"))}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 4 && probe_->idle(), kTimeoutMs);
    // Names from the dropped folder's own name down.
    QCOMPARE(probe_->status(QStringLiteral("photos/a.txt")), RowStatus::hashed);
    QCOMPARE(probe_->status(QStringLiteral("photos/2020/b.txt")), RowStatus::hashed);
    QCOMPARE(probe_->digest(QStringLiteral("photos/2020/b.txt"), QStringLiteral("sha256")), sha256Hex(b));
    QCOMPARE(probe_->status(QStringLiteral("photos/pipe")), RowStatus::skipped);
    QVERIFY2(probe_->statusText(QStringLiteral("photos/pipe")).contains(QStringLiteral("FIFO")),
             qPrintable(probe_->statusText(QStringLiteral("photos/pipe"))));
    QCOMPARE(probe_->status(QStringLiteral("photos/link")), RowStatus::skipped);
    QVERIFY(probe_->statusText(QStringLiteral("photos/link")).contains(QStringLiteral("not followed")));

    const QString walk = noticeText(QStringLiteral("walk:") + dir_->filePath(QStringLiteral("photos")));
    QVERIFY2(walk.startsWith(QStringLiteral("photos: 2 files found; 2 left out")), qPrintable(walk));
}

void VerifyPageTest::droppedSumsFileIsChecked() {
    const QByteArray good("good\n");
    QVERIFY(!writeFile(*dir_, QStringLiteral("good.txt"), good).isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("bad.txt"), "changed since the sums were made\n").isNull());
    QCOMPARE(::mkfifo(QFile::encodeName(dir_->filePath(QStringLiteral("pipe"))).constData(), 0600), 0);
    // Root reads everything, so "unreadable" is made another way: a path through a file.
    const QString sums =
        QStringLiteral(
            "%1  good.txt\n%2  bad.txt\n%3  missing.txt\n%3  good.txt/inner\n%3  pipe\nnot a checksum line\n")
            .arg(sha256Hex(good), sha256Hex("what bad.txt held\n"), sha256Hex("x"));
    const QString sumsPath = writeFile(*dir_, QStringLiteral("SHA256SUMS"), sums.toUtf8());
    QVERIFY(dropOn(window_.get(), {sumsPath}));

    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 5 && probe_->idle(), kTimeoutMs);
    QCOMPARE(probe_->status(QStringLiteral("good.txt")), RowStatus::ok);
    QCOMPARE(probe_->statusText(QStringLiteral("good.txt")), QStringLiteral("OK"));
    QCOMPARE(probe_->digest(QStringLiteral("good.txt"), QStringLiteral("sha256")), sha256Hex(good));
    QCOMPARE(probe_->status(QStringLiteral("bad.txt")), RowStatus::failed);
    QCOMPARE(probe_->statusText(QStringLiteral("bad.txt")), QStringLiteral("FAILED"));
    // A failed row shows what the file hashes to now, and says what was expected, from where.
    QTRY_COMPARE(probe_->digest(QStringLiteral("bad.txt"), QStringLiteral("sha256")),
                 sha256Hex("changed since the sums were made\n"));
    const QString tip = probe_->cell(QStringLiteral("bad.txt"),
                                     page_->model()->algorithmColumn(QStringLiteral("sha256")), Qt::ToolTipRole);
    QVERIFY2(tip.contains(sha256Hex("what bad.txt held\n")) && tip.contains(QStringLiteral("SHA256SUMS, line 2")),
             qPrintable(tip));
    QCOMPARE(probe_->status(QStringLiteral("missing.txt")), RowStatus::missing);
    QCOMPARE(probe_->statusText(QStringLiteral("missing.txt")), QStringLiteral("MISSING"));
    QCOMPARE(probe_->status(QStringLiteral("good.txt/inner")), RowStatus::unreadable);
    QCOMPARE(probe_->statusText(QStringLiteral("good.txt/inner")), QStringLiteral("UNREADABLE — Not a directory"));
    QCOMPARE(probe_->status(QStringLiteral("pipe")), RowStatus::skipped);
    // Not colour alone: every final status has its own icon.
    QVERIFY(!page_->model()
                 ->index(probe_->rowOf(QStringLiteral("bad.txt")), page_->model()->statusColumn())
                 .data(Qt::DecorationRole)
                 .value<QIcon>()
                 .isNull());

    QCOMPARE(page_->summary()->countText(RowStatus::ok), QStringLiteral("1 OK"));
    QCOMPARE(page_->summary()->countText(RowStatus::failed), QStringLiteral("1 failed"));
    QCOMPARE(page_->summary()->countText(RowStatus::missing), QStringLiteral("1 missing"));
    QCOMPARE(page_->summary()->countText(RowStatus::unreadable), QStringLiteral("1 unreadable"));
    const QString notice = noticeText(QStringLiteral("sums:") + sumsPath);
    QVERIFY2(notice.contains(QStringLiteral("checking the 5 files it lists")) &&
                 notice.contains(QStringLiteral("1 line not understood")),
             qPrintable(notice));

    // "Failures only" leaves the rows a user must look at.
    window_->findChild<QCheckBox*>(QStringLiteral("failuresOnly"))->setChecked(true);
    QCOMPARE(page_->proxy()->rowCount(), 3);  // FAILED, MISSING, UNREADABLE
}

void VerifyPageTest::sumsFileCanBeHashedItself() {
    QVERIFY(!writeFile(*dir_, QStringLiteral("a.txt"), "a\n").isNull());
    const QByteArray sums = (sha256Hex("a\n") + QStringLiteral("  a.txt\n")).toUtf8();
    const QString sumsPath = writeFile(*dir_, QStringLiteral("a.sha256"), sums);
    QVERIFY(dropOn(window_.get(), {sumsPath}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->status(QStringLiteral("a.txt")) == RowStatus::ok, kTimeoutMs);
    auto* button = window_->findChild<QPushButton*>(QStringLiteral("hashSumsFileButton"));
    QVERIFY(button);
    QTest::mouseClick(button, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("a.sha256")), RowStatus::hashed, kTimeoutMs);
    QCOMPARE(probe_->digest(QStringLiteral("a.sha256"), QStringLiteral("sha256")), sha256Hex(sums));
}

void VerifyPageTest::unreadableFileSaysWhy() {
    if (::geteuid() == 0) QSKIP("root reads files whatever their permissions (the sums-file test covers UNREADABLE)");
    const QString path = writeFile(*dir_, QStringLiteral("secret"), "x");
    QVERIFY(QFile::setPermissions(path, QFileDevice::Permissions()));
    QVERIFY(dropOn(window_.get(), {path}));
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("secret")), RowStatus::unreadable, kTimeoutMs);
    QCOMPARE(probe_->statusText(QStringLiteral("secret")), QStringLiteral("UNREADABLE — Permission denied"));
}

void VerifyPageTest::sidecarIsOfferedAndVerified() {
    const QByteArray iso("pretend this is an ISO image\n");
    const QString isoPath = writeFile(*dir_, QStringLiteral("disk.iso"), iso);
    QVERIFY(
        !writeFile(*dir_, QStringLiteral("disk.iso.sha256"), (sha256Hex(iso) + QStringLiteral("  disk.iso\n")).toUtf8())
             .isNull());
    QVERIFY(dropOn(window_.get(), {isoPath}));
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("disk.iso")), RowStatus::hashed, kTimeoutMs);
    QTRY_VERIFY(
        noticeText(QStringLiteral("sidecar")).contains(QStringLiteral("disk.iso is listed in disk.iso.sha256")));
    auto* verify = window_->findChild<QPushButton*>(QStringLiteral("verifySidecarsButton"));
    QVERIFY(verify);
    QTest::mouseClick(verify, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("disk.iso")), RowStatus::ok, kTimeoutMs);
    const QString tip = probe_->cell(QStringLiteral("disk.iso"), page_->model()->statusColumn(), Qt::ToolTipRole);
    QVERIFY2(tip.contains(QStringLiteral("matches disk.iso.sha256, line 1 (SHA-256)")), qPrintable(tip));

    // A sidecar that disagrees fails the file, in one click too.
    const QString other = writeFile(*dir_, QStringLiteral("other.bin"), "other\n");
    QVERIFY(!writeFile(*dir_, QStringLiteral("other.bin.md5"), "0123456789abcdef0123456789abcdef\n").isNull());
    QVERIFY(dropOn(window_.get(), {other}));
    QTRY_VERIFY_WITH_TIMEOUT(noticeText(QStringLiteral("sidecar")).contains(QStringLiteral("other.bin.md5")),
                             kTimeoutMs);
    auto* notice = window_->findChild<QWidget*>(QStringLiteral("notice-sidecar"));
    QTest::mouseClick(notice->findChild<QPushButton*>(QStringLiteral("verifySidecarsButton")), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("other.bin")), RowStatus::failed, kTimeoutMs);
    QCOMPARE(probe_->digest(QStringLiteral("other.bin"), QStringLiteral("md5")),
             hexOf("other\n", QCryptographicHash::Md5));
}

void VerifyPageTest::missingPathFromTheCommandLine() {
    window_->openFiles({dir_->filePath(QStringLiteral("no such file.iso"))});
    QTRY_COMPARE_WITH_TIMEOUT(probe_->rows(), 1, kTimeoutMs);
    QCOMPARE(probe_->status(QStringLiteral("no such file.iso")), RowStatus::missing);
    QCOMPARE(probe_->cell(QStringLiteral("no such file.iso"), FileTableModel::Size), QStringLiteral("—"));
    QVERIFY(probe_->digest(QStringLiteral("no such file.iso"), QStringLiteral("sha256")).isEmpty());
}

QTEST_MAIN(VerifyPageTest)
#include "verify_page_test.moc"
