// Auditing on the Verify page: a checksum file and its folder dropped together are audited with
// the same engine as `hashscope-cli audit`, and every path ends in its status: OK, CHANGED,
// MISSING, a row per NEW file, MOVED with both paths; Pause holds an audit as it holds any read;
// Skip skips one listed row of a running audit (SKIPPED at once) and the rest of the audit goes on.
// The manifest's digests come from
// QCryptographicHash, never from the core under test; nothing waits with a sleep.
#include <QAction>
#include <QDir>
#include <QGuiApplication>
#include <QPalette>
#include <QtTest>

#include "verify/row_actions.hpp"
#include "verify/row_filter_model.hpp"
#include "verify/row_status.hpp"
#include "verify/summary_bar.hpp"
#include "verify/verify_controller.hpp"
#include "verify_test_support.hpp"

using namespace verifytest;
using hashscope::ui::isFinal;

class VerifyAuditTest : public QObject, private WindowFixture {
    Q_OBJECT

private slots:
    void init() { openWindow(); }
    void cleanup() { closeWindow(); }

    void folderAndManifestDroppedTogetherAreAudited();
    void aFolderAloneIsStillHashed();
    void cancelStopsTheAuditAndSaysSo();
    void pauseHoldsTheAuditUntilResumed();
    void skipOneRowOfAnAuditTheOthersGoOn();
};

void VerifyAuditTest::folderAndManifestDroppedTogetherAreAudited() {
    QVERIFY(QDir(dir_->path()).mkpath(QStringLiteral("photos/sub")));
    const QByteArray keep = "keep\n";
    const QByteArray edited = "before\n";
    const QByteArray gone = "gone\n";
    const QByteArray moving = "moving\n";
    QString sums;
    sums += sha256Hex(keep) + QStringLiteral("  photos/keep\n");
    sums += sha256Hex(edited) + QStringLiteral("  photos/edited\n");
    sums += sha256Hex(gone) + QStringLiteral("  photos/gone\n");
    sums += sha256Hex(moving) + QStringLiteral("  photos/moveme\n");
    const QString sumsPath = writeFile(*dir_, QStringLiteral("SHA256SUMS"), sums.toUtf8());
    // The folder as it is now: one file kept, one edited, one gone, one moved, one added.
    QVERIFY(!writeFile(*dir_, QStringLiteral("photos/keep"), keep).isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("photos/edited"), "after\n").isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("photos/sub/moved"), moving).isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("photos/added"), "added\n").isNull());

    QVERIFY(dropOn(window_.get(), {dir_->filePath(QStringLiteral("photos")), sumsPath}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 5 && probe_->idle(), kTimeoutMs);

    const QString movedRow = QStringLiteral("photos/sub/moved ← photos/moveme");
    QCOMPARE(probe_->status(QStringLiteral("photos/keep")), RowStatus::ok);
    QCOMPARE(probe_->status(QStringLiteral("photos/edited")), RowStatus::changed);
    QCOMPARE(probe_->status(QStringLiteral("photos/gone")), RowStatus::missing);
    QCOMPARE(probe_->status(QStringLiteral("photos/added")), RowStatus::added);
    QCOMPARE(probe_->status(movedRow), RowStatus::moved);
    QCOMPARE(probe_->statusText(QStringLiteral("photos/added")), QStringLiteral("NEW"));
    QCOMPARE(probe_->statusText(movedRow), QStringLiteral("MOVED"));
    QCOMPARE(probe_->statusText(QStringLiteral("photos/edited")), QStringLiteral("CHANGED"));
    // A match shows its digest, as a checked row does.
    QCOMPARE(probe_->digest(QStringLiteral("photos/keep"), QStringLiteral("sha256")), sha256Hex(keep));
    QVERIFY(probe_->cell(QStringLiteral("photos/edited"), probe_->model()->statusColumn(), Qt::ToolTipRole)
                .contains(QStringLiteral("no longer")));
    // The moved row reads the file where it is now.
    QCOMPARE(probe_->model()->at(probe_->rowOf(movedRow)).path,
             QDir::cleanPath(dir_->filePath(QStringLiteral("photos/sub/moved"))));
    // The colours are the page's status colours, and say the new and moved rows need a look.
    const QPalette palette = QGuiApplication::palette();
    const QVariant colour =
        probe_->model()->index(probe_->rowOf(movedRow), probe_->model()->statusColumn()).data(Qt::ForegroundRole);
    QCOMPARE(colour.value<QColor>(), hashscope::ui::statusColour(RowStatus::moved, palette));
    QVERIFY(hashscope::ui::isFailure(RowStatus::added) && hashscope::ui::isFailure(RowStatus::moved));
    QCOMPARE(page_->model()->count(RowStatus::added), 1);
    QCOMPARE(page_->model()->count(RowStatus::moved), 1);
    // The checksum file itself is not NEW, although it was dropped.
    QCOMPARE(probe_->rowOf(QStringLiteral("SHA256SUMS")), -1);
    // The notice says the folder is audited, not merely that the listed files are checked.
    const QString notice = noticeText(QStringLiteral("sums:") + sumsPath);
    QVERIFY2(notice.startsWith(QStringLiteral("Auditing folder ")) && notice.contains(QStringLiteral("photos")),
             qPrintable(notice));
}

