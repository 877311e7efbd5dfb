// The Benchmark page in the main window: its tab beside Verify and System, and screenshots of the
// window before, during and after a run (scripts/screenshots runs this executable's `screenshots`).
// The page's settings, runs and results have their own tests: bench_page_settings_test.cpp,
// bench_page_run_test.cpp and bench_page_results_test.cpp.
#include <QStringList>
#include <QTabWidget>
#include <QtTest>

#include "bench/bench_config.hpp"
#include "bench/benchmark_page.hpp"
#include "bench/chart_panel.hpp"
#include "bench/config_panel.hpp"
#include "bench/results_model.hpp"
#include "bench_page_test_support.hpp"
#include "main/main_window.hpp"
#include "results/results_page.hpp"

using namespace hashscope;
using namespace hashscope::ui;
using namespace benchtest;

class BenchPageTest : public QObject, private ScratchSettings {
    Q_OBJECT

private slots:
    void initTestCase() { useScratchSettings(); }

    void windowHasTheBenchmarkAndSystemPages();
    void screenshots();
};

void BenchPageTest::windowHasTheBenchmarkAndSystemPages() {
    MainWindow window;
    auto* pages = window.findChild<QTabWidget*>(QStringLiteral("pages"));
    QVERIFY(pages);
    QStringList tabs;
    for (int i = 0; i < pages->count(); ++i) tabs << pages->tabText(i);
    QCOMPARE(tabs, (QStringList{QStringLiteral("Verify"), QStringLiteral("Benchmark"), QStringLiteral("Results"),
                                QStringLiteral("System")}));
    QVERIFY(window.showPage(QStringLiteral("benchmarkPage")));
    QCOMPARE(pages->currentWidget(), window.benchmarkPage());
    QVERIFY(window.showPage(QStringLiteral("resultsPage")));
    QCOMPARE(pages->currentWidget(), static_cast<QWidget*>(window.resultsPage()));
    QVERIFY(!window.showPage(QStringLiteral("noSuchPage")));
}

// With HASHSCOPE_SCREENSHOTS=DIR, saves the window before, during and after a run and the saved
// chart files, to be looked at; otherwise skipped.
void BenchPageTest::screenshots() {
    const QString out = qEnvironmentVariable("HASHSCOPE_SCREENSHOTS");
    if (out.isEmpty()) QSKIP("set HASHSCOPE_SCREENSHOTS=DIR to write screenshots");
    {
        // Greyed implementations, as on a CPU without AVX-512.
        BenchmarkPage reduced(host_cpu(), host_cpu().features.without({CpuFeature::avx512f, CpuFeature::vpclmulqdq}));
        reduced.resize(1400, 860);
        reduced.show();
        QVERIFY(QTest::qWaitForWindowExposed(&reduced));
        reduced.grab().save(out + QStringLiteral("/bench-reduced.png"));
    }
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.showPage(QStringLiteral("systemPage")));
    QTest::qWait(200);
    window.grab().save(out + QStringLiteral("/system.png"));
    QVERIFY(window.showPage(QStringLiteral("benchmarkPage")));
    BenchmarkPage* page = window.benchmarkPage();
    QTest::qWait(200);
    window.grab().save(out + QStringLiteral("/bench-before.png"));
    BenchSettings s = tinySettings();
    s.participants = {
        {"crc32c", "vpclmul"}, {"crc32c", "isal"}, {"crc32c", "sse42"}, {"sha256", "openssl"}, {"md5", "openssl"}};
    s.sizes = QStringLiteral("64..4MiB:x4");
    s.budgetSeconds = 0.1;
    page->config()->setSettings(s);
    page->run();
    QTRY_VERIFY_WITH_TIMEOUT(page->results()->rowCount() >= 8, kRunTimeoutMs);
    QTest::qWait(ChartPanel::kRepaintIntervalMs + 100);
    window.grab().save(out + QStringLiteral("/bench-during.png"));
    QTRY_VERIFY_WITH_TIMEOUT(!page->running(), kRunTimeoutMs);
    QTest::qWait(100);
    window.grab().save(out + QStringLiteral("/bench-after.png"));
    QCOMPARE(page->saveChart(out + QStringLiteral("/chart.png")), QString());
    QCOMPARE(page->saveChart(out + QStringLiteral("/chart.svg")), QString());
    QCOMPARE(page->saveChart(out + QStringLiteral("/chart.pdf")), QString());
    QCOMPARE(page->exportResults(out + QStringLiteral("/results.json")), QString());
    page->chart()->setView(ChartView::bars);
    QCOMPARE(page->saveChart(out + QStringLiteral("/bars.png")), QString());
    window.grab().save(out + QStringLiteral("/bench-bars.png"));
    page->chart()->setView(ChartView::gbps);
    window.grab().save(out + QStringLiteral("/bench-gbps.png"));
    // A second, quicker run compared with the first.
    QCOMPARE(page->loadBaseline(out + QStringLiteral("/results.json")), QString());
    s.budgetSeconds = 0.03;
    page->config()->setSettings(s);
    page->run();
    QTRY_VERIFY_WITH_TIMEOUT(!page->running(), kRunTimeoutMs);
    page->chart()->setView(ChartView::nsop);
    window.grab().save(out + QStringLiteral("/bench-baseline.png"));
    QCOMPARE(page->saveChart(out + QStringLiteral("/baseline.png")), QString());
    page->chart()->setView(ChartView::bars);
    QCOMPARE(page->saveChart(out + QStringLiteral("/baseline-bars.png")), QString());
}

QTEST_MAIN(BenchPageTest)
#include "bench_page_test.moc"
