// A benchmark and a self-test never run at once (ui/main/exclusive_runs): in the real window, while
// one runs the other's Run button is off and its tooltip and status line say why; the block lifts
// when the run finishes or is cancelled, and run() called directly while blocked starts nothing.
#include <QLabel>
#include <QPushButton>
#include <QtTest>
#include <memory>

#include "bench/benchmark_page.hpp"
#include "bench/config_panel.hpp"
#include "bench_page_test_support.hpp"
#include "hashscope/selftest.hpp"
#include "main/exclusive_runs.hpp"
#include "main/main_window.hpp"
#include "system/selftest_panel.hpp"
#include "system/system_page.hpp"

using namespace hashscope;
using namespace hashscope::ui;
using namespace benchtest;

namespace {

constexpr int kSelfTestTimeoutMs = 60000;

QPushButton* buttonIn(const QWidget& parent, const char* name) {
    return parent.findChild<QPushButton*>(QString::fromLatin1(name));
}

QString labelText(const QWidget& parent, const char* name) {
    const auto* label = parent.findChild<QLabel*>(QString::fromLatin1(name));
    return label ? label->text() : QStringLiteral("<no %1>").arg(QString::fromLatin1(name));
}

// Enough work that only Cancel ends it within the test.
BenchSettings longBenchSettings() {
    BenchSettings s = tinySettings();
    s.sizes = QStringLiteral("64..4MiB:x2");
    s.budgetSeconds = 1;
    s.precisionPercent = 0.1;
    return s;
}

SelfTestOptions selfTestWithMessages(std::size_t randomMessages) {
    SelfTestOptions options;
    options.random_messages = randomMessages;
    return options;
}

}  // namespace

class ExclusiveRunsTest : public QObject, private ScratchSettings {
    Q_OBJECT

private slots:
    void initTestCase() { useScratchSettings(); }
    void init();
    void cleanup();

    void benchmarkBlocksTheSelfTestUntilItFinishes();
    void cancelledBenchmarkLiftsTheBlock();
    void selfTestBlocksTheBenchmarkUntilItFinishes();
    void cancelledSelfTestLiftsTheBlock();

private:
    [[nodiscard]] BenchmarkPage& bench() const { return *window_->benchmarkPage(); }
    [[nodiscard]] SelfTestPanel& selfTest() const { return *window_->systemPage()->selfTest(); }
    [[nodiscard]] QPushButton* benchButton(const char* name) const { return buttonIn(bench(), name); }
    [[nodiscard]] QPushButton* selfTestButton(const char* name) const { return buttonIn(selfTest(), name); }
    // Checks the self-test is blocked by a running benchmark, then that the block holds for run().
    void verifySelfTestBlocked();
    void verifyBenchmarkBlocked();

    std::unique_ptr<MainWindow> window_;
    QString selfTestToolTip_, benchToolTip_;  // the Run buttons' own tooltips, before any block
};

void ExclusiveRunsTest::init() {
    window_ = std::make_unique<MainWindow>();
    window_->show();
    QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    bench().config()->setSettings(tinySettings());
    selfTest().setOptions(selfTestWithMessages(20));
    QVERIFY(benchButton("runButton")->isEnabled());
    QVERIFY(selfTestButton("selfTestButton")->isEnabled());
    selfTestToolTip_ = selfTestButton("selfTestButton")->toolTip();
    benchToolTip_ = benchButton("runButton")->toolTip();
    QVERIFY(!selfTestToolTip_.isEmpty());
}

void ExclusiveRunsTest::cleanup() {
    window_->close();  // cancels and waits for what still runs, as closing the real window does
    window_.reset();
}

void ExclusiveRunsTest::verifySelfTestBlocked() {
    auto* run = selfTestButton("selfTestButton");
    QVERIFY(!run->isEnabled());
    QCOMPARE(run->toolTip(), blockedByBenchmarkText());
    QCOMPARE(labelText(selfTest(), "selfTestSummary"), blockedByBenchmarkText());
    QCOMPARE(selfTest().blockedBy(), blockedByBenchmarkText());
    selfTest().run();  // what a shortcut or script would call: refused as the button is
    QVERIFY(!selfTest().running());
}

void ExclusiveRunsTest::verifyBenchmarkBlocked() {
    auto* run = benchButton("runButton");
    QVERIFY(!run->isEnabled());
    QCOMPARE(run->toolTip(), blockedBySelfTestText());
    QCOMPARE(labelText(bench(), "benchStatusLine"), blockedBySelfTestText());
    QCOMPARE(bench().blockedBy(), blockedBySelfTestText());
    bench().run();
    QVERIFY(!bench().running());
}

