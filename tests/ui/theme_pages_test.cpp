// The Benchmark and System pages under View > Theme: after a switch to Dark or High contrast the
// benchmark chart is drawn again on the theme's paper with its ink (background, axes, grid, text,
// legend), and the System page's coloured labels and self-test rows take the theme's status
// colours. With HASHSCOPE_SCREENSHOTS=DIR (scripts/screenshots), saves both pages in both themes.
#include <qcustomplot.h>
#include <QAction>
#include <QLabel>
#include <QTableWidget>
#include <QtTest>

#include "bench/benchmark_page.hpp"
#include "bench/chart_panel.hpp"
#include "bench/config_panel.hpp"
#include "bench_page_test_support.hpp"
#include "common/status_tone.hpp"
#include "main/main_window.hpp"
#include "main/theme.hpp"
#include "plot/chart_style.hpp"
#include "system/selftest_panel.hpp"
#include "system/system_page.hpp"

using namespace hashscope;
using namespace hashscope::ui;
using namespace benchtest;

class ThemePagesTest : public QObject, private ScratchSettings {
    Q_OBJECT

private slots:
    void initTestCase() { useScratchSettings(); }
    void cleanup() { applyTheme(Theme::system); }

    void chartAndSystemPageFollowTheTheme() { walkThemes(); }
    // scripts/screenshots runs this one alone, with HASHSCOPE_SCREENSHOTS set.
    void screenshots() {
        if (qEnvironmentVariableIsEmpty("HASHSCOPE_SCREENSHOTS")) QSKIP("set HASHSCOPE_SCREENSHOTS=DIR");
        walkThemes();
    }

private:
    void walkThemes();
    // What the chart shows, as pixels: the colour of its top-left corner (nothing is drawn there
    // but the paper).
    static QColor paperOf(QCustomPlot* plot) { return plot->toPixmap(200, 150).toImage().pixelColor(2, 2); }
    void checkTheme(MainWindow& window, const QString& action, const QString& name);
};

void ThemePagesTest::checkTheme(MainWindow& window, const QString& action, const QString& name) {
    auto* themeAction = window.findChild<QAction*>(action);
    QVERIFY(themeAction);
    themeAction->trigger();
    const chart_style::Ink ink = chart_style::inkFor();
    QVERIFY(ink.paper.lightness() < 64);  // a dark paper, whichever of the two
    QVERIFY(ink.text.lightness() > 190);

    QVERIFY(window.showPage(QStringLiteral("benchmarkPage")));
    QCustomPlot* plot = window.benchmarkPage()->chart()->plot();
    QTRY_COMPARE(paperOf(plot), ink.paper);
    QCOMPARE(plot->xAxis->tickLabelColor(), ink.text);
    QCOMPARE(plot->yAxis->labelColor(), ink.text);
    QCOMPARE(plot->xAxis->basePen().color(), ink.text);
    QCOMPARE(plot->xAxis->grid()->pen().color(), ink.grid);
    QVERIFY(plot->legend);
    QCOMPARE(plot->legend->brush().color(), ink.paper);
    QCOMPARE(plot->legend->textColor(), ink.text);
    const QString shots = qEnvironmentVariable("HASHSCOPE_SCREENSHOTS");
    if (!shots.isEmpty()) QVERIFY(window.grab().save(shots + QStringLiteral("/bench-%1.png").arg(name)));

    QVERIFY(window.showPage(QStringLiteral("systemPage")));
    SystemPage* system = window.systemPage();
    const auto labels = system->findChildren<QLabel*>();
    int features = 0;
    for (const QLabel* label : labels) {
        if (!label->objectName().startsWith(QStringLiteral("feature_"))) continue;
        ++features;
        const bool present = label->text().startsWith(QStringLiteral("✓"));
        const QColor want = toneColour(present ? Tone::good : Tone::muted);
        QVERIFY2(label->styleSheet().contains(want.name()), qPrintable(label->objectName() + label->styleSheet()));
    }
    QVERIFY(features > 0);
    // A self-test row's verdict in the theme's colour for a pass.
    QTableWidget* table = system->selfTest()->table();
    for (int r = 0; r < table->rowCount(); ++r) {
        const QTableWidgetItem* result = table->item(r, SelfTestPanel::kSelfTestResult);
        if (!result->text().contains(QStringLiteral("passed"))) continue;
        QCOMPARE(result->foreground().color(), toneColour(Tone::good));
        break;
    }
    if (!shots.isEmpty()) QVERIFY(window.grab().save(shots + QStringLiteral("/system-%1.png").arg(name)));
}

void ThemePagesTest::walkThemes() {
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    BenchmarkPage* bench = window.benchmarkPage();
    BenchSettings s = tinySettings();
    s.participants = {{"crc32c", bestCrc32c().toStdString()}, {"sha256", "openssl"}};
    bench->config()->setSettings(s);
    bench->run();
    QTRY_VERIFY_WITH_TIMEOUT(!bench->running(), kRunTimeoutMs);
    SystemPage* system = window.systemPage();
    system->selfTest()->run();
    QTRY_VERIFY_WITH_TIMEOUT(!system->selfTest()->running(), kRunTimeoutMs);
    QVERIFY(window.showPage(QStringLiteral("benchmarkPage")));
    QCOMPARE(paperOf(bench->chart()->plot()), QColor(Qt::white));  // the light theme's paper

    checkTheme(window, QStringLiteral("theme_dark"), QStringLiteral("dark"));
    checkTheme(window, QStringLiteral("theme_high-contrast"), QStringLiteral("contrast"));
    QCOMPARE(chart_style::inkFor().paper, QColor(Qt::black));

    window.findChild<QAction*>(QStringLiteral("theme_system"))->trigger();
    QTRY_COMPARE(paperOf(bench->chart()->plot()), QColor(Qt::white));
}

QTEST_MAIN(ThemePagesTest)
#include "theme_pages_test.moc"
