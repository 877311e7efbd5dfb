// A run on the Benchmark page: the words and the time left shown while it runs, the core set
// aside for measuring, a tiny run started with the Run button filling the table and the chart as
// cells finish, and Cancel stopping a long one so that the page goes idle.
#include <qcustomplot.h>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QtTest>
#include <optional>
#include <vector>

#include "bench/bench_config.hpp"
#include "bench/benchmark_page.hpp"
#include "bench/chart_panel.hpp"
#include "bench/config_panel.hpp"
#include "bench/core_pinning.hpp"
#include "bench/results_model.hpp"
#include "bench/run_progress.hpp"
#include "bench_page_test_support.hpp"
#include "hashscope/bench/results_library.hpp"

using namespace hashscope;
using namespace hashscope::ui;
using namespace benchtest;

class BenchPageRunTest : public QObject, private PageFixture {
    Q_OBJECT

private slots:
    void initTestCase() { useScratchSettings(); }
    void init() { openPage(); }
    void cleanup() { closePage(); }

    void progressWords();
    void measuringCoreIsSetAside();
    void tinyRunFillsTableAndChart();
    void cancelStopsARunMidway();
};

void BenchPageRunTest::progressWords() {
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

void BenchPageRunTest::measuringCoreIsSetAside() {
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

void BenchPageRunTest::tinyRunFillsTableAndChart() {
    auto* model = page_->results();
    int insertedLive = 0;
    connect(model, &QAbstractItemModel::rowsInserted, this, [&] { ++insertedLive; });
    runTiny();
    // Rows arrived one by one while it ran (then the final report replaced them in order).
    QVERIFY(insertedLive >= 1);
    // Harness and crc32c at 64 B and 4 KiB.
    QCOMPARE(model->rowCount(), 4);
    QCOMPARE(columnTexts(*model, ResultsModel::Size), (QStringList{QStringLiteral("64 B"), QStringLiteral("4 KiB"),
                                                                   QStringLiteral("64 B"), QStringLiteral("4 KiB")}));
    QCOMPARE(model->headerData(ResultsModel::NsPerOp, Qt::Horizontal, Qt::DisplayRole).toString(),
             QStringLiteral("ns/op"));
    QCOMPARE(model->headerData(ResultsModel::GbPerS, Qt::Horizontal, Qt::DisplayRole).toString(),
             QStringLiteral("GB/s"));
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
    const QString status = page_->findChild<QLabel*>(QStringLiteral("benchStatusLine"))->text();
    QVERIFY(status.startsWith(QStringLiteral("Finished")));
    QVERIFY(button("runButton")->isEnabled());
    QVERIFY(!button("benchCancelButton")->isEnabled());

    // The run is kept in the results library, as the CLI's bench keeps its runs.
    const auto kept = bench::list_runs(bench::default_results_dir());
    QVERIFY(!kept.empty());
    QVERIFY2(status.contains(QString::fromStdString(kept.back().id)), qPrintable(status));
    auto back = bench::load_run(bench::default_results_dir(), kept.back().id);
    QVERIFY(back);
    QCOMPARE(back->results.size(), page_->report().results.size());
}

void BenchPageRunTest::cancelStopsARunMidway() {
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
    QVERIFY(
        page_->findChild<QLabel*>(QStringLiteral("benchStatusLine"))->text().startsWith(QStringLiteral("Cancelled")));
    QVERIFY(button("runButton")->isEnabled());
    QVERIFY(!button("benchCancelButton")->isEnabled());
    QVERIFY(page_->findChild<QLineEdit*>(QStringLiteral("sizesEdit"))->isEnabled());
    // The engine's warning about partial results is where the user looks.
    QVERIFY(page_->findChild<QLabel*>(QStringLiteral("warningsLabel"))->text().contains(QStringLiteral("cancelled")));
}

QTEST_MAIN(BenchPageRunTest)
#include "bench_page_run_test.moc"