void VerifyAuditTest::aFolderAloneIsStillHashed() {
    QVERIFY(QDir(dir_->path()).mkpath(QStringLiteral("photos")));
    QVERIFY(!writeFile(*dir_, QStringLiteral("photos/a"), "a\n").isNull());
    QVERIFY(
        !writeFile(*dir_, QStringLiteral("SHA256SUMS"), (sha256Hex("a\n") + QStringLiteral("  photos/a\n")).toUtf8())
             .isNull());
    QVERIFY(dropOn(window_.get(), {dir_->filePath(QStringLiteral("photos"))}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 1 && probe_->idle(), kTimeoutMs);
    QCOMPARE(probe_->status(QStringLiteral("photos/a")), RowStatus::hashed);
}

void VerifyAuditTest::cancelStopsTheAuditAndSaysSo() {
    QVERIFY(QDir(dir_->path()).mkpath(QStringLiteral("big")));
    constexpr qint64 kBig = qint64{8} << 30;  // sparse: seconds of hashing, no disk space
    QVERIFY(!sparseFile(*dir_, QStringLiteral("big/disk.img"), kBig).isNull());
    const QString sums = sha256Hex("not the image") + QStringLiteral("  big/disk.img\n");
    const QString sumsPath = writeFile(*dir_, QStringLiteral("SHA256SUMS"), sums.toUtf8());
    QVERIFY(dropOn(window_.get(), {sumsPath, dir_->filePath(QStringLiteral("big"))}));
    QTRY_COMPARE_WITH_TIMEOUT(probe_->rows(), 1, kTimeoutMs);  // the audit has started
    QVERIFY(!probe_->idle());
    page_->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(probe_->idle(), kTimeoutMs);
    QCOMPARE(probe_->status(QStringLiteral("big/disk.img")), RowStatus::cancelled);
}

void VerifyAuditTest::pauseHoldsTheAuditUntilResumed() {
    QVERIFY(QDir(dir_->path()).mkpath(QStringLiteral("photos")));
    const QByteArray good(3 << 20, 'g');
    QVERIFY(!writeFile(*dir_, QStringLiteral("photos/good.bin"), good).isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("photos/edited.bin"), QByteArray(2 << 20, 'e')).isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("photos/added"), "added\n").isNull());
    const QString sums = sha256Hex(good) + QStringLiteral("  photos/good.bin\n") + sha256Hex("as it was") +
                         QStringLiteral("  photos/edited.bin\n");
    const QString sumsPath = writeFile(*dir_, QStringLiteral("SHA256SUMS"), sums.toUtf8());
    page_->setPaused(true);  // before anything is read: the walk and every read wait at the gate
    QVERIFY(dropOn(window_.get(), {dir_->filePath(QStringLiteral("photos")), sumsPath}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 2 && page_->busy(), kTimeoutMs);
    QTRY_VERIFY(page_->summary()->text().contains(QStringLiteral("Paused")));
    QVERIFY(!hashscope::ui::isFinal(probe_->status(QStringLiteral("photos/good.bin"))));
    QVERIFY(!hashscope::ui::isFinal(probe_->status(QStringLiteral("photos/edited.bin"))));
    QCOMPARE(probe_->rows(), 2);  // the NEW file is reported after the listed ones: not yet

    page_->setPaused(false);
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 3 && probe_->idle(), kTimeoutMs);
    QCOMPARE(probe_->status(QStringLiteral("photos/good.bin")), RowStatus::ok);
    QCOMPARE(probe_->status(QStringLiteral("photos/edited.bin")), RowStatus::changed);
    QCOMPARE(probe_->status(QStringLiteral("photos/added")), RowStatus::added);
}

