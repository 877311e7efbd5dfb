// Saving and copying what the Verify page shows: checksum files in GNU, BSD tag and SFV form that
// sha256sum -c (and HashScope's own reader) accept, a failed save that leaves nothing behind,
// the clipboard formats, Ctrl+C and Delete on the table, re-verify after a file changed, sorting
// and Clear.
#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QGuiApplication>
#include <QHeaderView>
#include <QMenu>
#include <QProcess>
#include <QTableView>
#include <QtTest>

#include "hashscope/verify/sums_file.hpp"
#include "verify/algorithm_picker.hpp"
#include "verify/row_actions.hpp"
#include "verify/row_filter_model.hpp"
#include "verify/summary_bar.hpp"
#include "verify/sums_saver.hpp"
#include "verify_test_support.hpp"

using namespace verifytest;
using hashscope::verify::SumsFormat;

namespace {

// CRC-32 (ISO-HDLC, reflected polynomial 0xEDB88320), bit by bit, for the SFV check.
QString crc32Hex(const QByteArray& data) {
    quint32 crc = 0xFFFFFFFFu;
    for (const char c : data) {
        crc ^= static_cast<quint8>(c);
        for (int bit = 0; bit < 8; ++bit) crc = (crc & 1u) ? (crc >> 1) ^ 0xEDB88320u : crc >> 1;
    }
    return QStringLiteral("%1").arg(~crc, 8, 16, QLatin1Char('0'));
}

struct Run {
    int exitCode = -1;
    QString output;
};

// sha256sum -c in the sums file's folder, as a user would run it.
Run sha256sumCheck(const QString& sumsPath) {
    QProcess process;
    process.setWorkingDirectory(QFileInfo(sumsPath).absolutePath());
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(QStringLiteral("sha256sum"), {QStringLiteral("-c"), QFileInfo(sumsPath).fileName()});
    if (!process.waitForFinished(30000)) return {};
    return {process.exitCode(), QString::fromUtf8(process.readAll())};
}

}  // namespace

class VerifySaveTest : public QObject, private WindowFixture {
    Q_OBJECT

private slots:
    void init() { openWindow(); }
    void cleanup() { closeWindow(); }

    void savedGnuFilePassesSha256sum();
    void savedBsdAndSfvFilesReadBack();
    void failedSaveLeavesNothing();
    void copyAllFormats();
    void ctrlCCopiesDigestsCtrlShiftCRows();
    void deleteRemovesSelectedRows();
    void reverifyNoticesAChange();
    void sortingAndTheOrderAdded();
    void clearEmptiesThePage();

private:
    void dropTree();
};

// data/one.txt, data/sub/two words.txt, data/three.bin (3 rows, hashed).
void VerifySaveTest::dropTree() {
    QVERIFY(QDir(dir_->path()).mkpath(QStringLiteral("data/sub")));
    QVERIFY(!writeFile(*dir_, QStringLiteral("data/one.txt"), "one\n").isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("data/sub/two words.txt"), "two\n").isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("data/three.bin"), QByteArray(70000, 'x')).isNull());
    QVERIFY(dropOn(window_.get(), {dir_->filePath(QStringLiteral("data"))}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 3 && probe_->idle(), kTimeoutMs);
}

void VerifySaveTest::savedGnuFilePassesSha256sum() {
    dropTree();
    const QString path = dir_->filePath(QStringLiteral("data/SHA256SUMS"));
    QVERIFY(page_->saver()->save(path, SumsFormat::gnu, {QStringLiteral("sha256")}));
    QTRY_COMPARE_WITH_TIMEOUT(noticeText(QStringLiteral("save")), QStringLiteral("Saved 3 files to ") + path,
                              kTimeoutMs);
    QFile saved(path);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(saved.readAll());
    QVERIFY2(text.contains(sha256Hex("two\n") + QStringLiteral("  sub/two words.txt\n")),
             qPrintable(text));  // relative names
    const Run run = sha256sumCheck(path);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.output.count(QStringLiteral(": OK")), 3);

    // Saved from elsewhere, names are absolute: still checkable.
    QVERIFY(QDir(dir_->path()).mkpath(QStringLiteral("elsewhere")));
    const QString other = dir_->filePath(QStringLiteral("elsewhere/data.sha256"));
    QVERIFY(page_->saver()->save(other, SumsFormat::gnu, {QStringLiteral("sha256")}));
    QTRY_VERIFY_WITH_TIMEOUT(noticeText(QStringLiteral("save")).endsWith(other), kTimeoutMs);
    QCOMPARE(sha256sumCheck(other).exitCode, 0);
}

