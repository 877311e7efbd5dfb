// The benchmark chart as a reader meets it: which curves, points and markers a report turns into,
// axis ticks that read "4 KiB" and "1k", a caption naming the machine, and files that open (PNG
// at the asked size, SVG, PDF) without ever destroying a chart already there.
#include <qcustomplot.h>
#include <sys/resource.h>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>
#include <csignal>

#include "plot/caption_element.hpp"
#include "plot/chart_builder.hpp"
#include "plot/chart_data.hpp"
#include "plot/chart_export.hpp"
#include "plot/chart_tickers.hpp"

using hashscope::bench::BenchReport;
using hashscope::bench::CellResult;
using hashscope::bench::Mode;
using hashscope::bench::ModeSpec;
using namespace hashscope::ui;

namespace {

constexpr std::size_t kKiB = 1024, kMiB = 1024 * 1024;

CellResult cell(const std::string& algorithm, const std::string& implementation, std::size_t size, double nsPerOp,
                unsigned threads = 1, ModeSpec mode = {}) {
    CellResult c;
    c.algorithm = algorithm;
    c.implementation = implementation;
    c.size = size;
    c.mode = mode;
    c.threads = threads;
    c.samples = 30;
    c.precise = true;
    c.ns_per_op.n = 30;
    c.ns_per_op.mean = nsPerOp;
    c.ns_per_op.median = nsPerOp;
    c.ns_per_op.min = nsPerOp * 0.98;
    c.ns_per_op.max = nsPerOp * 1.05;
    c.ns_per_op.error = nsPerOp * 0.05;  // 5%: bars wide enough to see
    c.gb_per_s = static_cast<double>(threads) * static_cast<double>(size) / nsPerOp;
    c.ops_per_ms = 1e6 / nsPerOp;
    return c;
}

// Two participants × four sizes, the harness beside them, one cell that missed the target.
BenchReport sampleReport(const std::vector<unsigned>& threadCounts = {1}) {
    BenchReport r;
    auto& env = r.environment;
    env.cpu_model = "Test CPU 9000";
    env.microarchitecture = "Zen 4";
    env.cores = 2;
    env.threads = 2;
    env.features = {"sse4.1", "sse4.2", "pclmulqdq", "avx512f", "vpclmulqdq", "sha", "bmi2"};
    env.l1d = 32 * kKiB;
    env.l2 = 1 * kMiB;
    env.l3 = 32 * kMiB;
    env.build_type = "Release";
    env.hashscope_version = "0.1.0";
    env.compiler = "g++ 12.2.0";
    env.date = "2026-11-30T08:00:00Z";
    r.spec.preset = "quick";
    r.spec.precision = 0.01;
    r.spec.participants = {{"null", "harness"}, {"crc32c", "isal"}, {"sha256", "openssl"}};
    r.spec.sizes = {64, 4 * kKiB, 64 * kKiB, 1 * kMiB};
    r.spec.threads = threadCounts;
    for (const unsigned t : threadCounts) {
        for (const std::size_t size : r.spec.sizes) {
            const double s = static_cast<double>(size);
            r.results.push_back(cell("null", "harness", size, 0.3, t));
            r.results.back().backend = "harness";
            r.results.push_back(cell("crc32c", "isal", size, 8 + s / 40 * t, t));
            r.results.push_back(cell("sha256", "openssl", size, 60 + s / 1.2 * t, t));
        }
    }
    r.results[1].precise = false;  // crc32c · isal at 64 B, first thread count
    return r;
}

QStringList curveNames(const BuiltChart& chart) {
    QStringList names;
    for (const QCPGraph* g : chart.curves) names << g->name();
    return names;
}

// Ticks are chosen from the axis lengths of the layout before, so like exportChart this draws
// twice at the size a test looks at.
void layOut(QCustomPlot& plot, int width = 1200, int height = 750) {
    for (int pass = 0; pass < 2; ++pass) (void)plot.toPixmap(width, height);
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString& path, const QByteArray& content) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}

}  // namespace

