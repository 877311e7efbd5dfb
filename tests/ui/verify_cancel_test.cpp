// Stopping and interruptions: Cancel stops every file within a block (the rows say "cancelled",
// with no digest and less than the whole file read), waiting files are cancelled at once, a
// checksum-file check and a folder walk stop too, closing the window mid-file cancels and waits
// without hashing on, and a file modified while it is read ends CHANGED, not with a digest.
#include <QDir>
#include <QElapsedTimer>
#include <QPushButton>
#include <QtTest>

#include "hashscope/cpu.hpp"
#include "verify_test_support.hpp"

using namespace verifytest;

namespace {

// Far more than a click takes to read, for any machine; sparse, so no disk space.
constexpr qint64 kBig = qint64{8} << 30;

}  // namespace

class VerifyCancelTest : public QObject, private WindowFixture {
    Q_OBJECT

private slots:
    void init() { openWindow(); }
    void cleanup() { closeWindow(); }

    void cancelStopsEveryFileMidway();
    void cancelStopsAChecksumFileCheck();
    void cancelStopsAWalk();
    void closingWhileHashingIsClean();
    void fileModifiedWhileReadIsChanged();

private:
    [[nodiscard]] QPushButton* cancelButton() const {
        return window_->findChild<QPushButton*>(QStringLiteral("cancelButton"));
    }
};

void VerifyCancelTest::cancelStopsEveryFileMidway() {
    // More files than the page reads at once (at most four), so some wait in the queue.
    QStringList paths;
    for (int i = 0; i < 6; ++i) paths << sparseFile(*dir_, QStringLiteral("big%1.bin").arg(i), kBig);
    QVERIFY(dropOn(window_.get(), paths));
    // Wait until one file is being read, whichever: on a disk that reports itself rotational
    // (this VM's does) the files take turns in no promised order, so big0 need not be first.
    const auto reading = [this] {
        for (int row = 0; row < probe_->rows(); ++row) {
            if (page_->model()->at(row).done > 0) return true;
        }
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 6 && reading(), kTimeoutMs);
    QVERIFY(page_->model()->count(RowStatus::hashing) > 0);
    // The queue is first in, first out and the page reads at most four files at once, so the
    // last file is still waiting (a row a worker has taken may also still say "queued" until
    // its start is reported; that one stops within a block instead).
    QCOMPARE(probe_->status(QStringLiteral("big5.bin")), RowStatus::queued);
    QVERIFY(cancelButton()->isEnabled());

    QTest::mouseClick(cancelButton(), Qt::LeftButton);
    QCOMPARE(probe_->status(QStringLiteral("big5.bin")), RowStatus::cancelled);  // waiting ones at once
    // Running ones stop within a block, and only then say so: a row never claims more than it did.
    QTRY_VERIFY_WITH_TIMEOUT(probe_->idle(), 5000);
    for (int i = 0; i < 6; ++i) {
        const QString name = QStringLiteral("big%1.bin").arg(i);
        QCOMPARE(probe_->status(name), RowStatus::cancelled);
        QVERIFY(probe_->digest(name, QStringLiteral("sha256")).isEmpty());
        QVERIFY(page_->model()->at(probe_->rowOf(name)).done < static_cast<quint64>(kBig));
    }
    QVERIFY(!cancelButton()->isEnabled());
    QCOMPARE(page_->model()->count(RowStatus::cancelled), 6);

    // The page works on afterwards.
    QVERIFY(dropOn(window_.get(), {writeFile(*dir_, QStringLiteral("next.txt"), "next\n")}));
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("next.txt")), RowStatus::hashed, kTimeoutMs);
    QCOMPARE(probe_->digest(QStringLiteral("next.txt"), QStringLiteral("sha256")), sha256Hex("next\n"));
}

void VerifyCancelTest::cancelStopsAChecksumFileCheck() {
    QString sums;
    for (int i = 0; i < 3; ++i) {
        QVERIFY(!sparseFile(*dir_, QStringLiteral("part%1.img").arg(i), kBig).isNull());
        sums += sha256Hex("whatever") + QStringLiteral("  part%1.img\n").arg(i);
    }
    QVERIFY(dropOn(window_.get(), {writeFile(*dir_, QStringLiteral("SHA256SUMS"), sums.toUtf8())}));
    // Cancel as soon as a part is taken, whichever it is (the parts take turns on a rotational
    // disk in no promised order): none can have been read to its end by then.
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 3 && page_->model()->count(RowStatus::hashing) > 0, kTimeoutMs);
    QTest::mouseClick(cancelButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(probe_->idle(), 5000);
    for (int i = 0; i < 3; ++i) QCOMPARE(probe_->status(QStringLiteral("part%1.img").arg(i)), RowStatus::cancelled);
}

void VerifyCancelTest::cancelStopsAWalk() {
    QVERIFY(QDir(dir_->path()).mkpath(QStringLiteral("many")));
    for (int i = 0; i < 2000; ++i) QVERIFY(!writeFile(*dir_, QStringLiteral("many/f%1").arg(i), {}).isNull());
    QVERIFY(dropOn(window_.get(), {dir_->filePath(QStringLiteral("many"))}));
    page_->cancel();  // before the walk's first batch arrives: what it finds is dropped
    QTRY_VERIFY_WITH_TIMEOUT(probe_->idle(), kTimeoutMs);
    QCOMPARE(probe_->rows(), 0);
    // Either the walk had begun (and its notice says it was cancelled) or it never started.
    const QString notice = noticeText(QStringLiteral("walk:") + dir_->filePath(QStringLiteral("many")));
    QVERIFY2(notice.isEmpty() || notice.endsWith(QStringLiteral("— cancelled")), qPrintable(notice));
}

void VerifyCancelTest::closingWhileHashingIsClean() {
    QVERIFY(dropOn(window_.get(), {sparseFile(*dir_, QStringLiteral("big.bin"), kBig)}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 1 && page_->model()->at(0).done > 0, kTimeoutMs);
    // close() cancels and waits for the workers; it must not hash the rest of the file first.
    QElapsedTimer clock;
    clock.start();
    QVERIFY(window_->close());
    probe_.reset();
    window_.reset();  // destroyed with the workers' last events still queued: must not crash
    QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
    QCoreApplication::processEvents();  // deliver whatever was left for the dead window
}

void VerifyCancelTest::fileModifiedWhileReadIsChanged() {
    // Big enough that the line is appended while the file is still being read: 2 GiB natively (about
    // a second); under an emulator, which reads some 30 MB/s, 256 MiB (2 GiB took 74 s there).
    const bool emulated = !hashscope::host_cpu().emulation.empty();
    const QString path =
        sparseFile(*dir_, QStringLiteral("growing.log"), emulated ? qint64{256} << 20 : qint64{2} << 30);
    QVERIFY(dropOn(window_.get(), {path}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 1 && page_->model()->at(0).done > 0, kTimeoutMs);
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::Append));
        QCOMPARE(file.write("one more line\n"), qint64{14});
    }
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("growing.log")), RowStatus::changed, 60000);
    QVERIFY(probe_->digest(QStringLiteral("growing.log"), QStringLiteral("sha256")).isEmpty());
    QVERIFY(probe_->statusText(QStringLiteral("growing.log")).startsWith(QStringLiteral("CHANGED — ")));
    QCOMPARE(page_->model()->count(RowStatus::changed), 1);
}

QTEST_MAIN(VerifyCancelTest)
#include "verify_cancel_test.moc"
