// The Verify page as a user meets it: files dropped on the main window are hashed off the GUI
// thread, can be cancelled, and unusable paths get a row that says why. Expectations come from
// QCryptographicHash and a bitwise CRC-32C here, never from the core under test.
#include <QAbstractItemModel>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>
#include <memory>

#include "main/main_window.hpp"
#include "verify/file_table_model.hpp"

using hashscope::ui::FileTableModel;
using hashscope::ui::MainWindow;

namespace {

constexpr int kTimeoutMs = 10000;

// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), one bit at a time: slow, obviously right.
quint32 crc32c(const QByteArray& data) {
    quint32 crc = 0xFFFFFFFFu;
    for (const char c : data) {
        crc ^= static_cast<quint8>(c);
        for (int bit = 0; bit < 8; ++bit) crc = (crc & 1u) ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
    }
    return ~crc;
}

QString crc32cHex(const QByteArray& data) { return QStringLiteral("%1").arg(crc32c(data), 8, 16, QLatin1Char('0')); }

QString sha256Hex(const QByteArray& data) {
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

}  // namespace

class VerifyPageTest : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void referenceCrcIsRight();
    void windowHasItsParts();
    void onlyLocalFilesAreAccepted();
    void droppedFilesAreHashed();
    void cancelStopsCurrentAndQueuedFiles();
    void folderAndMissingPathGetARow();
    void closingWhileHashingIsClean();

private:
    [[nodiscard]] bool drop(const QStringList& paths);
    [[nodiscard]] QString cell(int row, int column) const;
    [[nodiscard]] QString writeFile(const QString& name, const QByteArray& data) const;
    [[nodiscard]] QString sparseFile(const QString& name, qint64 size) const;
    [[nodiscard]] QPushButton* cancelButton() const;

    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<MainWindow> window_;
    QAbstractItemModel* model_ = nullptr;
};

void VerifyPageTest::init() {
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
    window_ = std::make_unique<MainWindow>();
    window_->show();
    QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    auto* table = window_->findChild<QTableView*>(QStringLiteral("fileTable"));
    QVERIFY(table);
    model_ = table->model();
    QVERIFY(model_);
}

void VerifyPageTest::cleanup() {
    window_.reset();  // cancels and waits for any worker still reading
    model_ = nullptr;
    dir_.reset();
}

void VerifyPageTest::referenceCrcIsRight() {
    QCOMPARE(crc32cHex("123456789"), QStringLiteral("e3069283"));  // the catalogue check value
}

void VerifyPageTest::windowHasItsParts() {
    QCOMPARE(window_->objectName(), QStringLiteral("mainWindow"));
    auto* pages = window_->findChild<QTabWidget*>(QStringLiteral("pages"));
    QVERIFY(pages);
    QVERIFY(pages->currentWidget());
    QCOMPARE(pages->currentWidget()->objectName(), QStringLiteral("verifyPage"));
    QVERIFY(window_->width() >= 900 && window_->height() >= 500);

    // Empty state first; the cancel button is idle.
    auto* empty = window_->findChild<QLabel*>(QStringLiteral("emptyState"));
    QVERIFY(empty);
    QVERIFY(empty->isVisible());
    QVERIFY(empty->text().contains(QStringLiteral("Drop files here")));
    QVERIFY(cancelButton());
    QVERIFY(!cancelButton()->isEnabled());
    QCOMPARE(model_->rowCount(), 0);
}