class ChartTest : public QObject {
    Q_OBJECT

private slots:
    void dataLeavesOutTheHarness();
    void sizeViewHasOneCurvePerParticipant();
    void axesAreLogarithmicWithReadableTicks();
    void cacheMarkersInsideTheRangeOnly();
    void imprecisePointsAreHollowAndExplained();
    void captionNamesMachineBuildAndMethod();
    void gbpsViewKeepsColoursAndIntervals();
    void severalModesGetACurveEach();
    void threadsViewNeedsSeveralThreadCounts();
    void threadsViewCurvesPerSize();
    void rebuildingReplacesTheChart();
    void quantityLabels();
    void tickLabelsDoNotOverlapWhenNarrow();
    void zeroByteCellsAreLeftOutAndNamed();
    void oneSizeStillGetsLabelledTicks();

    void exportsPngAtTheAskedSize();
    void exportsSvgAndPdf();
    void unknownFormatAndMissingFolderAreErrors();
    void failedWriteKeepsTheExistingChart();
};

void ChartTest::dataLeavesOutTheHarness() {
    const auto data = selectChartData(sampleReport(), {});
    QVERIFY(data.ok());
    QCOMPARE(data->series.size(), std::size_t{2});
    QCOMPARE(data->series[0].label, QStringLiteral("crc32c · isal"));
    QCOMPARE(data->series[1].label, QStringLiteral("sha256 · openssl"));
    for (const auto& s : data->series) QCOMPARE(s.points.size(), std::size_t{4});
    QCOMPARE(data->participants.size(), std::size_t{2});
    QCOMPARE(data->cells, std::size_t{8});
    QCOMPARE(data->imprecise, std::size_t{1});
    // 99.9% interval of the mean: mean ± error, as the report gives it.
    const ChartPoint& p = data->series[1].points[2];
    QCOMPARE(p.x, 64.0 * kKiB);
    QVERIFY(qFuzzyCompare(p.low, p.y * 0.95));
    QVERIFY(qFuzzyCompare(p.high, p.y * 1.05));
}

void ChartTest::sizeViewHasOneCurvePerParticipant() {
    QCustomPlot plot;
    const auto chart = buildChart(plot, sampleReport(), ChartOptions{});
    QVERIFY(chart.ok());
    QCOMPARE(chart->curves.size(), std::size_t{2});
    QCOMPARE(curveNames(*chart), (QStringList{QStringLiteral("crc32c · isal"), QStringLiteral("sha256 · openssl")}));
    for (const QCPGraph* g : chart->curves) QCOMPARE(g->data()->size(), 4);
    QCOMPARE(chart->errorBars.size(), std::size_t{2});
    for (const QCPErrorBars* bars : chart->errorBars) QCOMPARE(bars->dataCount(), 4);
    // The harness appears nowhere: not as a curve, not in the legend, not as any plottable.
    for (int i = 0; i < plot.plottableCount(); ++i) {
        QVERIFY2(!plot.plottable(i)->name().contains(QStringLiteral("null")), qPrintable(plot.plottable(i)->name()));
        QVERIFY(!plot.plottable(i)->name().contains(QStringLiteral("harness")));
    }
    // The legend: both curves and the key to hollow markers.
    QCOMPARE(plot.legend, chart->legend);
    QCOMPARE(chart->legend->itemCount(), 3);
    QVERIFY(chart->legend->hasItemWithPlottable(chart->curves[0]));
    QVERIFY(chart->legend->hasItemWithPlottable(chart->curves[1]));
}

