// The System page: this CPU's model and shape, its checksum-relevant features ✓/✗, library
// versions, the implementation dispatch chose for each algorithm with the others it has, and the
// Self-test button: every implementation's verdict, progress, Cancel, a failing one in red.
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <array>

#include "hashscope/cpu.hpp"
#include "hashscope/libraries.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/selftest.hpp"
#include "system/calibration_panel.hpp"
#include "system/implementation_table.hpp"
#include "system/selftest_panel.hpp"
#include "system/system_page.hpp"

using namespace hashscope;
using namespace hashscope::ui;

namespace {

int rowOf(const QTableWidget& table, const QString& algorithm) {
    for (int row = 0; row < table.rowCount(); ++row) {
        if (table.item(row, kAlgorithmColumn)->text() == algorithm) return row;
    }
    return -1;
}

QString labelText(const QWidget& page, const QString& name) {
    const auto* label = page.findChild<QLabel*>(name);
    return label ? label->text() : QStringLiteral("<no %1>").arg(name);
}

constexpr int kSelfTestTimeoutMs = 60000;

// The crc32c kernels of this architecture that the tests of a smaller CPU look at: a CPU with only
// `features` runs `runs` and skips `skips`, which needs `skipsFor` too; a CPU with no features at all
// lists `runs` as unavailable with `runsUnavailable`.
struct SmallerCpu {
    CpuFeatureSet features;
    const char* runs;
    const char* runsUnavailable;
    const char* skips;
    const char* skipsFor;
};
#if defined(__aarch64__)
const SmallerCpu kSmallerCpu{CpuFeatureSet{CpuFeature::arm_crc32}, "armv8", "armv8 (needs crc32)", "pmull",
                             "needs pmull"};
#else
const SmallerCpu kSmallerCpu{CpuFeatureSet{CpuFeature::sse41, CpuFeature::sse42}, "sse42", "sse42 (needs sse4.2)",
                             "pclmul", "needs pclmulqdq"};
#endif

// CRC-32C bit by bit, written here so the test needs nothing from the library's insides.
std::uint64_t crc32cBitwise(std::uint64_t value, const std::byte* data, std::size_t size) {
    auto crc = static_cast<std::uint32_t>(~value);
    for (std::size_t i = 0; i < size; ++i) {
        crc ^= static_cast<std::uint8_t>(data[i]);
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0x82f63b78U & (0U - (crc & 1U)));
    }
    return ~crc;
}

// Off by one bit on every update: a deliberately wrong implementation.
std::uint64_t crc32cWrong(std::uint64_t value, const std::byte* data, std::size_t size) {
    return crc32cBitwise(value, data, size) ^ 1;
}

const auto kInjected = std::to_array<Implementation>({
    {"crc32c", "bitwise", "own", {}, 10, "bit at a time", nullptr, crc32cBitwise},
    {"crc32c", "wrong", "own", {}, 90, "deliberately wrong", nullptr, crc32cWrong},
});

QString resultOf(const SelfTestPanel& panel, const QString& algorithm, const QString& implementation) {
    const int row = panel.rowOf(algorithm, implementation);
    return row < 0 ? QStringLiteral("<no row>") : panel.table()->item(row, SelfTestPanel::kSelfTestResult)->text();
}

QString detailsOf(const SelfTestPanel& panel, const QString& algorithm, const QString& implementation) {
    const int row = panel.rowOf(algorithm, implementation);
    return row < 0 ? QStringLiteral("<no row>") : panel.table()->item(row, SelfTestPanel::kSelfTestDetails)->text();
}

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace

class SystemPageTest : public QObject {
    Q_OBJECT

private slots:
    void showsTheHostCpu();
    void showsTheChosenImplementations();
    void forcedFeatureSetChangesTheChoice();
    void showsLibraryVersions();
    void selfTestButtonShowsEveryVerdict();
    void selfTestCancelStopsMidway();
    void selfTestShowsAFailingImplementation();
    void selfTestOnASmallerCpuSkips();
    void screenshots();
};

