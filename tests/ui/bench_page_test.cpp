// The Benchmark page as a user meets it: a tiny run started with the Run button fills the table
// and the chart as cells finish, Cancel stops a long one and the page goes idle, implementations
// the CPU cannot run are greyed out with the missing feature named, and the chart and results
// are saved, exported, read back and compared with a baseline; the settings are remembered
// between runs of the program (in a scratch location, never the user's own).
#include <qcustomplot.h>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>
#include <memory>

#include "bench/benchmark_page.hpp"
#include "bench/bench_config.hpp"
#include "bench/chart_panel.hpp"
#include "bench/config_panel.hpp"
#include "bench/core_pinning.hpp"
#include "bench/participant_tree.hpp"
#include "bench/results_model.hpp"
#include "bench/run_progress.hpp"
#include "bench/settings_store.hpp"
#include "hashscope/bench/report.hpp"
#include "main/main_window.hpp"

using namespace hashscope;
using namespace hashscope::ui;

namespace {

constexpr int kRunTimeoutMs = 60000;

QString bestCrc32c() { return QString::fromUtf8(Registry::host().best("crc32c")->id.data()); }
QString crcLabel() { return QStringLiteral("crc32c · ") + bestCrc32c(); }

// One algorithm at dispatch's choice, two small sizes, a tiny budget: done in well under a second.
BenchSettings tinySettings() {
    BenchSettings s;
    s.participants = {{"crc32c", bestCrc32c().toStdString()}};
    s.sizes = QStringLiteral("64,4KiB");
    s.modes = QStringLiteral("oneshot");
    s.threads = QStringLiteral("1");
    s.budgetSeconds = 0.02;
    s.precisionPercent = 5;
    return s;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList columnTexts(const QAbstractItemModel& model, int column) {
    QStringList out;
    for (int row = 0; row < model.rowCount(); ++row) out << model.index(row, column).data().toString();
    return out;
}

}  // namespace

class BenchPageTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void windowHasTheBenchmarkAndSystemPages();
    void presetsFillTheFields();
    void badFieldsShowInlineErrors();
    void progressWords();
    void measuringCoreIsSetAside();
    void tinyRunFillsTableAndChart();
    void cancelStopsARunMidway();
    void unavailableImplementationsAreGreyed();
    void chartViewsTooltipsLegendAndZoom();
    void savesTheChart();
    void exportsAndReadsBack();
    void baselineOverlayAndRatio();
    void settingsSurviveRecreatingThePage();
    void screenshots();

private:
    void runTiny();
    [[nodiscard]] QPushButton* button(const char* name) const;

    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<BenchmarkPage> page_;
    QTemporaryDir settingsDir_;  // QSettings of this test, whatever it remembers
};

