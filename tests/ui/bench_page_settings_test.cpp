// The Benchmark page's settings as a user sets them up: presets fill the fields, bad fields say
// what is wrong beside them, implementations the CPU cannot run are greyed out with the missing
// feature named, and the settings are remembered between runs of the program (in a scratch
// location, never the user's own).
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>
#include <memory>

#include "bench/bench_config.hpp"
#include "bench/benchmark_page.hpp"
#include "bench/chart_panel.hpp"
#include "bench/config_panel.hpp"
#include "bench/participant_tree.hpp"
#include "bench/settings_store.hpp"
#include "bench_page_test_support.hpp"

using namespace hashscope;
using namespace hashscope::ui;
using namespace benchtest;

namespace {

// The crc32c kernels of this architecture that greying is tested with: the widest, `id`, cannot run
// on this CPU without `missing` (its row names `nameHas`, its tooltip each of `tooltipHas`, and the
// summary marks `mark`); with no features at all even `bareId` is greyed, naming `bareNameHas`.
struct WidestKernel {
    CpuFeatureSet missing;
    QString id, nameHas;
    QStringList tooltipHas;
    QString mark, bareId, bareNameHas;
};

WidestKernel widestKernel() {
#if defined(__aarch64__)
    return {CpuFeatureSet{CpuFeature::arm_pmull},
            QStringLiteral("pmull"),
            QStringLiteral("pmull"),
            {QStringLiteral("pmull")},
            QStringLiteral("✗ PMULL"),
            QStringLiteral("armv8"),
            QStringLiteral("crc32")};
#else
    return {CpuFeatureSet{CpuFeature::avx512f, CpuFeature::avx512bw, CpuFeature::avx512vl, CpuFeature::vpclmulqdq},
            QStringLiteral("vpclmul"),
            QStringLiteral("avx512"),
            {QStringLiteral("avx512f"), QStringLiteral("vpclmulqdq")},
            QStringLiteral("✗ AVX-512F"),
            QStringLiteral("sse42"),
            QStringLiteral("sse4.2")};
#endif
}

}  // namespace

class BenchPageSettingsTest : public QObject, private PageFixture {
    Q_OBJECT

private slots:
    void initTestCase() { useScratchSettings(); }
    void init() { openPage(); }
    void cleanup() { closePage(); }

    void presetsFillTheFields();
    void badFieldsShowInlineErrors();
    void unavailableImplementationsAreGreyed();
    void settingsSurviveRecreatingThePage();
};

void BenchPageSettingsTest::presetsFillTheFields() {
    auto* preset = page_->findChild<QComboBox*>(QStringLiteral("presetCombo"));
    auto* sizes = page_->findChild<QLineEdit*>(QStringLiteral("sizesEdit"));
    auto* threads = page_->findChild<QLineEdit*>(QStringLiteral("threadsEdit"));
    auto* estimate = page_->findChild<QLabel*>(QStringLiteral("estimateLabel"));
    QVERIFY(preset && sizes && threads && estimate);
    QStringList names;
    for (int i = 0; i < preset->count(); ++i) names << preset->itemText(i);
    for (const char* name :
         {"quick", "aws-sdk", "bookkeeper-crc32c", "ozone-threads", "md5-vs-md5sum", "full", "custom"}) {
        QVERIFY2(names.contains(QLatin1String(name)), name);
    }
    // quick by default: the six AWS algorithms at their best, 64 B..1 MiB, and an estimate.
    QCOMPARE(page_->config()->presetName(), QStringLiteral("quick"));
    QCOMPARE(sizes->text(), QStringLiteral("64..1MiB:x4"));
    QCOMPARE(page_->config()->tree()->selection().size(), std::size_t{6});
    QVERIFY2(estimate->text().contains(QStringLiteral("cells")) && estimate->text().contains(QStringLiteral("about")),
             qPrintable(estimate->text()));

    page_->config()->setPreset(QStringLiteral("bookkeeper-crc32c"));
    QCOMPARE(sizes->text(), QStringLiteral("64,1KiB,4086,8KiB,16KiB,64KiB"));
    const auto participants = page_->config()->tree()->selection();
    QVERIFY(participants.size() >= 4);
    for (const auto& p : participants) QCOMPARE(QString::fromStdString(p.algorithm), QStringLiteral("crc32c"));
    auto spec = page_->config()->spec();
    QVERIFY(spec.ok());
    QCOMPARE(QString::fromStdString(spec->preset), QStringLiteral("bookkeeper-crc32c"));
    QCOMPARE(spec->sizes.size(), std::size_t{6});

    page_->config()->setPreset(QStringLiteral("ozone-threads"));
    QVERIFY2(threads->text().startsWith(QStringLiteral("1,")), qPrintable(threads->text()));

    // Editing a field by hand makes it a custom run.
    threads->setText(QStringLiteral("1"));
    QCOMPARE(page_->config()->presetName(), QStringLiteral("custom"));
    QCOMPARE(QString::fromStdString(page_->config()->spec()->preset), QStringLiteral("custom"));
}