void SystemPageTest::showsTheHostCpu() {
    SystemPage page;
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const CpuInfo& cpu = host_cpu();
    QVERIFY(!cpu.model.empty());
    QCOMPARE(labelText(page, QStringLiteral("systemModel")), QString::fromStdString(cpu.model));
    QVERIFY(labelText(page, QStringLiteral("systemCpuModel")).startsWith(QString::fromStdString(cpu.model)));
    QCOMPARE(labelText(page, QStringLiteral("systemVendor")), QString::fromStdString(cpu.vendor));
    QVERIFY(labelText(page, QStringLiteral("systemCores")).contains(QStringLiteral("%1 cores").arg(cpu.cores)));
    if (cpu.caches.l1d > 0) QVERIFY(labelText(page, QStringLiteral("systemCaches")).contains(QStringLiteral("L1d")));
    const QString hypervisor = labelText(page, QStringLiteral("systemHypervisor"));
    QVERIFY(cpu.hypervisor.empty() ? hypervisor.contains(QStringLiteral("none"))
                                   : hypervisor == QString::fromStdString(cpu.hypervisor));
    // Every feature of this architecture with ✓ or ✗, as the CPU has it.
    for (const CpuFeature f : native_cpu_features()) {
        const QString text =
            labelText(page, QStringLiteral("feature_%1").arg(QString::fromUtf8(cpu_feature_name(f).data())));
        QVERIFY2(text.startsWith(cpu.features.has(f) ? QStringLiteral("✓") : QStringLiteral("✗")), qPrintable(text));
    }
}

void SystemPageTest::showsTheChosenImplementations() {
    SystemPage page;
    auto* table = page.findChild<QTableWidget*>(QStringLiteral("implementationTable"));
    QVERIFY(table);
    QCOMPARE(table->rowCount(), static_cast<int>(algorithms().size()));
    const int row = rowOf(*table, QStringLiteral("crc32c"));
    QVERIFY(row >= 0);
    const QString chosen = table->item(row, kChosenColumn)->text();
    QCOMPARE(chosen, QString::fromUtf8(Registry::host().best("crc32c")->id.data()));
    // The portable table kernel runs anywhere, so it is among the others unless it was chosen.
    if (chosen != QStringLiteral("table")) {
        QVERIFY(table->item(row, kAlternativesColumn)->text().contains(QStringLiteral("table")));
    }
}

void SystemPageTest::forcedFeatureSetChangesTheChoice() {
    // A CPU with no features: crc32c falls back to a portable kernel and the rest are "needs ...".
    CpuInfo bare = host_cpu();
    bare.features = {};
    const Registry registry(CpuFeatureSet{});
    SystemPage page(bare, registry);
    auto* table = page.findChild<QTableWidget*>(QStringLiteral("implementationTable"));
    const int row = rowOf(*table, QStringLiteral("crc32c"));
    QVERIFY(row >= 0);
    QCOMPARE(table->item(row, kChosenColumn)->text(), QString::fromUtf8(registry.best("crc32c")->id.data()));
    QVERIFY(table->item(row, kUnavailableColumn)->text().contains(QString::fromUtf8(kSmallerCpu.runsUnavailable)));
    for (const CpuFeature f : native_cpu_features()) {
        QVERIFY(labelText(page, QStringLiteral("feature_%1").arg(QString::fromUtf8(cpu_feature_name(f).data())))
                    .startsWith(QStringLiteral("✗")));
    }
}

void SystemPageTest::showsLibraryVersions() {
    SystemPage page;
    QCOMPARE(labelText(page, QStringLiteral("lib_hashscope")), QStringLiteral(HASHSCOPE_VERSION));
    // The page is built without waiting for a worker to read (and open) the libraries.
    QVERIFY(page.findChild<QLabel*>(QStringLiteral("systemLibrariesPending")));
    for (const auto& [name, version] : library_versions()) {
        QTRY_COMPARE(labelText(page, QStringLiteral("lib_%1").arg(QString::fromStdString(name))),
                     QString::fromStdString(version));
    }
    QVERIFY(!page.findChild<QLabel*>(QStringLiteral("systemLibrariesPending")));
}