void ExclusiveRunsTest::benchmarkBlocksTheSelfTestUntilItFinishes() {
    const QString summaryBefore = labelText(selfTest(), "selfTestSummary");
    QSignalSpy benchRunning(&bench(), &BenchmarkPage::runningChanged);
    QTest::mouseClick(benchButton("runButton"), Qt::LeftButton);
    QVERIFY(bench().running());
    QCOMPARE(benchRunning.count(), 1);
    QCOMPARE(benchRunning.at(0).at(0).toBool(), true);
    verifySelfTestBlocked();
    // The benchmark's own controls are not blocked by what it blocks.
    QVERIFY(bench().blockedBy().isEmpty());

    QTRY_VERIFY_WITH_TIMEOUT(!bench().running(), kRunTimeoutMs);
    QVERIFY(!bench().report().cancelled);
    QCOMPARE(benchRunning.count(), 2);
    QCOMPARE(benchRunning.at(1).at(0).toBool(), false);
    QVERIFY(selfTestButton("selfTestButton")->isEnabled());
    QCOMPARE(selfTestButton("selfTestButton")->toolTip(), selfTestToolTip_);
    QCOMPARE(labelText(selfTest(), "selfTestSummary"), summaryBefore);
    QVERIFY(selfTest().blockedBy().isEmpty());
    // And the self-test really runs now.
    QTest::mouseClick(selfTestButton("selfTestButton"), Qt::LeftButton);
    QVERIFY(selfTest().running());
    QTRY_VERIFY_WITH_TIMEOUT(!selfTest().running(), kSelfTestTimeoutMs);
    QVERIFY(selfTest().report().passed());
}

void ExclusiveRunsTest::cancelledBenchmarkLiftsTheBlock() {
    bench().config()->setSettings(longBenchSettings());
    QTest::mouseClick(benchButton("runButton"), Qt::LeftButton);
    QVERIFY(bench().running());
    verifySelfTestBlocked();
    // Cancel stays usable: the way out of the block is always there.
    QVERIFY(benchButton("benchCancelButton")->isEnabled());
    QTest::mouseClick(benchButton("benchCancelButton"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!bench().running(), kRunTimeoutMs);
    QVERIFY(bench().report().cancelled);
    QVERIFY(selfTestButton("selfTestButton")->isEnabled());
    QCOMPARE(selfTestButton("selfTestButton")->toolTip(), selfTestToolTip_);
    QVERIFY(selfTest().blockedBy().isEmpty());
}

void ExclusiveRunsTest::selfTestBlocksTheBenchmarkUntilItFinishes() {
    const QString statusBefore = labelText(bench(), "benchStatusLine");
    QSignalSpy selfTestRunning(&selfTest(), &SelfTestPanel::runningChanged);
    QSignalSpy selfTestFinished(&selfTest(), &SelfTestPanel::runFinished);
    QTest::mouseClick(selfTestButton("selfTestButton"), Qt::LeftButton);
    QVERIFY(selfTest().running());
    QCOMPARE(selfTestRunning.count(), 1);
    QCOMPARE(selfTestRunning.at(0).at(0).toBool(), true);
    verifyBenchmarkBlocked();
    QVERIFY(selfTest().blockedBy().isEmpty());

    QTRY_VERIFY_WITH_TIMEOUT(!selfTest().running(), kSelfTestTimeoutMs);
    QVERIFY(selfTest().report().passed());
    QCOMPARE(selfTestRunning.count(), 2);
    QCOMPARE(selfTestRunning.at(1).at(0).toBool(), false);
    QCOMPARE(selfTestFinished.count(), 1);  // still there for those who only care about the end
    auto* run = benchButton("runButton");
    QVERIFY(run->isEnabled());
    QCOMPARE(run->toolTip(), benchToolTip_);
    QCOMPARE(labelText(bench(), "benchStatusLine"), statusBefore);
    QVERIFY(bench().blockedBy().isEmpty());
    // And the benchmark really runs now.
    QTest::mouseClick(run, Qt::LeftButton);
    QVERIFY(bench().running());
    QTRY_VERIFY_WITH_TIMEOUT(!bench().running(), kRunTimeoutMs);
    QVERIFY(!bench().report().cancelled);
}

void ExclusiveRunsTest::cancelledSelfTestLiftsTheBlock() {
    selfTest().setOptions(selfTestWithMessages(100000));  // minutes of work: only Cancel ends it
    QTest::mouseClick(selfTestButton("selfTestButton"), Qt::LeftButton);
    QVERIFY(selfTest().running());
    verifyBenchmarkBlocked();
    QVERIFY(selfTestButton("selfTestCancelButton")->isEnabled());
    QTest::mouseClick(selfTestButton("selfTestCancelButton"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!selfTest().running(), kSelfTestTimeoutMs);
    QVERIFY(selfTest().report().cancelled);
    QVERIFY(benchButton("runButton")->isEnabled());
    QCOMPARE(benchButton("runButton")->toolTip(), benchToolTip_);
    QVERIFY(bench().blockedBy().isEmpty());
}

QTEST_MAIN(ExclusiveRunsTest)
#include "exclusive_runs_test.moc"
