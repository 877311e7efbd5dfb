// What a finished run on the Benchmark page offers: the chart's views, tooltips, legend and zoom;
// the chart saved as PNG, SVG and PDF; the results exported and read back; and a baseline report
// drawn beside this run with a ratio column.
#include <qcustomplot.h>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>
#include <string>

#include "bench/benchmark_page.hpp"
#include "bench/chart_panel.hpp"
#include "bench/results_model.hpp"
#include "bench_page_test_support.hpp"
#include "hashscope/bench/report.hpp"

using namespace hashscope;
using namespace hashscope::ui;
using namespace benchtest;

class BenchPageResultsTest : public QObject, private PageFixture {
    Q_OBJECT

private slots:
    void initTestCase() { useScratchSettings(); }
    void init() { openPage(); }
    void cleanup() { closePage(); }

    void chartViewsTooltipsLegendAndZoom();
    void savesTheChart();
    void exportsAndReadsBack();
    void baselineOverlayAndRatio();
};

void BenchPageResultsTest::chartViewsTooltipsLegendAndZoom() {
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
    chart->setView(ChartView::gbps);
    QVERIFY(plot->yAxis->label().contains(QStringLiteral("GB/s")));
    chart->setView(ChartView::threads);
    QVERIFY2(chart->message().contains(QStringLiteral("thread")), qPrintable(chart->message()));
    // Bars at one size: 4 KiB by default, either size on request.
    chart->setView(ChartView::bars);
    QCOMPARE(chart->message(), QString());
    QCOMPARE(chart->curveNames(), QStringList{crcLabel()});
    auto* sizes = page_->findChild<QComboBox*>(QStringLiteral("barSizeCombo"));
    QCOMPARE(sizes->count(), 2);
    QCOMPARE(sizes->currentText(), QStringLiteral("4 KiB"));
    QVERIFY(sizes->isVisible());
    QVERIFY(!chart->hoverPoints().empty());
    QVERIFY(chart->hoverPoints().front().text.contains(QStringLiteral("GB/s")));
}

void BenchPageResultsTest::savesTheChart() {
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
    page_->chart()->setView(ChartView::bars);
    const QString bars = dir_->filePath(QStringLiteral("bars.png"));
    QCOMPARE(page_->saveChart(bars), QString());
    QCOMPARE(QImage(bars).size(), QSize(1200, 750));
}

void BenchPageResultsTest::exportsAndReadsBack() {
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

void BenchPageResultsTest::baselineOverlayAndRatio() {
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
    QCOMPARE(model->headerData(ResultsModel::Ratio, Qt::Horizontal, Qt::DisplayRole).toString(),
             QStringLiteral("Ratio"));
    for (int row = 0; row < model->rowCount(); ++row) {
        QVERIFY(qAbs(model->index(row, ResultsModel::Ratio).data(ResultsModel::ValueRole).toDouble() - 2.0) < 1e-9);
        QVERIFY(model->index(row, ResultsModel::Ratio).data().toString().startsWith(QStringLiteral("2.00×")));
    }
    // The baseline is drawn dashed beside the current curve.
    const QStringList curves = page_->chart()->curveNames();
    QVERIFY2(curves.contains(crcLabel() + QStringLiteral(" (baseline)")),
             qPrintable(curves.join(QStringLiteral(", "))));
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

QTEST_MAIN(BenchPageResultsTest)
#include "bench_page_results_test.moc"