void VerifyPageTest::onlyLocalFilesAreAccepted() {
    QMimeData mime;
    mime.setUrls({QUrl(QStringLiteral("https://example.org/file.iso"))});
    QDragEnterEvent enter(window_->rect().center(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.setAccepted(false);
    QCoreApplication::sendEvent(window_.get(), &enter);
    QVERIFY(!enter.isAccepted());
    QCOMPARE(model_->rowCount(), 0);
}

void VerifyPageTest::droppedFilesAreHashed() {
    const QByteArray hello("hello\n");
    QByteArray spaced(3 * 1024 * 1024 + 123, '\0');  // several 1 MiB blocks, and a short last one
    for (qsizetype i = 0; i < spaced.size(); ++i) spaced[i] = static_cast<char>((i * 131 + i / 7) & 0xFF);

    const QString helloPath = writeFile(QStringLiteral("hello.txt"), hello);
    const QString spacedPath = writeFile(QStringLiteral("with a space.bin"), spaced);
    const QString emptyPath = writeFile(QStringLiteral("empty"), {});
    QVERIFY(drop({helloPath, spacedPath, emptyPath}));

    QCOMPARE(model_->rowCount(), 3);
    QCOMPARE(cell(0, FileTableModel::Name), QStringLiteral("hello.txt"));
    QCOMPARE(cell(1, FileTableModel::Name), QStringLiteral("with a space.bin"));
    QCOMPARE(model_->index(1, FileTableModel::Name).data(Qt::ToolTipRole).toString(), spacedPath);
    QVERIFY(!window_->findChild<QLabel*>(QStringLiteral("emptyState"))->isVisible());
    QVERIFY(window_->findChild<QTableView*>(QStringLiteral("fileTable"))->isVisible());

    for (int row = 0; row < 3; ++row) QTRY_COMPARE_WITH_TIMEOUT(cell(row, FileTableModel::Status), QStringLiteral("OK"), kTimeoutMs);

    QCOMPARE(cell(0, FileTableModel::Sha256), QStringLiteral("5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03"));
    QCOMPARE(cell(0, FileTableModel::Sha256), sha256Hex(hello));
    QCOMPARE(cell(0, FileTableModel::Crc32c), crc32cHex(hello));
    QCOMPARE(cell(1, FileTableModel::Sha256), sha256Hex(spaced));
    QCOMPARE(cell(1, FileTableModel::Crc32c), crc32cHex(spaced));
    QCOMPARE(cell(2, FileTableModel::Sha256), sha256Hex({}));
    QCOMPARE(cell(2, FileTableModel::Crc32c), QStringLiteral("00000000"));
    QCOMPARE(model_->index(1, FileTableModel::Progress).data(FileTableModel::ProgressRole).toInt(), 1000);

    QTRY_VERIFY_WITH_TIMEOUT(!cancelButton()->isEnabled(), kTimeoutMs);
    auto* statusLine = window_->findChild<QLabel*>(QStringLiteral("statusLine"));
    QVERIFY(statusLine);
    QVERIFY2(statusLine->text().startsWith(QStringLiteral("3 of 3 files")), qPrintable(statusLine->text()));
}

void VerifyPageTest::cancelStopsCurrentAndQueuedFiles() {
    // Sparse: no disk space, but reading and hashing it takes far longer than a click.
    const QString big = sparseFile(QStringLiteral("big.bin"), qint64{256} * 1024 * 1024);
    const QString next = writeFile(QStringLiteral("next.txt"), "queued behind the big one");
    QVERIFY(drop({big, next}));

    QTRY_COMPARE_WITH_TIMEOUT(cell(0, FileTableModel::Status), QStringLiteral("hashing"), kTimeoutMs);
    QCOMPARE(cell(1, FileTableModel::Status), QStringLiteral("queued"));
    QVERIFY(cancelButton()->isEnabled());

    QTest::mouseClick(cancelButton(), Qt::LeftButton);
    QCOMPARE(cell(1, FileTableModel::Status), QStringLiteral("cancelled"));  // queued ones at once
    QTRY_COMPARE_WITH_TIMEOUT(cell(0, FileTableModel::Status), QStringLiteral("cancelled"), 3000);
    QVERIFY(cell(0, FileTableModel::Sha256).isEmpty());
    QVERIFY(cell(1, FileTableModel::Sha256).isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(!cancelButton()->isEnabled(), 3000);

    // The page is usable again afterwards.
    QVERIFY(drop({next}));
    QTRY_COMPARE_WITH_TIMEOUT(cell(2, FileTableModel::Status), QStringLiteral("OK"), kTimeoutMs);
}

void VerifyPageTest::folderAndMissingPathGetARow() {
    QVERIFY(QDir(dir_->path()).mkdir(QStringLiteral("folder")));
    const QString folder = dir_->filePath(QStringLiteral("folder"));
    const QString missing = dir_->filePath(QStringLiteral("missing.txt"));
    QVERIFY(drop({folder, missing}));

    QCOMPARE(model_->rowCount(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(cell(0, FileTableModel::Status).startsWith(QStringLiteral("skipped")), kTimeoutMs);
    QVERIFY2(cell(0, FileTableModel::Status).contains(QStringLiteral("not a regular file")),
             qPrintable(cell(0, FileTableModel::Status)));
    QTRY_VERIFY_WITH_TIMEOUT(cell(1, FileTableModel::Status).startsWith(QStringLiteral("unreadable")), kTimeoutMs);
    QCOMPARE(cell(1, FileTableModel::Status), QStringLiteral("unreadable: No such file or directory"));
    QCOMPARE(cell(0, FileTableModel::Size), QStringLiteral("—"));
    QVERIFY(cell(1, FileTableModel::Sha256).isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(!cancelButton()->isEnabled(), kTimeoutMs);
}

void VerifyPageTest::closingWhileHashingIsClean() {
    const QString big = sparseFile(QStringLiteral("big.bin"), qint64{256} * 1024 * 1024);
    QVERIFY(drop({big}));
    QTRY_COMPARE_WITH_TIMEOUT(cell(0, FileTableModel::Status), QStringLiteral("hashing"), kTimeoutMs);

    // close() cancels and waits for the worker; it must not hash the rest of the file first.
    QElapsedTimer clock;
    clock.start();
    QVERIFY(window_->close());
    window_.reset();  // destroyed with the worker's last events still queued: must not crash
    model_ = nullptr;
    QVERIFY2(clock.elapsed() < 2000, qPrintable(QString::number(clock.elapsed())));
    QCoreApplication::processEvents();  // deliver whatever was left for the dead window
}

bool VerifyPageTest::drop(const QStringList& paths) {
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& path : paths) urls << QUrl::fromLocalFile(path);
    mime.setUrls(urls);
    const QPoint where = window_->rect().center();

    QDragEnterEvent enter(where, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.setAccepted(false);
    QCoreApplication::sendEvent(window_.get(), &enter);
    if (!enter.isAccepted()) return false;

    QDropEvent dropEvent(QPointF(where), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    dropEvent.setAccepted(false);
    QCoreApplication::sendEvent(window_.get(), &dropEvent);
    return dropEvent.isAccepted();
}

QString VerifyPageTest::cell(int row, int column) const {
    return model_->index(row, column).data(Qt::DisplayRole).toString();
}

QString VerifyPageTest::writeFile(const QString& name, const QByteArray& data) const {
    const QString path = dir_->filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size()) return {};
    return path;
}

QString VerifyPageTest::sparseFile(const QString& name, qint64 size) const {
    const QString path = dir_->filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !file.resize(size)) return {};
    return path;
}

QPushButton* VerifyPageTest::cancelButton() const {
    return window_->findChild<QPushButton*>(QStringLiteral("cancelButton"));
}

QTEST_MAIN(VerifyPageTest)
#include "verify_page_test.moc"