void BenchPageTest::initTestCase() {
    // Before any QSettings exists: a scratch place for anything this test would remember. Pages
    // remember nothing without an organisation name; only the test of remembering sets one.
    QVERIFY(settingsDir_.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir_.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
    QVERIFY(!rememberingSettings());
}

void BenchPageTest::init() {
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
    page_ = std::make_unique<BenchmarkPage>();
    page_->resize(1280, 800);
    page_->show();
    QVERIFY(QTest::qWaitForWindowExposed(page_.get()));
}

void BenchPageTest::cleanup() {
    page_.reset();  // cancels and waits for a run still going
    dir_.reset();
}

QPushButton* BenchPageTest::button(const char* name) const {
    return page_->findChild<QPushButton*>(QString::fromLatin1(name));
}

void BenchPageTest::runTiny() {
    page_->config()->setSettings(tinySettings());
    QVERIFY(button("runButton")->isEnabled());
    QTest::mouseClick(button("runButton"), Qt::LeftButton);
    QVERIFY(page_->running());
    QTRY_VERIFY_WITH_TIMEOUT(!page_->running(), kRunTimeoutMs);
    QVERIFY(!page_->report().cancelled);
}

void BenchPageTest::windowHasTheBenchmarkAndSystemPages() {
    MainWindow window;
    auto* pages = window.findChild<QTabWidget*>(QStringLiteral("pages"));
    QVERIFY(pages);
    QStringList tabs;
    for (int i = 0; i < pages->count(); ++i) tabs << pages->tabText(i);
    QCOMPARE(tabs, (QStringList{QStringLiteral("Verify"), QStringLiteral("Benchmark"), QStringLiteral("System")}));
    QVERIFY(window.showPage(QStringLiteral("benchmarkPage")));
    QCOMPARE(pages->currentWidget(), window.benchmarkPage());
    QVERIFY(!window.showPage(QStringLiteral("noSuchPage")));
}

void BenchPageTest::presetsFillTheFields() {
    auto* preset = page_->findChild<QComboBox*>(QStringLiteral("presetCombo"));
    auto* sizes = page_->findChild<QLineEdit*>(QStringLiteral("sizesEdit"));
    auto* threads = page_->findChild<QLineEdit*>(QStringLiteral("threadsEdit"));
    auto* estimate = page_->findChild<QLabel*>(QStringLiteral("estimateLabel"));
    QVERIFY(preset && sizes && threads && estimate);
    QStringList names;
    for (int i = 0; i < preset->count(); ++i) names << preset->itemText(i);
    for (const char* name : {"quick", "aws-sdk", "bookkeeper-crc32c", "ozone-threads", "md5-vs-md5sum", "full", "custom"}) {
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

void BenchPageTest::badFieldsShowInlineErrors() {
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
    page_->config()->tree()->setSelection({});
    QVERIFY(!button("runButton")->isEnabled());
    QVERIFY(estimate->text().contains(QStringLiteral("ticked")));
}

void BenchPageTest::progressWords() {
    bench::BenchSpec spec;
    spec.participants = {{"crc32c", "isal"}};
    spec.sizes = {64, 4096};
    // Harness + crc32c per size: cells 0-1 measure 64 B, 2-3 measure 4 KiB.
    QCOMPARE(measuringText(spec, 1), QStringLiteral("64 B · oneshot · 1 thread"));
    QCOMPARE(measuringText(spec, 2), QStringLiteral("4 KiB · oneshot · 1 thread"));
    QCOMPARE(measuringText(spec, 4), QString());
    QCOMPARE(secondsLeft(10, 4, 0, 4), 6.0);
    QCOMPARE(secondsLeft(10, 4, 2, 4), 4.0);
    QCOMPARE(secondsLeft(10, 4, 4, 4), 0.0);
    QVERIFY(progressText(spec, 2, 4, 5).startsWith(QStringLiteral("cell 3 of 4 · now 4 KiB")));
}

void BenchPageTest::measuringCoreIsSetAside() {
    // Single-thread runs measure on the last core; multi-thread runs and one-core machines do not pin.
    QCOMPARE(measuringCoreFor({1}, {0, 1, 2}), std::optional<int>(2));
    QCOMPARE(measuringCoreFor({1, 2}, {0, 1, 2}), std::optional<int>());
    QCOMPARE(measuringCoreFor({1}, {3}), std::optional<int>());
    QCOMPARE(coresExcept({0, 1, 2}, 2), (std::vector<int>{0, 1}));
    // Pinning holds while the guard lives and the old mask comes back after.
    const std::vector<int> before = allowedCores();
    QVERIFY(!before.empty());
    {
        ScopedAffinity pin({before.front()});
        QVERIFY(pin.pinned());
        QCOMPARE(allowedCores(), std::vector<int>{before.front()});
    }
    QCOMPARE(allowedCores(), before);
}

void BenchPageTest::tinyRunFillsTableAndChart() {
    auto* model = page_->results();
    int insertedLive = 0;
    connect(model, &QAbstractItemModel::rowsInserted, this, [&] { ++insertedLive; });
    runTiny();
    // Rows arrived one by one while it ran (then the final report replaced them in order).
    QVERIFY(insertedLive >= 1);
    // Harness and crc32c at 64 B and 4 KiB.
    QCOMPARE(model->rowCount(), 4);
    QCOMPARE(columnTexts(*model, ResultsModel::Size),
             (QStringList{QStringLiteral("64 B"), QStringLiteral("4 KiB"), QStringLiteral("64 B"), QStringLiteral("4 KiB")}));
    QCOMPARE(model->headerData(ResultsModel::NsPerOp, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("ns/op"));
    QCOMPARE(model->headerData(ResultsModel::GbPerS, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("GB/s"));
    for (int row = 0; row < 4; ++row) {
        QVERIFY(model->index(row, ResultsModel::NsPerOp).data(ResultsModel::ValueRole).toDouble() > 0);
        QVERIFY(model->index(row, ResultsModel::Samples).data(ResultsModel::ValueRole).toULongLong() >= 1);
    }
    // What was asked for first, the harness's reference rows after it.
    QCOMPARE(columnTexts(*model, ResultsModel::Algorithm),
             (QStringList{QStringLiteral("crc32c"), QStringLiteral("crc32c"), QStringLiteral("(harness)"),
                          QStringLiteral("(harness)")}));
    QVERIFY(model->index(0, ResultsModel::GbPerS).data(ResultsModel::ValueRole).toDouble() > 0);
    QCOMPARE(model->index(2, ResultsModel::GbPerS).data().toString(), QStringLiteral("—"));
    QCOMPARE(model->columnCount(), int{ResultsModel::kBaseColumns});  // no baseline, no ratio

    // The chart: one curve (the harness is not charted) with a point per size, in ns/op.
    const QStringList curves = page_->chart()->curveNames();
    QCOMPARE(curves, QStringList{crcLabel()});
    auto* plot = page_->chart()->plot();
    QCPGraph* curve = nullptr;
    for (int i = 0; i < plot->graphCount(); ++i) {
        if (plot->graph(i)->name() == crcLabel()) curve = plot->graph(i);
    }
    QVERIFY(curve);
    QCOMPARE(curve->dataCount(), 2);
    QCOMPARE(curve->data()->at(0)->key, 64.0);
    QVERIFY(plot->yAxis->label().contains(QStringLiteral("ns per operation")));

    auto* progress = page_->findChild<QLabel*>(QStringLiteral("progressText"));
    QCOMPARE(progress->text(), QStringLiteral("4 of 4 cells"));
    QVERIFY(page_->findChild<QLabel*>(QStringLiteral("benchStatusLine"))->text().startsWith(QStringLiteral("Finished")));
    QVERIFY(button("runButton")->isEnabled());
    QVERIFY(!button("benchCancelButton")->isEnabled());
}

void BenchPageTest::cancelStopsARunMidway() {
    BenchSettings s = tinySettings();
    s.sizes = QStringLiteral("64..4MiB:x2");  // 17 sizes × 2 cells: seconds of work at the least
    s.budgetSeconds = 1;
    s.precisionPercent = 0.1;
    page_->config()->setSettings(s);
    QTest::mouseClick(button("runButton"), Qt::LeftButton);
    QVERIFY(page_->running());
    QVERIFY(!button("runButton")->isEnabled());
    QVERIFY(button("benchCancelButton")->isEnabled());
    QVERIFY(!page_->findChild<QLineEdit*>(QStringLiteral("sizesEdit"))->isEnabled());  // what runs is what was set up

    QTRY_VERIFY_WITH_TIMEOUT(page_->results()->rowCount() >= 1, kRunTimeoutMs);
    QTest::mouseClick(button("benchCancelButton"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!page_->running(), kRunTimeoutMs);

    QVERIFY(page_->report().cancelled);
    QVERIFY(page_->results()->rowCount() >= 1);
    QVERIFY(page_->results()->rowCount() < 34);
    QVERIFY(page_->findChild<QLabel*>(QStringLiteral("benchStatusLine"))->text().startsWith(QStringLiteral("Cancelled")));
    QVERIFY(button("runButton")->isEnabled());
    QVERIFY(!button("benchCancelButton")->isEnabled());
    QVERIFY(page_->findChild<QLineEdit*>(QStringLiteral("sizesEdit"))->isEnabled());
    // The engine's warning about partial results is where the user looks.
    QVERIFY(page_->findChild<QLabel*>(QStringLiteral("warningsLabel"))->text().contains(QStringLiteral("cancelled")));
}

void BenchPageTest::unavailableImplementationsAreGreyed() {
    // This CPU without AVX-512 or VPCLMULQDQ: the widest CRC kernels cannot run.
    const CpuFeatureSet reduced = host_cpu().features.without(
        {CpuFeature::avx512f, CpuFeature::avx512bw, CpuFeature::avx512vl, CpuFeature::vpclmulqdq});
    BenchmarkPage page(host_cpu(), reduced);
    auto* tree = page.config()->tree();
    QTreeWidgetItem* vpclmul = tree->implementationItem(QStringLiteral("crc32c"), QStringLiteral("vpclmul"));
    QVERIFY(vpclmul);
    QVERIFY(!(vpclmul->flags() & Qt::ItemIsEnabled));
    QVERIFY(!(vpclmul->flags() & Qt::ItemIsUserCheckable));
    QVERIFY2(vpclmul->text(ParticipantTree::Name).contains(QStringLiteral("needs")), qPrintable(vpclmul->text(0)));
    QVERIFY(vpclmul->text(ParticipantTree::Name).contains(QStringLiteral("avx512")));
    QVERIFY(vpclmul->toolTip(ParticipantTree::Name).contains(QStringLiteral("avx512f")));
    QVERIFY(vpclmul->toolTip(ParticipantTree::Name).contains(QStringLiteral("vpclmulqdq")));
    // Ticking the whole algorithm passes the greyed one by.
    QTreeWidgetItem* crc32c = vpclmul->parent();
    crc32c->setCheckState(ParticipantTree::Name, Qt::Checked);
    const auto chosen = tree->selection();
    QVERIFY(!chosen.empty());
    for (const auto& p : chosen) QVERIFY(p.implementation != "vpclmul");
    // An implementation the reduced CPU can run stays enabled.
    QTreeWidgetItem* table = tree->implementationItem(QStringLiteral("crc32c"), QStringLiteral("table"));
    QVERIFY(table && (table->flags() & Qt::ItemIsEnabled));
    // The summary beside the chart says what is missing.
    bool markedMissing = false;
    for (const QLabel* label : page.findChildren<QLabel*>()) markedMissing |= label->text() == QStringLiteral("✗ AVX-512F");
    QVERIFY(markedMissing);

    // With no features at all even the SSE4.2 kernel is greyed, naming sse4.2.
    BenchmarkPage bare(host_cpu(), CpuFeatureSet{});
    QTreeWidgetItem* sse42 = bare.config()->tree()->implementationItem(QStringLiteral("crc32c"), QStringLiteral("sse42"));
    QVERIFY(sse42 && !(sse42->flags() & Qt::ItemIsEnabled));
    QVERIFY(sse42->text(ParticipantTree::Name).contains(QStringLiteral("sse4.2")));
}

void BenchPageTest::chartViewsTooltipsLegendAndZoom() {
    runTiny();
    ChartPanel* chart = page_->chart();
    auto* plot = chart->plot();
    auto* view = page_->findChild<QComboBox*>(QStringLiteral("chartViewCombo"));
    QVERIFY(view);
    QCOMPARE(view->count(), 4);

    // Hover: the tooltip at a point's pixel names the curve, its value ± error and samples.
    QVERIFY(!chart->hoverPoints().empty());
    const HoverPoint& first = chart->hoverPoints().front();
    const QPointF at(plot->xAxis->coordToPixel(first.key), plot->yAxis->coordToPixel(first.value));
    const QString tip = chart->hoverTextAt(at + QPointF(3, -2));
    QVERIFY2(tip.contains(crcLabel()) && tip.contains(QStringLiteral("±")) && tip.contains(QStringLiteral("ns/op")) &&
                 tip.contains(QStringLiteral("samples")),
             qPrintable(tip));
    QCOMPARE(chart->hoverTextAt(QPointF(-100, -100)), QString());

    // The legend hides and shows a curve with its error bars.
    QCPGraph* curve = plot->graph(0);
    QCOMPARE(curve->name(), crcLabel());
    chart->toggleCurve(crcLabel());
    QVERIFY(!curve->visible());
    QCOMPARE(chart->hoverTextAt(at), QString());  // hidden points have no tooltip
    chart->toggleCurve(crcLabel());
    QVERIFY(curve->visible());

    // Zoom with the wheel, then Reset view brings the full range back.
    QVERIFY(plot->interactions().testFlag(QCP::iRangeZoom) && plot->interactions().testFlag(QCP::iRangeDrag));
    const QCPRange before = plot->xAxis->range();
    const QPointF centre = plot->axisRect()->rect().center();
    QWheelEvent wheel(centre, plot->mapToGlobal(centre), QPoint(), QPoint(0, 240), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(plot, &wheel);
    QVERIFY(plot->xAxis->range().size() < before.size());
    QTest::mouseClick(page_->findChild<QPushButton*>(QStringLiteral("resetViewButton")), Qt::LeftButton);
    QCOMPARE(plot->xAxis->range().lower, before.lower);
    QCOMPARE(plot->xAxis->range().upper, before.upper);

    // GB/s vs size; GB/s vs threads has nothing to show for one thread count, and says so.
    chart->setView(ChartPanel::View::gbps);
    QVERIFY(plot->yAxis->label().contains(QStringLiteral("GB/s")));
    chart->setView(ChartPanel::View::threads);
    QVERIFY2(chart->message().contains(QStringLiteral("thread")), qPrintable(chart->message()));
    // Bars at one size: 4 KiB by default, either size on request.
    chart->setView(ChartPanel::View::bars);
    QCOMPARE(chart->message(), QString());
    QCOMPARE(chart->curveNames(), QStringList{crcLabel()});
    auto* sizes = page_->findChild<QComboBox*>(QStringLiteral("barSizeCombo"));
    QCOMPARE(sizes->count(), 2);
    QCOMPARE(sizes->currentText(), QStringLiteral("4 KiB"));
    QVERIFY(sizes->isVisible());
    QVERIFY(!chart->hoverPoints().empty());
    QVERIFY(chart->hoverPoints().front().text.contains(QStringLiteral("GB/s")));
}

void BenchPageTest::savesTheChart() {
    // Nothing to save before a run: an error, no file.
    const QString early = dir_->filePath(QStringLiteral("early.png"));
    QVERIFY(!page_->saveChart(early).isEmpty());
    QVERIFY(!QFile::exists(early));

    runTiny();
    const QString png = dir_->filePath(QStringLiteral("chart.png"));
    QCOMPARE(page_->saveChart(png, 1), QString());
    const QImage image(png);
    QCOMPARE(image.size(), QSize(1200, 750));
    const QString hidpi = dir_->filePath(QStringLiteral("chart@2x.png"));
    QCOMPARE(page_->saveChart(hidpi, 2), QString());
    QCOMPARE(QImage(hidpi).size(), QSize(2400, 1500));

    const QString svg = dir_->filePath(QStringLiteral("chart.svg"));
    QCOMPARE(page_->saveChart(svg), QString());
    const QByteArray svgText = readAll(svg);
    QVERIFY(svgText.contains("<svg"));
    // The caption travels with the chart: the CPU and the build.
    QVERIFY(svgText.contains(QString::fromStdString(host_cpu().model).toHtmlEscaped().toUtf8()));
    QVERIFY(svgText.contains("HashScope"));

    const QString pdf = dir_->filePath(QStringLiteral("chart.pdf"));
    QCOMPARE(page_->saveChart(pdf), QString());
    const QByteArray pdfBytes = readAll(pdf);
    QVERIFY(pdfBytes.startsWith("%PDF"));
    QVERIFY(pdfBytes.size() > 2000);

    // The bar view saves the same way.
    page_->chart()->setView(ChartPanel::View::bars);
    const QString bars = dir_->filePath(QStringLiteral("bars.png"));
    QCOMPARE(page_->saveChart(bars), QString());
    QCOMPARE(QImage(bars).size(), QSize(1200, 750));
}

void BenchPageTest::exportsAndReadsBack() {
    runTiny();
    const QString csv = dir_->filePath(QStringLiteral("results.csv"));
    QCOMPARE(page_->exportResults(csv), QString());
    const QList<QByteArray> lines = readAll(csv).trimmed().split('\n');
    QCOMPARE(lines.size(), 5);  // header + 4 cells
    QVERIFY(lines.front().startsWith("algorithm,implementation,backend"));
    QVERIFY(lines.back().startsWith("crc32c," + bestCrc32c().toUtf8() + ","));

    const QString json = dir_->filePath(QStringLiteral("results.json"));
    QCOMPARE(page_->exportResults(json), QString());
    const QByteArray text = readAll(json);
    auto back = bench::report_from_json(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    QVERIFY(back.ok());
    QCOMPARE(back->results.size(), std::size_t{4});
    QCOMPARE(back->results[2].algorithm, std::string("crc32c"));
    QCOMPARE(back->results[2].ns_per_op.mean, page_->report().results[2].ns_per_op.mean);
    QCOMPARE(back->environment.cpu_model, host_cpu().model);

    const QString md = dir_->filePath(QStringLiteral("results.md"));
    QCOMPARE(page_->exportResults(md), QString());
    const QByteArray table = readAll(md);
    QVERIFY(table.startsWith("| provider | size |"));
    QVERIFY(table.contains(("| " + crcLabel() + " | 4 KiB |").toUtf8()));

    // An extension the page cannot write is an error that names the file.
    const QString txt = dir_->filePath(QStringLiteral("results.txt"));
    QVERIFY(page_->exportResults(txt).contains(txt));
    QVERIFY(!QFile::exists(txt));
}

void BenchPageTest::baselineOverlayAndRatio() {
    runTiny();
    // A baseline twice as slow as this run, everywhere: the ratio column reads 2.00×.
    bench::BenchReport before = page_->report();
    for (auto& cell : before.results) {
        cell.ns_per_op.mean *= 2;
        cell.ns_per_op.error = cell.ns_per_op.mean * 0.001;
        cell.gb_per_s /= 2;
    }
    const QString path = dir_->filePath(QStringLiteral("before.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const std::string text = bench::to_json(before);
        f.write(text.data(), static_cast<qint64>(text.size()));
    }
    QCOMPARE(page_->loadBaseline(path), QString());
    auto* model = page_->results();
    QCOMPARE(model->columnCount(), ResultsModel::Ratio + 1);
    QCOMPARE(model->headerData(ResultsModel::Ratio, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("Ratio"));
    for (int row = 0; row < model->rowCount(); ++row) {
        QVERIFY(qAbs(model->index(row, ResultsModel::Ratio).data(ResultsModel::ValueRole).toDouble() - 2.0) < 1e-9);
        QVERIFY(model->index(row, ResultsModel::Ratio).data().toString().startsWith(QStringLiteral("2.00×")));
    }
    // The baseline is drawn dashed beside the current curve.
    const QStringList curves = page_->chart()->curveNames();
    QVERIFY2(curves.contains(crcLabel() + QStringLiteral(" (baseline)")), qPrintable(curves.join(QStringLiteral(", "))));
    auto* plot = page_->chart()->plot();
    for (int i = 0; i < plot->graphCount(); ++i) {
        if (!plot->graph(i)->name().endsWith(QStringLiteral("(baseline)"))) continue;
        QCOMPARE(plot->graph(i)->pen().style(), Qt::DashLine);
        QCOMPARE(plot->graph(i)->scatterStyle().shape(), QCPScatterStyle::ssCross);
    }
    QVERIFY(page_->findChild<QLabel*>(QStringLiteral("baselineName"))->text().contains(QStringLiteral("before.json")));
    // Exports carry the comparison.
    const QString csv = dir_->filePath(QStringLiteral("compared.csv"));
    QCOMPARE(page_->exportResults(csv), QString());
    // change_pct 100; "significant" too unless this run's own 99.9% error reached its mean (a
    // cell of two or three samples on a busy machine), which is the engine's call, not the page's.
    QVERIFY2(readAll(csv).contains(",100,"), readAll(csv).constData());

    page_->clearBaseline();
    QCOMPARE(model->columnCount(), int{ResultsModel::kBaseColumns});
    QVERIFY(!page_->chart()->curveNames().join(QLatin1Char(' ')).contains(QStringLiteral("baseline")));

    // A file that is not a report is refused, and the page says why.
    const QString junk = dir_->filePath(QStringLiteral("junk.json"));
    {
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ \"schema\": \"something-else\" }");
    }
    QVERIFY(!page_->loadBaseline(junk).isEmpty());
    QVERIFY(!page_->loadBaseline(dir_->filePath(QStringLiteral("missing.json"))).isEmpty());
    QCOMPARE(model->columnCount(), int{ResultsModel::kBaseColumns});
}

void BenchPageTest::settingsSurviveRecreatingThePage() {
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
    page_->chart()->setView(ChartPanel::View::bars);
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
    QCOMPARE(page_->chart()->view(), ChartPanel::View::bars);

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
    QCOMPARE(page_->chart()->view(), ChartPanel::View::bars);

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

// With HASHSCOPE_SCREENSHOTS=DIR, saves the window before, during and after a run and the saved
// chart files, to be looked at; otherwise skipped.
void BenchPageTest::screenshots() {
    const QString out = qEnvironmentVariable("HASHSCOPE_SCREENSHOTS");
    if (out.isEmpty()) QSKIP("set HASHSCOPE_SCREENSHOTS=DIR to write screenshots");
    page_.reset();
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
    s.participants = {{"crc32c", "vpclmul"}, {"crc32c", "isal"}, {"crc32c", "sse42"}, {"sha256", "openssl"}, {"md5", "openssl"}};
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
    page->chart()->setView(ChartPanel::View::bars);
    QCOMPARE(page->saveChart(out + QStringLiteral("/bars.png")), QString());
    window.grab().save(out + QStringLiteral("/bench-bars.png"));
    page->chart()->setView(ChartPanel::View::gbps);
    window.grab().save(out + QStringLiteral("/bench-gbps.png"));
    // A second, quicker run compared with the first.
    QCOMPARE(page->loadBaseline(out + QStringLiteral("/results.json")), QString());
    s.budgetSeconds = 0.03;
    page->config()->setSettings(s);
    page->run();
    QTRY_VERIFY_WITH_TIMEOUT(!page->running(), kRunTimeoutMs);
    page->chart()->setView(ChartPanel::View::nsop);
    window.grab().save(out + QStringLiteral("/bench-baseline.png"));
    QCOMPARE(page->saveChart(out + QStringLiteral("/baseline.png")), QString());
    page->chart()->setView(ChartPanel::View::bars);
    QCOMPARE(page->saveChart(out + QStringLiteral("/baseline-bars.png")), QString());
}

QTEST_MAIN(BenchPageTest)
#include "bench_page_test.moc"