void ChartTest::axesAreLogarithmicWithReadableTicks() {
    QCustomPlot plot;
    const auto chart = buildChart(plot, sampleReport(), ChartOptions{});
    QVERIFY(chart.ok());
    layOut(plot);
    QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(plot.yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(plot.xAxis->label().contains(QStringLiteral("size")));
    QVERIFY(plot.yAxis->label().contains(QStringLiteral("ns")));

    const QStringList xLabels = plot.xAxis->tickVectorLabels().toList();
    for (const char* expected : {"64 B", "4 KiB", "64 KiB", "1 MiB"}) {
        QVERIFY2(xLabels.contains(QLatin1String(expected)), qPrintable(xLabels.join(QStringLiteral(" | "))));
    }
    const QStringList yLabels = plot.yAxis->tickVectorLabels().toList();
    for (const char* expected : {"100", "1k", "10k", "100k"}) {
        QVERIFY2(yLabels.contains(QLatin1String(expected)), qPrintable(yLabels.join(QStringLiteral(" | "))));
    }
    // No scientific notation anywhere.
    for (const QString& label : xLabels + yLabels) QVERIFY2(!label.contains(QLatin1Char('e')), qPrintable(label));
}

void ChartTest::cacheMarkersInsideTheRangeOnly() {
    QCustomPlot plot;
    const auto chart = buildChart(plot, sampleReport(), ChartOptions{});
    QVERIFY(chart.ok());
    // Sizes 64 B..1 MiB: L1d (32 KiB) and L2 (1 MiB) fall inside, L3 (32 MiB) does not.
    QStringList labels;
    for (const QCPItemText* t : chart->markerLabels) labels << t->text();
    QCOMPARE(labels, (QStringList{QStringLiteral("L1d 32 KiB"), QStringLiteral("L2 1 MiB")}));
    QCOMPARE(chart->markers.size(), std::size_t{2});
    QCOMPARE(chart->markers[0]->point1->coords().x(), 32.0 * kKiB);
    QCOMPARE(chart->markers[0]->pen().style(), Qt::DashLine);
    layOut(plot);
    QVERIFY(chart->markerLabels[0]->visible() && chart->markerLabels[1]->visible());
    // Too narrow for both: the later label gives way, its line stays.
    layOut(plot, 450, 400);
    QVERIFY(chart->markerLabels[0]->visible());
    QVERIFY(!chart->markerLabels[1]->visible());
    QVERIFY(chart->markers[1]->visible());
}

void ChartTest::imprecisePointsAreHollowAndExplained() {
    QCustomPlot plot;
    const auto chart = buildChart(plot, sampleReport(), ChartOptions{});
    QVERIFY(chart.ok());
    QCOMPARE(chart->impreciseMarkers.size(), std::size_t{1});
    const QCPGraph* hollow = chart->impreciseMarkers.front();
    QCOMPARE(hollow->data()->size(), 1);
    QCOMPARE(hollow->data()->begin()->key, 64.0);
    QCOMPARE(hollow->scatterStyle().brush().color(), QColor(Qt::white));
    QCOMPARE(hollow->scatterStyle().shape(), chart->curves[0]->scatterStyle().shape());
    QCOMPARE(hollow->scatterStyle().pen().color(), chart->curves[0]->pen().color());
    QVERIFY(!chart->legend->hasItemWithPlottable(hollow));
    // Filled markers for precise points.
    QCOMPARE(chart->curves[0]->scatterStyle().brush().color(), chart->curves[0]->pen().color());
    // Explained in the legend and in the caption.
    bool keyed = false;
    for (int i = 0; i < chart->legend->itemCount(); ++i) {
        auto* item = qobject_cast<QCPPlottableLegendItem*>(chart->legend->item(i));
        if (item && item->plottable()->name().contains(QStringLiteral("hollow"))) keyed = true;
    }
    QVERIFY(keyed);
    QVERIFY(chart->caption->text().contains(QStringLiteral("hollow markers: 1 of 8 cells")));
}

void ChartTest::captionNamesMachineBuildAndMethod() {
    QCustomPlot plot;
    const auto chart = buildChart(plot, sampleReport(), ChartOptions{});
    QVERIFY(chart.ok());
    QCOMPARE(chart->title->text(), QStringLiteral("HashScope · quick preset · ns/op vs size"));
    const QString caption = chart->caption->text();
    for (const char* expected :
         {"Test CPU 9000 (Zen 4)", "sse4.2 pclmulqdq avx512f vpclmulqdq sha", "HashScope 0.1.0", "Release build",
          "2026-11-30 08:00 UTC", "precision target ±1%", "error bars: 99.9% CI", "L1d 32 KiB, L2 1 MiB, L3 32 MiB",
          "oneshot", "hot cache", "1 thread"}) {
        QVERIFY2(caption.contains(QString::fromUtf8(expected)), qPrintable(expected + (" not in: " + caption)));
    }
    QVERIFY2(!caption.contains(QStringLiteral("bmi2")), "features that do not matter to checksums are left out");

    // In a narrow plot the caption wraps between segments instead of widening the layout.
    layOut(plot, 500, 400);
    const QStringList rows = chart->caption->wrappedLines();
    QVERIFY(rows.size() > 3);
    for (const QString& row : rows) QVERIFY2(!row.startsWith(QStringLiteral(" · ")), qPrintable(row));
    QVERIFY(chart->axisRect->width() > 150);
}

void ChartTest::gbpsViewKeepsColoursAndIntervals() {
    const BenchReport report = sampleReport();
    QCustomPlot nsop, gbps;
    const auto a = buildChart(nsop, report, ChartOptions{ChartView::nsop, {}});
    const auto b = buildChart(gbps, report, ChartOptions{ChartView::gbps, {}});
    QVERIFY(a.ok() && b.ok());
    QCOMPARE(curveNames(*a), curveNames(*b));
    for (std::size_t i = 0; i < a->curves.size(); ++i)
        QCOMPARE(a->curves[i]->pen().color(), b->curves[i]->pen().color());
    QVERIFY(a->curves[0]->pen().color() != a->curves[1]->pen().color());
    QCOMPARE(gbps.xAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(gbps.yAxis->scaleType(), QCPAxis::stLogarithmic);  // 0.5..40 GB/s: over a decade
    QVERIFY(gbps.yAxis->label().contains(QStringLiteral("GB/s")));
    // GB/s of crc32c at 1 MiB, and its interval from the ns/op interval, lopsided.
    const auto data = selectChartData(report, ChartOptions{ChartView::gbps, {}});
    const ChartPoint& p = data->series[0].points[3];
    QVERIFY(qFuzzyCompare(p.y, 1048576.0 / (8 + 1048576.0 / 40)));
    QVERIFY(qFuzzyCompare(p.low, p.y / 1.05));
    QVERIFY(qFuzzyCompare(p.high, p.y / 0.95));
}

void ChartTest::severalModesGetACurveEach() {
    BenchReport report = sampleReport();
    report.spec.modes = {ModeSpec{}, ModeSpec{Mode::bytewise, 0}};
    std::vector<CellResult> bytewise;
    for (const auto& c : report.results) {
        if (c.algorithm == "null") continue;
        bytewise.push_back(
            cell(c.algorithm, c.implementation, c.size, c.ns_per_op.mean * 50, 1, ModeSpec{Mode::bytewise, 0}));
    }
    report.results.insert(report.results.end(), bytewise.begin(), bytewise.end());
    QCustomPlot plot;
    const auto chart = buildChart(plot, report, ChartOptions{});
    QVERIFY(chart.ok());
    QCOMPARE(
        curveNames(*chart),
        (QStringList{QStringLiteral("crc32c · isal · oneshot"), QStringLiteral("crc32c · isal · bytewise"),
                     QStringLiteral("sha256 · openssl · oneshot"), QStringLiteral("sha256 · openssl · bytewise")}));
    // A participant keeps its colour across modes; the line style tells the modes apart.
    QCOMPARE(chart->curves[0]->pen().color(), chart->curves[1]->pen().color());
    QVERIFY(chart->curves[0]->pen().style() != chart->curves[1]->pen().style());
    QVERIFY(!chart->caption->text().contains(QStringLiteral("oneshot")));  // in the labels instead
}

void ChartTest::threadsViewNeedsSeveralThreadCounts() {
    QCustomPlot plot;
    const auto chart = buildChart(plot, sampleReport(), ChartOptions{ChartView::threads, {}});
    QVERIFY(!chart.ok());
    QVERIFY2(QString::fromStdString(chart.error().message).contains(QStringLiteral("several thread counts")),
             chart.error().message.c_str());
    QCOMPARE(plot.plottableCount(), 0);  // untouched
}

void ChartTest::threadsViewCurvesPerSize() {
    const BenchReport report = sampleReport({1, 2, 4});
    QCustomPlot plot;
    const auto chart = buildChart(plot, report, ChartOptions{ChartView::threads, {}});
    QVERIFY(chart.ok());
    QCOMPARE(chart->curves.size(), std::size_t{8});  // 2 participants × 4 sizes
    QCOMPARE(chart->curves[1]->name(), QStringLiteral("crc32c · isal · 4KiB"));
    for (const QCPGraph* g : chart->curves) QCOMPARE(g->data()->size(), 3);
    layOut(plot);
    QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLinear);
    QCOMPARE(plot.xAxis->tickVectorLabels().toList(),
             (QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("4")}));
    QCOMPARE(plot.yAxis->range().lower, 0.0);
    // The core count is marked; the size views' "1 thread" is not claimed.
    QCOMPARE(chart->markerLabels.size(), std::size_t{1});
    QCOMPARE(chart->markerLabels[0]->text(), QStringLiteral("2 cores"));
    QVERIFY(!chart->caption->text().contains(QStringLiteral("1 thread")));

    // The size views of the same report draw 1 thread and say the rest are in the threads view.
    const auto sizes = selectChartData(report, ChartOptions{});
    QCOMPARE(sizes->threadCounts, std::vector<unsigned>{1});
    QCOMPARE(sizes->hiddenThreadCounts, (std::vector<unsigned>{2, 4}));
}