void BenchPageSettingsTest::badFieldsShowInlineErrors() {
    auto* sizes = page_->findChild<QLineEdit*>(QStringLiteral("sizesEdit"));
    auto* sizesError = page_->findChild<QLabel*>(QStringLiteral("sizesError"));
    auto* threads = page_->findChild<QLineEdit*>(QStringLiteral("threadsEdit"));
    auto* threadsError = page_->findChild<QLabel*>(QStringLiteral("threadsError"));
    auto* mode = page_->findChild<QComboBox*>(QStringLiteral("modeCombo"));
    auto* modeError = page_->findChild<QLabel*>(QStringLiteral("modeError"));
    auto* estimate = page_->findChild<QLabel*>(QStringLiteral("estimateLabel"));
    QVERIFY(sizes && sizesError && threads && threadsError && mode && modeError && estimate);
    QVERIFY(!sizesError->isVisible());

    sizes->setText(QStringLiteral("64..oops"));
    QVERIFY(sizesError->isVisible());
    QVERIFY(!sizesError->text().isEmpty());
    QVERIFY(!button("runButton")->isEnabled());
    QVERIFY(estimate->text().startsWith(QStringLiteral("Cannot run")));
    sizes->setText(QStringLiteral("64..4KiB:x4"));
    QVERIFY(!sizesError->isVisible());
    QVERIFY(button("runButton")->isEnabled());

    threads->setText(QStringLiteral("0"));
    QVERIFY(threadsError->isVisible());
    threads->setText(QStringLiteral("1,2"));
    QVERIFY(!threadsError->isVisible());
    mode->setCurrentText(QStringLiteral("stream:"));
    QVERIFY(modeError->isVisible());
    mode->setCurrentText(QStringLiteral("oneshot,bytewise"));
    QVERIFY(!modeError->isVisible());
    QCOMPARE(page_->config()->spec()->modes.size(), std::size_t{2});

    // No implementation ticked: nothing to run, and the estimate says why.
    page_->config()->tree()->setTicked({});
    QVERIFY(!button("runButton")->isEnabled());
    QVERIFY(estimate->text().contains(QStringLiteral("ticked")));
}

void BenchPageSettingsTest::unavailableImplementationsAreGreyed() {
    // This CPU without what the widest CRC kernel needs (AVX-512 and VPCLMULQDQ, or PMULL).
    const WidestKernel widest = widestKernel();
    const CpuFeatureSet reduced = host_cpu().features.without(widest.missing);
    BenchmarkPage page(host_cpu(), reduced);
    auto* tree = page.config()->tree();
    QTreeWidgetItem* greyed = tree->implementationItem(QStringLiteral("crc32c"), widest.id);
    QVERIFY(greyed);
    QVERIFY(!(greyed->flags() & Qt::ItemIsEnabled));
    QVERIFY(!(greyed->flags() & Qt::ItemIsUserCheckable));
    QVERIFY2(greyed->text(ParticipantTree::Name).contains(QStringLiteral("needs")), qPrintable(greyed->text(0)));
    QVERIFY(greyed->text(ParticipantTree::Name).contains(widest.nameHas));
    for (const QString& feature : widest.tooltipHas) {
        QVERIFY2(greyed->toolTip(ParticipantTree::Name).contains(feature), qPrintable(feature));
    }
    // Ticking the whole algorithm passes the greyed one by.
    QTreeWidgetItem* crc32c = greyed->parent();
    crc32c->setCheckState(ParticipantTree::Name, Qt::Checked);
    const auto chosen = tree->selection();
    QVERIFY(!chosen.empty());
    for (const auto& p : chosen) QVERIFY(p.implementation != widest.id.toStdString());
    // An implementation the reduced CPU can run stays enabled.
    QTreeWidgetItem* table = tree->implementationItem(QStringLiteral("crc32c"), QStringLiteral("table"));
    QVERIFY(table && (table->flags() & Qt::ItemIsEnabled));
    // The summary beside the chart says what is missing.
    bool markedMissing = false;
    for (const QLabel* label : page.findChildren<QLabel*>()) markedMissing |= label->text() == widest.mark;
    QVERIFY(markedMissing);

    // With no features at all even the narrowest own kernel is greyed, naming what it needs.
    BenchmarkPage bare(host_cpu(), CpuFeatureSet{});
    QTreeWidgetItem* narrow = bare.config()->tree()->implementationItem(QStringLiteral("crc32c"), widest.bareId);
    QVERIFY(narrow && !(narrow->flags() & Qt::ItemIsEnabled));
    QVERIFY(narrow->text(ParticipantTree::Name).contains(widest.bareNameHas));
}