void VerifyAuditTest::skipOneRowOfAnAuditTheOthersGoOn() {
    // The big file is the first line: the other listed rows come after it, in line order. Read
    // through, it would take far longer than this test waits; sparse, so no disk space.
    constexpr qint64 kBig = qint64{32} << 30;
    QVERIFY(QDir(dir_->path()).mkpath(QStringLiteral("photos")));
    QVERIFY(!sparseFile(*dir_, QStringLiteral("photos/big.img"), kBig).isNull());
    const QByteArray alpha = "alpha\n";
    const QByteArray beta = "beta\n";
    QVERIFY(!writeFile(*dir_, QStringLiteral("photos/a.txt"), alpha).isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("photos/b.txt"), beta).isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("photos/added"), "added\n").isNull());
    const QString sums = sha256Hex("not the image") + QStringLiteral("  photos/big.img\n") + sha256Hex(alpha) +
                         QStringLiteral("  photos/a.txt\n") + sha256Hex(beta) + QStringLiteral("  photos/b.txt\n");
    const QString sumsPath = writeFile(*dir_, QStringLiteral("SHA256SUMS"), sums.toUtf8());
    QVERIFY(dropOn(window_.get(), {dir_->filePath(QStringLiteral("photos")), sumsPath}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 3 && page_->busy(), kTimeoutMs);  // the audit has started
    const QString big = QStringLiteral("photos/big.img");
    QVERIFY(!isFinal(probe_->status(big)));
    QVERIFY(page_->controller()->skippable(page_->model()->at(probe_->rowOf(big)).id));

    const auto select = [&](const QString& name) {
        page_->table()->clearSelection();
        const QModelIndex at = page_->proxy()->mapFromSource(page_->model()->index(probe_->rowOf(name), 0));
        page_->table()->selectionModel()->select(at, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    };
    select(big);
    QAction* skip = page_->rowActions()->skip();
    QVERIFY(skip->isEnabled());
    skip->trigger();
    QCOMPARE(probe_->status(big), RowStatus::skipped);  // at once, not after the audit
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 4 && probe_->idle(), kTimeoutMs);
    QCOMPARE(probe_->status(big), RowStatus::skipped);
    QVERIFY(probe_->statusText(big).contains(QStringLiteral("skipped"), Qt::CaseInsensitive));
    QVERIFY(page_->model()->at(probe_->rowOf(big)).done < static_cast<quint64>(kBig));
    QCOMPARE(probe_->status(QStringLiteral("photos/a.txt")), RowStatus::ok);
    QCOMPARE(probe_->status(QStringLiteral("photos/b.txt")), RowStatus::ok);
    QCOMPARE(probe_->status(QStringLiteral("photos/added")), RowStatus::added);
    QCOMPARE(page_->model()->count(RowStatus::skipped), 1);
    // A row whose status has come is not skipped any more.
    select(QStringLiteral("photos/a.txt"));
    QVERIFY(!skip->isEnabled());
}

QTEST_MAIN(VerifyAuditTest)
#include "verify_audit_test.moc"