void ChartTest::rebuildingReplacesTheChart() {
    QCustomPlot plot;
    QVERIFY(buildChart(plot, sampleReport({1, 2}), ChartOptions{ChartView::threads, {}}).ok());
    const auto chart = buildChart(plot, sampleReport(), ChartOptions{});
    QVERIFY(chart.ok());
    QCOMPARE(plot.axisRectCount(), 1);
    // Two curves, their bars, one hollow overlay, the legend key: nothing left from before.
    QCOMPARE(plot.plottableCount(), 2 + 2 + 1 + 1);
    QCOMPARE(plot.itemCount(), 4);  // two markers and their labels
    layOut(plot);
}

void ChartTest::quantityLabels() {
    QCOMPARE(formatQuantity(1), QStringLiteral("1"));
    QCOMPARE(formatQuantity(10), QStringLiteral("10"));
    QCOMPARE(formatQuantity(1000), QStringLiteral("1k"));
    QCOMPARE(formatQuantity(20000), QStringLiteral("20k"));
    QCOMPARE(formatQuantity(1e6), QStringLiteral("1M"));
    QCOMPARE(formatQuantity(0.5), QStringLiteral("0.5"));
    QCOMPARE(formatQuantity(0.2 + 0.1), QStringLiteral("0.3"));
}