void VerifySaveTest::savedBsdAndSfvFilesReadBack() {
    page_->picker()->setSelected({QStringLiteral("sha256"), QStringLiteral("crc32")});
    dropTree();
    const QString bsd = dir_->filePath(QStringLiteral("data/CHECKSUMS"));
    QVERIFY(page_->saver()->save(bsd, SumsFormat::bsd, page_->model()->algorithms()));
    QTRY_VERIFY_WITH_TIMEOUT(noticeText(QStringLiteral("save")).endsWith(bsd), kTimeoutMs);
    const auto read = hashscope::verify::read_sums_file(bsd.toStdString(), {});
    QVERIFY(read.ok());
    QCOMPARE(read->entries.size(), std::size_t{6});  // two algorithms × three files
    QVERIFY(read->diagnostics.empty());
    // sha256sum -c accepts the BSD lines of its own algorithm (and would warn about the others).
    const QString sha256Only = dir_->filePath(QStringLiteral("data/sha256.tag"));
    QVERIFY(page_->saver()->save(sha256Only, SumsFormat::bsd, {QStringLiteral("sha256")}));
    QTRY_VERIFY_WITH_TIMEOUT(noticeText(QStringLiteral("save")).endsWith(sha256Only), kTimeoutMs);
    QCOMPARE(sha256sumCheck(sha256Only).exitCode, 0);

    const QString sfv = dir_->filePath(QStringLiteral("data/checksums.sfv"));
    QVERIFY(page_->saver()->save(sfv, SumsFormat::sfv, {QStringLiteral("crc32")}));
    QTRY_VERIFY_WITH_TIMEOUT(noticeText(QStringLiteral("save")).endsWith(sfv), kTimeoutMs);
    QFile file(sfv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    QVERIFY2(text.contains(QStringLiteral("one.txt ") + crc32Hex("one\n")), qPrintable(text));
    QCOMPARE(hashscope::ui::SumsSaver::suggestedName(SumsFormat::gnu, QStringLiteral("sha256")),
             QStringLiteral("SHA256SUMS"));
}

void VerifySaveTest::failedSaveLeavesNothing() {
    dropTree();
    const QString path = dir_->filePath(QStringLiteral("no such folder/SHA256SUMS"));
    QVERIFY(page_->saver()->save(path, SumsFormat::gnu, {QStringLiteral("sha256")}));
    QTRY_VERIFY_WITH_TIMEOUT(noticeText(QStringLiteral("save")).startsWith(QStringLiteral("Could not save")),
                             kTimeoutMs);
    QVERIFY(!QFileInfo::exists(path));
    QVERIFY(!page_->saver()->save(dir_->filePath(QStringLiteral("x.md5")), SumsFormat::gnu,
                                  {QStringLiteral("md5")}));  // no MD5 digests
}

void VerifySaveTest::copyAllFormats() {
    dropTree();
    const auto* actions = page_->rowActions();
    const QString gnu = actions->allAs(SumsFormat::gnu, {QStringLiteral("sha256")});
    QCOMPARE(gnu.count(QLatin1Char('\n')), 3);
    QVERIFY(gnu.startsWith(sha256Hex("one\n") + QStringLiteral("  data/one.txt\n")));  // names as shown
    const QString bsd = actions->allAs(SumsFormat::bsd, page_->model()->algorithms());
    QVERIFY2(bsd.contains(QStringLiteral("CRC32C (data/one.txt) = ") + crc32cHex("one\n")), qPrintable(bsd));
    const QString markdown = actions->allAsMarkdown();
    QVERIFY2(markdown.startsWith(QStringLiteral("| Name | Size | SHA-256 | CRC-32C | Status |\n| --- | ---: |")),
             qPrintable(markdown));
    QVERIFY(markdown.contains(QStringLiteral("| data/one.txt | 4 bytes | `") + sha256Hex("one\n")));

    // Through the menu, as a user copies.
    QMenu* menu = actions->copyAllMenu();
    emit menu->aboutToShow();
    menu->findChild<QAction*>(QStringLiteral("copyGnu_sha256"))->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), gnu);
    menu->findChild<QAction*>(QStringLiteral("copyMarkdown"))->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), markdown);
}

