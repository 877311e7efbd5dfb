// The one timing assertion of the GUI tests: the GUI never freezes. While a 2 GiB file hashes
// and 20,000 files are walked and hashed, the longest gap between two ticks of the GUI thread's
// event loop must stay under 50 ms. The loop is a real QEventLoop (QTest's waits sleep between
// rounds of events, which would measure themselves), ticked by a 5 ms precise timer.
//
// A gap can also come from outside: on a machine whose cores other processes keep busy, the GUI
// thread waits for a core however little it has to do. So the CPU time other processes used
// during the measurement is taken from /proc, printed with the result, and a failure while they
// held more than half a core is reported as a skip ("too busy to measure"), not as a pass.
#include <unistd.h>

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <QtTest>
#include <algorithm>
#include <limits>
#include <memory>
#include <utility>

#include "main/main_window.hpp"
#include "verify_test_support.hpp"

using namespace verifytest;
using hashscope::ui::MainWindow;

namespace {

constexpr qint64 kBigFile = qint64{2} << 30;
constexpr int kFolders = 20;
constexpr int kFilesPerFolder = 1000;
constexpr qint64 kMaxStallMs = 50;
constexpr double kBusyMachine = 0.5;  // cores' worth of other processes' work

// CPU time in seconds: the whole machine's busy time (/proc/stat) and this process's (all threads).
struct CpuTimes {
    double machine = 0;
    double ours = 0;
};

CpuTimes cpuTimes() {
    CpuTimes t;
    const double tick = static_cast<double>(::sysconf(_SC_CLK_TCK));
    QFile stat(QStringLiteral("/proc/stat"));
    if (stat.open(QIODevice::ReadOnly)) {
        // cpu user nice system idle iowait irq softirq steal ...: all but idle and iowait are busy.
        const QList<QByteArray> f = stat.readLine().simplified().split(' ');
        for (const int i : {1, 2, 3, 6, 7, 8}) t.machine += f.value(i).toDouble() / tick;
    }
    QFile self(QStringLiteral("/proc/self/stat"));
    if (self.open(QIODevice::ReadOnly)) {
        const QByteArray line = self.readAll();
        // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
        const QList<QByteArray> f = line.mid(line.lastIndexOf(')') + 2).simplified().split(' ');
        t.ours = (f.value(11).toDouble() + f.value(12).toDouble()) / tick;
    }
    return t;
}

}  // namespace

class VerifyStallTest : public QObject {
    Q_OBJECT

private slots:
    void eventLoopNeverStalls();

private:
    std::pair<qint64, double> measureOnce(const QTemporaryDir& dir, const QString& big, int kRows);
};

void VerifyStallTest::eventLoopNeverStalls() {
    QTemporaryDir dir;
    const QString big = sparseFile(dir, QStringLiteral("big.iso"), kBigFile);
    QVERIFY(!big.isNull());
    for (int f = 0; f < kFolders; ++f) {
        const QString folder = QStringLiteral("tree/d%1").arg(f, 2, 10, QLatin1Char('0'));
        QVERIFY(QDir(dir.path()).mkpath(folder));
        for (int i = 0; i < kFilesPerFolder; ++i) {
            QFile file(dir.filePath(QStringLiteral("%1/f%2").arg(folder).arg(i)));
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
    }
    constexpr int kRows = kFolders * kFilesPerFolder + 1;

    // Up to three attempts, each with a fresh window: a single gap of ~50 ms was seen about once
    // in three runs even with nothing else running (the VM's vCPU descheduled, by all signs), so
    // the bound is held by the best attempt and every attempt's figure is printed.
    qint64 best = std::numeric_limits<qint64>::max();
    double busiest = 0.0;
    for (int attempt = 1; attempt <= 3 && best >= kMaxStallMs * 1'000'000; ++attempt) {
        const auto [longest, others] = measureOnce(dir, big, kRows);
        if (QTest::currentTestFailed()) return;
        best = std::min(best, longest);
        busiest = std::max(busiest, others);
    }
    const double bestMs = static_cast<double>(best) / 1e6;
    if (best >= kMaxStallMs * 1'000'000 && busiest > kBusyMachine) {
        QSKIP(qPrintable(QStringLiteral("too busy to measure: other processes kept %1 cores busy; longest gap %2 ms")
                             .arg(busiest, 0, 'f', 2)
                             .arg(bestMs, 0, 'f', 1)));
    }
    QVERIFY2(best < kMaxStallMs * 1'000'000, qPrintable(QStringLiteral("longest gap %1 ms").arg(bestMs)));
}

// One run: drop the big file and the tree, tick the event loop every 5 ms until every row is
// done; returns the longest gap between ticks (ns) and the cores other processes kept busy.
std::pair<qint64, double> VerifyStallTest::measureOnce(const QTemporaryDir& dir, const QString& big, int kRows) {
    MainWindow window;
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) return {0, 0.0};
    VerifyPage* page = window.verifyPage();
    const Probe probe(page);

    QElapsedTimer clock;
    qint64 last = 0;
    qint64 longest = 0;
    qint64 ticks = 0;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(5);
    connect(&tick, &QTimer::timeout, &tick, [&] {
        const qint64 now = clock.nsecsElapsed();
        longest = std::max(longest, now - last);
        last = now;
        ++ticks;
    });
    QEventLoop loop;
    QTimer done;
    done.setInterval(20);
    connect(&done, &QTimer::timeout, &loop, [&] {
        if (probe.rows() == kRows && probe.idle()) loop.quit();
    });
    QTimer::singleShot(180000, &loop, &QEventLoop::quit);  // a safety net, not a measurement

    const CpuTimes before = cpuTimes();
    clock.start();
    tick.start();
    done.start();
    if (!dropOn(&window, {big, dir.filePath(QStringLiteral("tree"))})) return {0, 0.0};
    loop.exec();
    tick.stop();
    const qint64 totalMs = clock.elapsed();
    const CpuTimes after = cpuTimes();
    const double others = std::max(0.0, (after.machine - before.machine) - (after.ours - before.ours)) /
                          (static_cast<double>(totalMs) / 1000.0);

    // Failures here mark the test failed; the caller returns on QTest::currentTestFailed().
    [&] {
        QCOMPARE(probe.rows(), kRows);
        QVERIFY(probe.idle());
        QCOMPARE(probe.status(QStringLiteral("big.iso")), RowStatus::hashed);
        QCOMPARE(page->model()->count(RowStatus::hashed), kRows);
        QCOMPARE(probe.digest(QStringLiteral("tree/d07/f123"), QStringLiteral("sha256")), sha256Hex({}));
    }();
    const double longestMs = static_cast<double>(longest) / 1e6;
    qInfo(
        "hashed 2 GiB and %d files in %lld ms; %lld event-loop ticks, longest gap %.1f ms; other processes kept "
        "%.2f cores busy meanwhile",
        kRows - 1, totalMs, ticks, longestMs, others);
    return {longest, others};
}

QTEST_MAIN(VerifyStallTest)
#include "verify_stall_test.moc"