// Eight sizes (64 B..1 MiB ×4) at full width are labelled each; in a narrow plot the ticker thins
// them out instead of letting "256 KiB" run into "1 MiB".
void ChartTest::tickLabelsDoNotOverlapWhenNarrow() {
    BenchReport report = sampleReport();
    report.results.clear();
    for (std::size_t size = 64; size <= kMiB; size *= 4) {
        report.results.push_back(cell("crc32c", "isal", size, 8 + static_cast<double>(size) / 40));
    }
    for (const int width : {1200, 700, 450}) {
        QCustomPlot plot;
        QVERIFY(buildChart(plot, report, ChartOptions{}).ok());
        layOut(plot, width, 450);
        const QVector<double> ticks = plot.xAxis->tickVector();
        const QVector<QString> labels = plot.xAxis->tickVectorLabels();
        QVERIFY(ticks.size() >= 3);
        if (width == 1200) QCOMPARE(ticks.size(), 8);
        const QFontMetricsF metrics(plot.xAxis->tickLabelFont());
        for (qsizetype i = 1; i < ticks.size(); ++i) {
            const double gap = plot.xAxis->coordToPixel(ticks[i]) - plot.xAxis->coordToPixel(ticks[i - 1]);
            const double needed = (metrics.horizontalAdvance(labels[i]) + metrics.horizontalAdvance(labels[i - 1])) / 2;
            QVERIFY2(gap > needed,
                     qPrintable(QStringLiteral("%1 px: %2 and %3").arg(width).arg(labels[i - 1], labels[i])));
        }
    }
}

