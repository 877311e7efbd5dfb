// Controlling a run on the Verify page: each row's bar follows its bytes up to the whole file;
// files added while a run is busy join its queue and are verified after; Pause holds every read
// (the summary says "Paused") and Resume finishes with the right verdicts; Skip marks a row
// skipped, running or waiting, and one row of a checksum file without stopping its other rows;
// the bytes still to read count a checksum file's files before they are read; Cancel still ends a
// paused run.
#include <QAction>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QtTest>

#include "common/format.hpp"
#include "hashscope/cpu.hpp"
#include "verify/row_actions.hpp"
#include "verify/row_filter_model.hpp"
#include "verify/row_status.hpp"
#include "verify/summary_bar.hpp"
#include "verify/verify_controller.hpp"
#include "verify_test_support.hpp"

using namespace verifytest;
using hashscope::ui::isFinal;

namespace {

// Far more than a test waits for, on any machine; sparse, so no disk space.
constexpr qint64 kBig = qint64{8} << 30;

}  // namespace

class VerifyRunControlTest : public QObject, private WindowFixture {
    Q_OBJECT

private slots:
    void init() { openWindow(); }
    void cleanup() { closeWindow(); }

    void rowBarGrowsToFull();
    void fileAddedWhileBusyIsQueuedAndVerifiedAfter();
    void pauseThenResumeFinishesWithTheRightVerdicts();
    void cancelEndsAPausedRun();
    void skipMarksRowsSkipped();
    void skipOneRowOfAChecksumFileTheOthersGoOn();
    void bytesToReadCountTheFilesAChecksumFileLists();

private:
    [[nodiscard]] QPushButton* button(const char* name) const {
        return window_->findChild<QPushButton*>(QLatin1String(name));
    }
    [[nodiscard]] bool anyReading() const {
        for (int row = 0; row < probe_->rows(); ++row) {
            if (page_->model()->at(row).done > 0 && page_->model()->at(row).reading) return true;
        }
        return false;
    }
    void selectRows(const QStringList& names) {
        page_->table()->clearSelection();
        for (const QString& name : names) {
            const QModelIndex at = page_->proxy()->mapFromSource(page_->model()->index(probe_->rowOf(name), 0));
            page_->table()->selectionModel()->select(at, QItemSelectionModel::Select | QItemSelectionModel::Rows);
        }
    }
};

void VerifyRunControlTest::rowBarGrowsToFull() {
    constexpr qint64 kSize = qint64{256} << 20;
    const QString path = sparseFile(*dir_, QStringLiteral("zeros.bin"), kSize);
    QList<int> seen;  // every value the bar had, in order
    const QMetaObject::Connection watch =
        connect(page_->model(), &QAbstractItemModel::dataChanged, this, [&](const QModelIndex&, const QModelIndex&) {
            const int r = probe_->rowOf(QStringLiteral("zeros.bin"));
            if (r < 0) return;
            const QVariant value =
                page_->model()->index(r, FileTableModel::Progress).data(FileTableModel::ProgressRole);
            if (value.isValid()) seen << value.toInt();
        });
    QVERIFY(dropOn(window_.get(), {path}));
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("zeros.bin")), RowStatus::hashed, 60000);
    disconnect(watch);
    QVERIFY(!seen.isEmpty());
    for (qsizetype i = 1; i < seen.size(); ++i) QVERIFY2(seen[i] >= seen[i - 1], "the bar never steps back");
    QVERIFY(seen.back() <= 1000);
    // Full: the row read every byte, and the bar went with it (its last report may share a batch
    // with the verdict, which hides the bar).
    const auto& row = page_->model()->at(probe_->rowOf(QStringLiteral("zeros.bin")));
    QCOMPARE(row.done, static_cast<quint64>(kSize));
    QVERIFY(!row.reading);
    QVERIFY(!page_->model()->index(0, FileTableModel::Progress).data(FileTableModel::ProgressRole).isValid());
}