void SystemPageTest::selfTestButtonShowsEveryVerdict() {
    SystemPage page;
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    SelfTestPanel* panel = page.selfTest();
    QVERIFY(panel);
    auto* button = page.findChild<QPushButton*>(QStringLiteral("selfTestButton"));
    auto* cancel = page.findChild<QPushButton*>(QStringLiteral("selfTestCancelButton"));
    auto* progress = page.findChild<QProgressBar*>(QStringLiteral("selfTestProgress"));
    QVERIFY(button && cancel && progress);
    // Before: every implementation listed, not run (or skipped), Cancel off.
    QCOMPARE(panel->table()->rowCount(), static_cast<int>(all_implementations().size()));
    QVERIFY(!cancel->isEnabled());

    QTest::mouseClick(button, Qt::LeftButton);
    // The click returns at once: the work is on the panel's pool, not on this thread.
    QVERIFY(panel->running());
    QVERIFY(!button->isEnabled());
    QVERIFY(cancel->isEnabled());
    QVERIFY(progress->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!panel->running(), kSelfTestTimeoutMs);

    const SelfTestReport& report = panel->report();
    QVERIFY(!report.cancelled);
    QVERIFY2(report.passed(), qPrintable(labelText(page, QStringLiteral("selfTestSummary"))));
    const Registry& registry = Registry::host();
    for (const auto& row : all_implementations()) {
        const QString algorithm = qs(row.algorithm), id = qs(row.id);
        const QString result = resultOf(*panel, algorithm, id);
        if (registry.available(row)) {
            QVERIFY2(result == QStringLiteral("✓ passed"),
                     qPrintable(algorithm + QStringLiteral(" · ") + id + QStringLiteral(": ") + result));
            QVERIFY(detailsOf(*panel, algorithm, id).contains(QStringLiteral("known answers")));
        } else {
            QCOMPARE(result, QStringLiteral("skipped"));
        }
    }
    // Dispatch's crc32c is shown agreeing with the portable table.
    const QString best = qs(registry.best("crc32c")->id);
    if (best != QStringLiteral("table"))
        QVERIFY(detailsOf(*panel, QStringLiteral("crc32c"), best).endsWith(QStringLiteral("agree with table")));
    QVERIFY(labelText(page, QStringLiteral("selfTestSummary"))
                .startsWith(QStringLiteral("✓ All %1").arg(report.count(SelfTestStatus::passed))));
    QCOMPARE(progress->value(), progress->maximum());
    QVERIFY(!progress->isVisible());  // the summary says it all once the run is over
    QVERIFY(button->isEnabled());
    QVERIFY(!cancel->isEnabled());
}

void SystemPageTest::selfTestCancelStopsMidway() {
    SystemPage page;
    SelfTestPanel* panel = page.selfTest();
    SelfTestOptions slow;
    slow.random_messages = 100000;  // minutes of work: only Cancel ends it
    panel->setOptions(slow);
    QTest::mouseClick(page.findChild<QPushButton*>(QStringLiteral("selfTestButton")), Qt::LeftButton);
    QVERIFY(panel->running());
    auto* cancel = page.findChild<QPushButton*>(QStringLiteral("selfTestCancelButton"));
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(!cancel->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!panel->running(), kSelfTestTimeoutMs);
    QVERIFY(panel->report().cancelled);
    QVERIFY(panel->report().outcomes.size() < all_implementations().size());
    QVERIFY(labelText(page, QStringLiteral("selfTestSummary")).startsWith(QStringLiteral("Cancelled after")));
    // What never ran says so, rather than "waiting" forever.
    QStringList results;
    for (int r = 0; r < panel->table()->rowCount(); ++r)
        results << panel->table()->item(r, SelfTestPanel::kSelfTestResult)->text();
    QVERIFY(results.contains(QStringLiteral("not run")));
    QVERIFY(!results.contains(QStringLiteral("waiting")));
}

void SystemPageTest::selfTestShowsAFailingImplementation() {
    SystemPage page;
    SelfTestPanel* panel = page.selfTest();
    SelfTestOptions options;
    options.seed = 7;
    options.random_messages = 50;
    options.implementations = kInjected;
    panel->setOptions(options);
    QCOMPARE(panel->table()->rowCount(), 2);
    panel->run();
    QTRY_VERIFY_WITH_TIMEOUT(!panel->running(), kSelfTestTimeoutMs);
    QCOMPARE(resultOf(*panel, QStringLiteral("crc32c"), QStringLiteral("wrong")), QStringLiteral("✗ FAILED"));
    QVERIFY(
        detailsOf(*panel, QStringLiteral("crc32c"), QStringLiteral("wrong")).contains(QStringLiteral("known answer")));
    const int row = panel->rowOf(QStringLiteral("crc32c"), QStringLiteral("wrong"));
    QCOMPARE(panel->table()->item(row, SelfTestPanel::kSelfTestResult)->foreground().color(), QColor(0xb0, 0x00, 0x20));
    QCOMPARE(resultOf(*panel, QStringLiteral("crc32c"), QStringLiteral("bitwise")), QStringLiteral("✓ passed"));
    const QString summary = labelText(page, QStringLiteral("selfTestSummary"));
    QVERIFY2(summary.startsWith(QStringLiteral("✗ 1 of 2 failed: crc32c · wrong")), qPrintable(summary));
    QVERIFY(summary.contains(QStringLiteral("seed 7")));
    QVERIFY(!panel->report().passed());
}

