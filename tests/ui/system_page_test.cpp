// The System page: this CPU's model and shape, its checksum-relevant features ✓/✗, library
// versions, and the implementation dispatch chose for each algorithm with the others it has.
#include <QLabel>
#include <QTableWidget>
#include <QtTest>

#include "hashscope/cpu.hpp"
#include "hashscope/libraries.hpp"
#include "hashscope/registry.hpp"
#include "system/implementation_table.hpp"
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

}  // namespace

class SystemPageTest : public QObject {
    Q_OBJECT

private slots:
    void showsTheHostCpu();
    void showsTheChosenImplementations();
    void forcedFeatureSetChangesTheChoice();
    void showsLibraryVersions();
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
    QVERIFY(cpu.hypervisor.empty() ? hypervisor.contains(QStringLiteral("none")) : hypervisor == QString::fromStdString(cpu.hypervisor));
    // Every feature of this architecture with ✓ or ✗, as the CPU has it.
    for (const CpuFeature f : native_cpu_features()) {
        const QString text = labelText(page, QStringLiteral("feature_%1").arg(QString::fromUtf8(cpu_feature_name(f).data())));
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
    QVERIFY(table->item(row, kUnavailableColumn)->text().contains(QStringLiteral("sse42 (needs sse4.2)")));
    for (const CpuFeature f : native_cpu_features()) {
        QVERIFY(labelText(page, QStringLiteral("feature_%1").arg(QString::fromUtf8(cpu_feature_name(f).data())))
                    .startsWith(QStringLiteral("✗")));
    }
}

void SystemPageTest::showsLibraryVersions() {
    SystemPage page;
    QCOMPARE(labelText(page, QStringLiteral("lib_hashscope")), QStringLiteral(HASHSCOPE_VERSION));
    for (const auto& [name, version] : library_versions()) {
        QCOMPARE(labelText(page, QStringLiteral("lib_%1").arg(QString::fromStdString(name))), QString::fromStdString(version));
    }
}

QTEST_MAIN(SystemPageTest)
#include "system_page_test.moc"