void VerifyRunControlTest::fileAddedWhileBusyIsQueuedAndVerifiedAfter() {
    // Paused, so that the run is surely still busy when the second file arrives; small enough to
    // be read through soon after, since on a spinning disk the second waits for the first.
    // Under an emulator, which hashed the 512 MiB in 145 s (past the 60 s waited for below), 32 MiB.
    const bool emulated = !hashscope::host_cpu().emulation.empty();
    const qint64 size = emulated ? qint64{32} << 20 : qint64{512} << 20;
    QVERIFY(dropOn(window_.get(), {sparseFile(*dir_, QStringLiteral("big.bin"), size)}));
    QTRY_VERIFY_WITH_TIMEOUT(anyReading(), kTimeoutMs);
    page_->setPaused(true);
    QVERIFY(page_->busy());
    QVERIFY(dropOn(window_.get(), {writeFile(*dir_, QStringLiteral("late.txt"), "late\n")}));
    QTRY_COMPARE_WITH_TIMEOUT(probe_->rows(), 2, kTimeoutMs);
    // Taken into the same run (not refused, not a second run): it waits its turn.
    QCOMPARE(probe_->status(QStringLiteral("late.txt")), RowStatus::queued);
    QVERIFY(probe_->digest(QStringLiteral("late.txt"), QStringLiteral("sha256")).isEmpty());
    page_->setPaused(false);
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("late.txt")), RowStatus::hashed, 60000);
    QCOMPARE(probe_->digest(QStringLiteral("late.txt"), QStringLiteral("sha256")), sha256Hex("late\n"));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->idle(), 60000);
    QCOMPARE(probe_->status(QStringLiteral("big.bin")), RowStatus::hashed);
}

void VerifyRunControlTest::pauseThenResumeFinishesWithTheRightVerdicts() {
    const QByteArray good(3 << 20, 'g');
    const QByteArray bad(2 << 20, 'b');
    QVERIFY(!writeFile(*dir_, QStringLiteral("good.bin"), good).isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("bad.bin"), bad).isNull());
    const QString sums =
        sha256Hex(good) + QStringLiteral("  good.bin\n") + sha256Hex("other") + QStringLiteral("  bad.bin\n");
    page_->setPaused(true);  // before anything is read: every read waits at its first block
    QVERIFY(button("pauseButton")->isChecked());
    QVERIFY(dropOn(window_.get(), {writeFile(*dir_, QStringLiteral("SHA256SUMS"), sums.toUtf8())}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 2 && page_->busy(), kTimeoutMs);
    QTRY_VERIFY(page_->summary()->text().contains(QStringLiteral("Paused")));
    QVERIFY(button("pauseButton")->isEnabled());
    QVERIFY(button("cancelButton")->isEnabled());
    QVERIFY(!isFinal(probe_->status(QStringLiteral("good.bin"))));
    QVERIFY(!isFinal(probe_->status(QStringLiteral("bad.bin"))));

    QTest::mouseClick(button("pauseButton"), Qt::LeftButton);  // Resume
    QVERIFY(!page_->controller()->paused());
    QTRY_VERIFY_WITH_TIMEOUT(probe_->idle(), kTimeoutMs);
    QCOMPARE(probe_->status(QStringLiteral("good.bin")), RowStatus::ok);
    QCOMPARE(probe_->status(QStringLiteral("bad.bin")), RowStatus::failed);
    QVERIFY(!page_->summary()->text().contains(QStringLiteral("Paused")));
    QVERIFY(!button("pauseButton")->isChecked());
}

void VerifyRunControlTest::cancelEndsAPausedRun() {
    QVERIFY(dropOn(window_.get(), {sparseFile(*dir_, QStringLiteral("big.bin"), kBig)}));
    QTRY_VERIFY_WITH_TIMEOUT(anyReading(), kTimeoutMs);
    QTest::mouseClick(button("pauseButton"), Qt::LeftButton);
    QVERIFY(page_->controller()->paused());
    QTest::mouseClick(button("cancelButton"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(probe_->idle(), 5000);
    QCOMPARE(probe_->status(QStringLiteral("big.bin")), RowStatus::cancelled);
    QVERIFY(!page_->controller()->paused());  // what comes next is not paused
    QVERIFY(dropOn(window_.get(), {writeFile(*dir_, QStringLiteral("next.txt"), "next\n")}));
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("next.txt")), RowStatus::hashed, kTimeoutMs);
}

void VerifyRunControlTest::skipMarksRowsSkipped() {
    // More files than are read at once, so that one still waits in the queue.
    QStringList paths;
    for (int i = 0; i < 6; ++i) paths << sparseFile(*dir_, QStringLiteral("big%1.bin").arg(i), kBig);
    QVERIFY(dropOn(window_.get(), paths));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 6 && anyReading(), kTimeoutMs);
    QString running;
    for (int row = 0; row < probe_->rows() && running.isEmpty(); ++row) {
        if (page_->model()->at(row).reading) running = page_->model()->at(row).name;
    }
    QCOMPARE(probe_->status(QStringLiteral("big5.bin")), RowStatus::queued);
    selectRows({running, QStringLiteral("big5.bin")});
    QAction* skip = page_->rowActions()->skip();
    QVERIFY(skip->isEnabled());
    QVERIFY(!page_->rowActions()->copy()->isEnabled());      // no digest yet
    QVERIFY(!page_->rowActions()->reverify()->isEnabled());  // still running
    skip->trigger();
    QCOMPARE(probe_->status(QStringLiteral("big5.bin")), RowStatus::skipped);  // a waiting one at once
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(running), RowStatus::skipped, 5000);
    QVERIFY(probe_->statusText(running).contains(QStringLiteral("skipped"), Qt::CaseInsensitive));
    QVERIFY(page_->model()->at(probe_->rowOf(running)).done < static_cast<quint64>(kBig));
    // The others read on.
    QVERIFY(page_->busy());
    int others = 0;
    QStringList statuses;
    for (int row = 0; row < probe_->rows(); ++row) {
        others += isFinal(page_->model()->at(row).status) ? 0 : 1;
        statuses << probe_->statusText(page_->model()->at(row).name);
    }
    QVERIFY2(others == 4, qPrintable(statuses.join(QStringLiteral(", "))));
    page_->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(probe_->idle(), 5000);
    QCOMPARE(probe_->status(QStringLiteral("big5.bin")), RowStatus::skipped);
    QCOMPARE(page_->model()->count(RowStatus::skipped), 2);
}