void SystemPageTest::selfTestOnASmallerCpuSkips() {
    CpuInfo smaller = host_cpu();  // a Nehalem, or an ARMv8 core with CRC32 and no crypto extension
    smaller.features = kSmallerCpu.features;
    const Registry registry(smaller.features);
    SystemPage page(smaller, registry);
    SelfTestPanel* panel = page.selfTest();
    SelfTestOptions quick;
    quick.random_messages = 20;
    panel->setOptions(quick);
    // Before a run, what this CPU lacks is already named.
    const QString runs = QString::fromUtf8(kSmallerCpu.runs), skips = QString::fromUtf8(kSmallerCpu.skips);
    QVERIFY(detailsOf(*panel, QStringLiteral("crc32c"), skips).contains(QString::fromUtf8(kSmallerCpu.skipsFor)));
    panel->run();
    QTRY_VERIFY_WITH_TIMEOUT(!panel->running(), kSelfTestTimeoutMs);
    QVERIFY(panel->report().passed());
    QCOMPARE(resultOf(*panel, QStringLiteral("crc32c"), skips), QStringLiteral("skipped"));
    QCOMPARE(resultOf(*panel, QStringLiteral("crc32c"), runs), QStringLiteral("✓ passed"));
    QVERIFY(panel->report().count(SelfTestStatus::skipped) > 0);
}

// With HASHSCOPE_SCREENSHOTS=DIR (scripts/screenshots), saves the System page after a self-test on
// this CPU, on a smaller one, and with a failing implementation; otherwise skipped.
void SystemPageTest::screenshots() {
    const QString out = qEnvironmentVariable("HASHSCOPE_SCREENSHOTS");
    if (out.isEmpty()) QSKIP("set HASHSCOPE_SCREENSHOTS=DIR to write screenshots");
    const auto shoot = [&](SystemPage& page, const QString& name, const SelfTestOptions& options) {
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.selfTest()->setOptions(options);
        page.selfTest()->run();
        QTRY_VERIFY_WITH_TIMEOUT(!page.selfTest()->running(), kSelfTestTimeoutMs);
        QTest::qWait(100);
        QVERIFY(page.grab().save(out + QLatin1Char('/') + name));
    };
    {
        SystemPage page;
        shoot(page, QStringLiteral("system-selftest.png"), {});
    }
    {
        CpuInfo nehalem = host_cpu();
        nehalem.features = CpuFeatureSet{CpuFeature::sse41, CpuFeature::sse42};
        const Registry registry(nehalem.features);
        SystemPage page(nehalem, registry);
        shoot(page, QStringLiteral("system-selftest-nehalem.png"), {});
    }
    {
        SystemPage page;
        SelfTestOptions options;
        options.implementations = kInjected;
        shoot(page, QStringLiteral("system-selftest-failing.png"), options);
    }
    {
        // Mid-run: slowed down so that some verdicts are in and the rest are waiting.
        SystemPage page;
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        SelfTestOptions slow;
        slow.random_messages = 4000;
        page.selfTest()->setOptions(slow);
        page.selfTest()->run();
        QTRY_VERIFY_WITH_TIMEOUT(
            page.selfTest()->table()->item(8, SelfTestPanel::kSelfTestResult)->text() != QStringLiteral("waiting"),
            kSelfTestTimeoutMs);
        QTest::qWait(50);
        QVERIFY(page.grab().save(out + QStringLiteral("/system-selftest-running.png")));
        page.selfTest()->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!page.selfTest()->running(), kSelfTestTimeoutMs);
        QTest::qWait(100);  // the layout settles after the progress bar hides
        QVERIFY(page.grab().save(out + QStringLiteral("/system-selftest-cancelled.png")));
    }
    {
        // After a calibration (into a scratch cache folder): how dispatch chose, per size band.
        QTemporaryDir cache;
        qputenv("XDG_CACHE_HOME", cache.path().toUtf8());
        const Registry registry(host_cpu().features);
        SystemPage page(host_cpu(), registry);
        page.resize(1400, 900);
        page.show();
        page.calibration()->run();
        QTRY_VERIFY_WITH_TIMEOUT(!page.calibration()->running(), kSelfTestTimeoutMs);
        QTest::qWait(100);
        QVERIFY(page.grab().save(out + QStringLiteral("/system-calibrated.png")));
        qunsetenv("XDG_CACHE_HOME");
    }
}

QTEST_MAIN(SystemPageTest)
#include "system_page_test.moc"