// md5-vs-md5sum times the command's startup as a 0-byte cell: it has no place on a log axis.
void ChartTest::zeroByteCellsAreLeftOutAndNamed() {
    BenchReport report = sampleReport();
    report.results.push_back(cell("md5", "md5sum-startup", 0, 800000));
    QCustomPlot plot;
    const auto chart = buildChart(plot, report, ChartOptions{});
    QVERIFY(chart.ok());
    QCOMPARE(chart->curves.size(), std::size_t{2});
    QVERIFY(chart->caption->text().contains(QStringLiteral("not drawn (0 bytes): md5 · md5sum-startup")));
    layOut(plot);
    for (const double tick : plot.xAxis->tickVector()) QVERIFY(tick >= 1);
}

// Two implementations at one size: a tenth of a decade of ns/op still gets several labels.
void ChartTest::oneSizeStillGetsLabelledTicks() {
    BenchReport report = sampleReport();
    report.results = {cell("md5", "openssl", 30 * kMiB, 44e6), cell("md5", "md5sum-command", 30 * kMiB, 48e6)};
    QCustomPlot plot;
    QVERIFY(buildChart(plot, report, ChartOptions{}).ok());
    layOut(plot);
    QCOMPARE(plot.xAxis->tickVectorLabels().toList(), QStringList{QStringLiteral("30 MiB")});
    const QStringList yLabels = plot.yAxis->tickVectorLabels().toList();
    QVERIFY2(yLabels.size() >= 3, qPrintable(yLabels.join(QStringLiteral(" | "))));
    for (const QString& label : yLabels) QVERIFY2(label.endsWith(QLatin1Char('M')), qPrintable(label));
}

void ChartTest::exportsPngAtTheAskedSize() {
    QTemporaryDir dir;
    QCustomPlot plot;
    QVERIFY(buildChart(plot, sampleReport(), ChartOptions{}).ok());
    const QString path = dir.filePath(QStringLiteral("chart.png"));
    QCOMPARE(exportChart(plot, path, ExportSize{800, 500, 1}), QString());
    QImage image(path);
    QCOMPARE(image.size(), QSize(800, 500));
    // Not blank: the curves' colours are in it.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3) {
        for (int x = 0; x < image.width(); x += 3) colours.insert(image.pixel(x, y));
    }
    QVERIFY(colours.size() > 20);

    const QString hidpi = dir.filePath(QStringLiteral("chart@2x.PNG"));
    QCOMPARE(exportChart(plot, hidpi, ExportSize{800, 500, 2}), QString());
    QCOMPARE(QImage(hidpi).size(), QSize(1600, 1000));
    // Written in place of the old file, and no temporary file left beside it.
    QCOMPARE(exportChart(plot, path, ExportSize{600, 400, 1}), QString());
    QCOMPARE(QImage(path).size(), QSize(600, 400));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 2);
}