void BenchPageSettingsTest::settingsSurviveRecreatingThePage() {
    QCoreApplication::setOrganizationName(QStringLiteral("HashScopeTest"));
    const auto forget = qScopeGuard([] { QCoreApplication::setOrganizationName({}); });
    QVERIFY(rememberingSettings());
    QVERIFY2(QSettings().fileName().startsWith(settingsDir_.path()), qPrintable(QSettings().fileName()));
    QSettings().clear();
    page_ = std::make_unique<BenchmarkPage>();
    QCOMPARE(page_->config()->presetName(), QStringLiteral("quick"));  // nothing remembered yet

    BenchSettings s;
    s.participants = {{"crc32c", "table"}, {"sha256", "openssl"}};
    s.sizes = QStringLiteral("64,1KiB");
    s.modes = QStringLiteral("stream:4KiB");
    s.threads = QStringLiteral("1,2");
    s.placements = {bench::Placement::cold};
    s.precisionPercent = 2.5;
    s.budgetSeconds = 0.3;
    page_->config()->setSettings(s);
    page_->chart()->setView(ChartView::bars);
    page_.reset();  // closing the page saves what the pause before saving had not yet
    page_ = std::make_unique<BenchmarkPage>();
    QCOMPARE(page_->config()->presetName(), QStringLiteral("custom"));
    const BenchSettings got = page_->config()->settings();
    QCOMPARE(got.participants, s.participants);
    QCOMPARE(got.sizes, s.sizes);
    QCOMPARE(got.modes, s.modes);
    QCOMPARE(got.threads, s.threads);
    QCOMPARE(got.placements, s.placements);
    QCOMPARE(got.precisionPercent, s.precisionPercent);
    QCOMPARE(got.budgetSeconds, s.budgetSeconds);
    QCOMPARE(page_->chart()->view(), ChartView::bars);

    // A settings file edited by hand: "64,1KiB" unquoted is read by QSettings as a list.
    page_.reset();
    QSettings().setValue(QStringLiteral("benchmark/sizes"), QStringList{QStringLiteral("64"), QStringLiteral("1KiB")});
    page_ = std::make_unique<BenchmarkPage>();
    QCOMPARE(page_->config()->settings().sizes, s.sizes);

    // A published preset is remembered by its name, and saved after a pause without closing.
    page_->config()->setPreset(QStringLiteral("aws-sdk"));
    const BenchSettings aws = page_->config()->settings();
    QTRY_COMPARE(QSettings().value(QStringLiteral("benchmark/preset")).toString(), QStringLiteral("aws-sdk"));
    page_ = std::make_unique<BenchmarkPage>();
    QCOMPARE(page_->config()->presetName(), QStringLiteral("aws-sdk"));
    QCOMPARE(page_->config()->settings().participants, aws.participants);
    QCOMPARE(page_->config()->settings().sizes, aws.sizes);
    QCOMPARE(page_->chart()->view(), ChartView::bars);

    // Settings from a machine that could run more: this CPU keeps what it can run.
    const Implementation* vpclmul = Registry::host().find("crc32c", "vpclmul");
    if (vpclmul != nullptr && Registry::host().available(*vpclmul)) {
        s.participants = {{"crc32c", "vpclmul"}, {"crc32c", "table"}};
        page_->config()->setSettings(s);
        page_.reset();
        page_ = std::make_unique<BenchmarkPage>(host_cpu(), host_cpu().features.without({CpuFeature::avx512f}));
        QCOMPARE(page_->config()->settings().participants, (std::vector<bench::Participant>{{"crc32c", "table"}}));
        QCOMPARE(page_->config()->settings().sizes, s.sizes);
    }
}

QTEST_MAIN(BenchPageSettingsTest)
#include "bench_page_settings_test.moc"