void VerifySaveTest::ctrlCCopiesDigestsCtrlShiftCRows() {
    dropTree();
    focusTable();
    QTableView* table = page_->table();
    const int sha = page_->model()->algorithmColumn(QStringLiteral("sha256"));
    // A click on a digest cell selects its row; Ctrl+C then copies just that digest.
    const QModelIndex digestCell = page_->proxy()->index(1, sha);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(digestCell).center());
    QCOMPARE(table->selectionModel()->selectedRows().size(), 1);
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), sha256Hex("two\n"));

    // Elsewhere in the row, Ctrl+C still copies a digest: the first algorithm shown.
    const QModelIndex nameCell = page_->proxy()->index(1, FileTableModel::Name);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(nameCell).center());
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), sha256Hex("two\n"));

    // Copy rows (Ctrl+Shift+C), the row itself: path, size, digests, status, tab-separated. Triggered
    // rather than typed: a simulated Shift would outlive this test in the modifier state that
    // selectRow() reads in the next one.
    QCOMPARE(page_->rowActions()->copyRows()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    page_->rowActions()->copyRows()->trigger();
    const QStringList cells = QGuiApplication::clipboard()->text().split(QLatin1Char('\t'));
    QCOMPARE(cells.value(0), dir_->filePath(QStringLiteral("data/sub/two words.txt")));
    QCOMPARE(cells.value(1), QStringLiteral("4"));
    QCOMPARE(cells.value(2), sha256Hex("two\n"));
    QCOMPARE(cells.value(4), QStringLiteral("hashed"));
}

void VerifySaveTest::deleteRemovesSelectedRows() {
    dropTree();
    focusTable();
    QTableView* table = page_->table();
    table->selectRow(0);
    table->selectionModel()->select(page_->proxy()->index(2, 0),
                                    QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QTest::keyClick(table, Qt::Key_Delete);
    QCOMPARE(probe_->rows(), 1);
    QCOMPARE(page_->model()->at(0).name, QStringLiteral("data/sub/two words.txt"));
    QTRY_VERIFY(page_->summary() && probe_->idle());
}

void VerifySaveTest::reverifyNoticesAChange() {
    const QString file = writeFile(*dir_, QStringLiteral("doc.txt"), "version 1\n");
    const QString sums = writeFile(*dir_, QStringLiteral("doc.sha256"),
                                   (sha256Hex("version 1\n") + QStringLiteral("  doc.txt\n")).toUtf8());
    QVERIFY(dropOn(window_.get(), {sums}));
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("doc.txt")), RowStatus::ok, kTimeoutMs);
    QVERIFY(!writeFile(*dir_, QStringLiteral("doc.txt"), "version 2\n").isNull());
    page_->rowActions()->reverify()->trigger();  // no selection: every row shown
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("doc.txt")), RowStatus::failed, kTimeoutMs);
    QCOMPARE(probe_->digest(QStringLiteral("doc.txt"), QStringLiteral("sha256")), sha256Hex("version 2\n"));
    QVERIFY(QFile::remove(file));
    page_->rowActions()->reverify()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("doc.txt")), RowStatus::missing, kTimeoutMs);
}

void VerifySaveTest::sortingAndTheOrderAdded() {
    dropTree();  // walked in name order: one.txt, sub/two words.txt, three.bin
    QTableView* table = page_->table();
    auto names = [this] {
        QStringList out;
        for (int r = 0; r < page_->proxy()->rowCount(); ++r) out << page_->proxy()->index(r, 0).data().toString();
        return out;
    };
    const QStringList added = names();
    QCOMPARE(added.value(0), QStringLiteral("data/one.txt"));
    table->sortByColumn(FileTableModel::Size, Qt::DescendingOrder);
    QCOMPARE(names().value(0), QStringLiteral("data/three.bin"));
    table->sortByColumn(FileTableModel::Name, Qt::AscendingOrder);
    QCOMPARE(names(), (QStringList{QStringLiteral("data/one.txt"), QStringLiteral("data/sub/two words.txt"),
                                   QStringLiteral("data/three.bin")}));
    table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);  // a third click on the header
    QCOMPARE(names(), added);
}

void VerifySaveTest::clearEmptiesThePage() {
    dropTree();
    window_->findChild<QAction*>(QStringLiteral("clearAction"))->trigger();
    QCOMPARE(probe_->rows(), 0);
    QVERIFY(window_->findChild<QWidget*>(QStringLiteral("emptyState"))->isVisible());
    QTRY_VERIFY(!page_->notices()->isVisible());
    QCOMPARE(page_->summary()->text(), QStringLiteral("No files yet"));
}

QTEST_MAIN(VerifySaveTest)
#include "verify_save_test.moc"