void VerifyRunControlTest::skipOneRowOfAChecksumFileTheOthersGoOn() {
    // The big file is the first line: the others' verdicts come after its own, in line order.
    QVERIFY(!sparseFile(*dir_, QStringLiteral("big.bin"), kBig).isNull());
    const QByteArray alpha = "alpha\n";
    const QByteArray beta = "beta\n";
    QVERIFY(!writeFile(*dir_, QStringLiteral("a.txt"), alpha).isNull());
    QVERIFY(!writeFile(*dir_, QStringLiteral("b.txt"), beta).isNull());
    const QString sums = sha256Hex("not the big file") + QStringLiteral("  big.bin\n") + sha256Hex(alpha) +
                         QStringLiteral("  a.txt\n") + sha256Hex(beta) + QStringLiteral("  b.txt\n");
    QVERIFY(dropOn(window_.get(), {writeFile(*dir_, QStringLiteral("SHA256SUMS"), sums.toUtf8())}));
    QTRY_VERIFY_WITH_TIMEOUT(
        probe_->rows() == 3 && page_->model()->at(probe_->rowOf(QStringLiteral("big.bin"))).reading, kTimeoutMs);
    selectRows({QStringLiteral("big.bin")});
    QAction* skip = page_->rowActions()->skip();
    QVERIFY(skip->isEnabled());
    skip->trigger();
    QCOMPARE(probe_->status(QStringLiteral("big.bin")), RowStatus::skipped);  // at once, not after the check
    // Without the skip the big file would be read for far longer than this waits.
    QTRY_VERIFY_WITH_TIMEOUT(probe_->idle(), kTimeoutMs);
    QCOMPARE(probe_->status(QStringLiteral("big.bin")), RowStatus::skipped);
    QVERIFY(probe_->statusText(QStringLiteral("big.bin")).contains(QStringLiteral("skipped"), Qt::CaseInsensitive));
    QVERIFY(page_->model()->at(probe_->rowOf(QStringLiteral("big.bin"))).done < static_cast<quint64>(kBig));
    QCOMPARE(probe_->status(QStringLiteral("a.txt")), RowStatus::ok);
    QCOMPARE(probe_->status(QStringLiteral("b.txt")), RowStatus::ok);
    QCOMPARE(page_->model()->count(RowStatus::skipped), 1);
}

void VerifyRunControlTest::bytesToReadCountTheFilesAChecksumFileLists() {
    constexpr qint64 kSize = qint64{1} << 30;
    QVERIFY(!sparseFile(*dir_, QStringLiteral("big.bin"), kSize).isNull());
    const QByteArray small = "small\n";
    QVERIFY(!writeFile(*dir_, QStringLiteral("small.txt"), small).isNull());
    const QString sums = sha256Hex("not the big file") + QStringLiteral("  big.bin\n") + sha256Hex(small) +
                         QStringLiteral("  small.txt\n") + sha256Hex("gone") + QStringLiteral("  gone.txt\n");
    page_->setPaused(true);  // no read gets past its first block: the list alone says what is to read
    QVERIFY(dropOn(window_.get(), {writeFile(*dir_, QStringLiteral("SHA256SUMS"), sums.toUtf8())}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 3 && page_->busy(), kTimeoutMs);
    const quint64 listed = static_cast<quint64>(kSize) + static_cast<quint64>(small.size());
    QCOMPARE(page_->model()->bytesKnown(), listed);  // the missing file counts nothing
    QVERIFY(page_->model()->bytesLeft() > listed / 2);
    QTRY_VERIFY(page_->summary()->text().contains(hashscope::ui::formatBytes(listed)));
    page_->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(probe_->idle(), kTimeoutMs);
}

QTEST_MAIN(VerifyRunControlTest)
#include "verify_run_control_test.moc"