void ChartTest::exportsSvgAndPdf() {
    QTemporaryDir dir;
    QCustomPlot plot;
    QVERIFY(buildChart(plot, sampleReport(), ChartOptions{}).ok());
    const QString svg = dir.filePath(QStringLiteral("chart.svg"));
    QCOMPARE(exportChart(plot, svg, ExportSize{1200, 750, 1}), QString());
    const QByteArray svgText = readAll(svg);
    QVERIFY(svgText.startsWith("<?xml"));
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains("viewBox=\"0 0 1200 750\""));
    QVERIFY(svgText.contains("L1d 32 KiB"));  // text stays text

    const QString pdf = dir.filePath(QStringLiteral("chart.pdf"));
    QCOMPARE(exportChart(plot, pdf, ExportSize{1200, 750, 1}), QString());
    const QByteArray pdfBytes = readAll(pdf);
    QVERIFY(pdfBytes.startsWith("%PDF"));
    QVERIFY(pdfBytes.size() > 2000);
    QVERIFY(pdfBytes.trimmed().endsWith("%%EOF"));
}

void ChartTest::unknownFormatAndMissingFolderAreErrors() {
    QTemporaryDir dir;
    QCustomPlot plot;
    QVERIFY(buildChart(plot, sampleReport(), ChartOptions{}).ok());
    const QString jpg = dir.filePath(QStringLiteral("chart.jpg"));
    const QString error = exportChart(plot, jpg, ExportSize{});
    QVERIFY2(error.contains(QStringLiteral("unknown chart format .jpg")), qPrintable(error));
    QVERIFY(!QFile::exists(jpg));
    QVERIFY(!chartFormatFor(QStringLiteral("chart")).has_value());
    QCOMPARE(chartFormatFor(QStringLiteral("a.b/Chart.Svg")), ChartFormat::svg);

    const QString nowhere = dir.filePath(QStringLiteral("no/such/folder/chart.png"));
    const QString missing = exportChart(plot, nowhere, ExportSize{});
    QVERIFY2(missing.contains(QStringLiteral("does not exist")), qPrintable(missing));

    const QString folder = dir.filePath(QStringLiteral("taken.png"));
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("taken.png")));
    QVERIFY(!exportChart(plot, folder, ExportSize{}).isEmpty());
    QVERIFY(QFileInfo(folder).isDir());
}

// A write that fails halfway (here: a file size limit, which binds root too) must leave the chart
// that was there as it was, and no temporary file behind.
void ChartTest::failedWriteKeepsTheExistingChart() {
    QTemporaryDir dir;
    QCustomPlot plot;
    QVERIFY(buildChart(plot, sampleReport(), ChartOptions{}).ok());
    const QByteArray old = "the chart of last week";
    const QStringList formats{QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")};
    for (const QString& format : formats) QVERIFY(writeFile(dir.filePath(QStringLiteral("chart.") + format), old));

    rlimit saved{};
    QVERIFY(getrlimit(RLIMIT_FSIZE, &saved) == 0);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);  // a failed write() instead of a dead test
    rlimit tiny = saved;
    tiny.rlim_cur = 4096;
    QVERIFY(setrlimit(RLIMIT_FSIZE, &tiny) == 0);
    QStringList errors;
    for (const QString& format : formats)
        errors << exportChart(plot, dir.filePath(QStringLiteral("chart.") + format), ExportSize{});
    QVERIFY(setrlimit(RLIMIT_FSIZE, &saved) == 0);
    std::signal(SIGXFSZ, oldHandler);

    for (int i = 0; i < formats.size(); ++i) {
        QVERIFY2(!errors[i].isEmpty(), qPrintable(formats[i]));
        QVERIFY2(errors[i].contains(QStringLiteral("cannot save")), qPrintable(errors[i]));
        QCOMPARE(readAll(dir.filePath(QStringLiteral("chart.") + formats[i])), old);
    }
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), formats.size());
}

QTEST_MAIN(ChartTest)
#include "chart_test.moc"
