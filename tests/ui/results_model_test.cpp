// ResultsModel, the table under the benchmark chart, driven as a run drives it without the page:
// rows added cell by cell, replaced by the final report with the harness last, compared with a
// baseline (two more columns, a ratio marked when significant), the baseline removed, cleared; and
// sorted through a proxy by its numbers. QAbstractItemModelTester watches throughout and fails the
// test on any signal or index rule broken; each step also checks the values and roles shown.
#include <QBrush>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QtTest>
#include <memory>
#include <optional>
#include <string>

#include "bench/results_model.hpp"
#include "common/format.hpp"
#include "common/status_colours.hpp"
#include "model_test_support.hpp"

using namespace hashscope;
using namespace hashscope::ui;
using namespace modeltest;

namespace {

bench::CellResult cellOf(const std::string& algorithm, std::size_t size, double nsPerOp, double error = 0) {
    bench::CellResult c;
    c.algorithm = algorithm;
    c.implementation = "generic";
    c.backend = "native";
    c.size = size;
    c.samples = 40;
    c.precise = true;
    c.ns_per_op.mean = nsPerOp;
    c.ns_per_op.error = error;
    c.gb_per_s = static_cast<double>(size) / nsPerOp;
    c.ops_per_ms = 1e6 / nsPerOp;
    return c;
}

bench::CellResult harnessCell(std::size_t size) {
    bench::CellResult c = cellOf("null", size, 1.5);
    c.implementation = "null";
    c.backend = "harness";
    return c;
}

// A baseline where every cell took `factor` times as long, with the error given.
bench::BenchReport slowerBy(const std::vector<bench::CellResult>& cells, double factor, double error) {
    bench::BenchReport report;
    for (bench::CellResult c : cells) {
        c.ns_per_op.mean *= factor;
        c.ns_per_op.error = error;
        report.results.push_back(c);
    }
    return report;
}

QString text(const ResultsModel& model, int row, int column) { return model.index(row, column).data().toString(); }

QVariant value(const ResultsModel& model, int row, int column) {
    return model.index(row, column).data(ResultsModel::ValueRole);
}

QColor foreground(const ResultsModel& model, int row, int column) {
    return qvariant_cast<QBrush>(model.index(row, column).data(Qt::ForegroundRole)).color();
}

}  // namespace

class ResultsModelTest : public QObject, private ModelFixture<ResultsModel> {
    Q_OBJECT

private slots:
    void init() { makeModel(); }
    void cleanup() { dropModel(); }

    void growsCellByCell();
    void finalReportPutsTheHarnessLast();
    void baselineAddsTheRatio();
    void clearKeepsTheBaseline();
    void sortsByValueNotText();
};

void ResultsModelTest::growsCellByCell() {
    ResultsModel& model = *model_;
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), int{ResultsModel::kBaseColumns});
    QVERIFY(!model.hasBaseline());
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);

    bench::CellResult crc = cellOf("crc32c", 4096, 80, 0.5);
    crc.best = true;
    crc.threads = 4;
    crc.placement = bench::Placement::cold;
    model.addCell(crc);
    bench::CellResult stream = cellOf("sha256", 64, 250);
    stream.mode = {bench::Mode::stream, 16};
    stream.precise = false;
    stream.samples = 3;
    model.addCell(stream);
    model.addCell(harnessCell(64));

    QCOMPARE(inserted.count(), 3);  // a row per cell, each at the end
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(inserted[i].at(1).toInt(), i);
        QCOMPARE(inserted[i].at(2).toInt(), i);
    }
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.cell(1).algorithm, std::string("sha256"));

    QCOMPARE(text(model, 0, ResultsModel::Algorithm), QStringLiteral("crc32c"));
    QCOMPARE(text(model, 0, ResultsModel::Implementation), QStringLiteral("generic *"));  // dispatch's choice
    QCOMPARE(text(model, 1, ResultsModel::Implementation), QStringLiteral("generic"));
    QCOMPARE(text(model, 0, ResultsModel::Size), QStringLiteral("4 KiB"));
    QCOMPARE(value(model, 0, ResultsModel::Size).toULongLong(), 4096ULL);
    QCOMPARE(text(model, 0, ResultsModel::Mode), QStringLiteral("oneshot"));
    QCOMPARE(text(model, 1, ResultsModel::Mode), QStringLiteral("stream:16"));
    QCOMPARE(value(model, 0, ResultsModel::Threads).toInt(), 4);
    QCOMPARE(text(model, 0, ResultsModel::Cache), QStringLiteral("cold"));
    QCOMPARE(text(model, 0, ResultsModel::NsPerOp), formatFigure(80));
    QCOMPARE(value(model, 0, ResultsModel::NsPerOp).toDouble(), 80.0);
    QCOMPARE(text(model, 0, ResultsModel::Error), QStringLiteral("± ") + formatFigure(0.5));
    QCOMPARE(value(model, 0, ResultsModel::Error).toDouble(), 0.5);
    QCOMPARE(value(model, 0, ResultsModel::GbPerS).toDouble(), 4096 / 80.0);
    QCOMPARE(text(model, 0, ResultsModel::Samples), QStringLiteral("40"));
    // Short of the precision target: marked, and the tooltip says why.
    QCOMPARE(text(model, 1, ResultsModel::Samples), QStringLiteral("3 ~"));
    QVERIFY(!model.index(1, ResultsModel::Samples).data(Qt::ToolTipRole).toString().isEmpty());
    QVERIFY(!model.index(0, ResultsModel::Samples).data(Qt::ToolTipRole).isValid());
    QVERIFY(model.index(0, ResultsModel::Error).data(Qt::ToolTipRole).toString().contains(QStringLiteral("99.9%")));

    // Numbers right-aligned, words not.
    const auto alignment = [&](int column) { return model.index(0, column).data(Qt::TextAlignmentRole).toInt(); };
    QCOMPARE(alignment(ResultsModel::NsPerOp), int(Qt::AlignRight | Qt::AlignVCenter));
    QCOMPARE(alignment(ResultsModel::Threads), int(Qt::AlignRight | Qt::AlignVCenter));
    QVERIFY(!model.index(0, ResultsModel::Cache).data(Qt::TextAlignmentRole).isValid());
    QVERIFY(!model.index(0, ResultsModel::Algorithm).data(Qt::TextAlignmentRole).isValid());

    // The harness hashes nothing: no GB/s, muted, and a tooltip that says what it is.
    QCOMPARE(text(model, 2, ResultsModel::Algorithm), QStringLiteral("(harness)"));
    QCOMPARE(text(model, 2, ResultsModel::GbPerS), QStringLiteral("—"));
    QCOMPARE(foreground(model, 2, ResultsModel::NsPerOp), status_colour::kMuted);
    QVERIFY(
        model.index(2, ResultsModel::Algorithm).data(Qt::ToolTipRole).toString().contains(QStringLiteral("harness")));
    QVERIFY(!model.index(0, ResultsModel::NsPerOp).data(Qt::ForegroundRole).isValid());

    QCOMPARE(model.headerData(ResultsModel::NsPerOp, Qt::Horizontal, Qt::DisplayRole).toString(),
             QStringLiteral("ns/op"));
    QCOMPARE(model.headerData(ResultsModel::Samples, Qt::Horizontal, Qt::DisplayRole).toString(),
             QStringLiteral("Samples"));
    QVERIFY(!model.index(0, ResultsModel::BaselineNsPerOp).isValid());  // no baseline, no such column
}

void ResultsModelTest::finalReportPutsTheHarnessLast() {
    ResultsModel& model = *model_;
    model.addCell(cellOf("crc32c", 64, 10));
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setCells({harnessCell(64), cellOf("crc32c", 64, 10), harnessCell(4096), cellOf("crc32c", 4096, 90),
                    cellOf("sha256", 64, 200)});
    QCOMPARE(reset.count(), 1);
    QCOMPARE(model.rowCount(), 5);
    QStringList algorithms;
    QStringList sizes;
    for (int r = 0; r < model.rowCount(); ++r) {
        algorithms << text(model, r, ResultsModel::Algorithm);
        sizes << text(model, r, ResultsModel::Size);
    }
    // What was asked for, in the report's order; the harness's rows after it, in theirs.
    QCOMPARE(algorithms, (QStringList{"crc32c", "crc32c", "sha256", "(harness)", "(harness)"}));
    QCOMPARE(sizes, (QStringList{"64 B", "4 KiB", "64 B", "64 B", "4 KiB"}));

    model.setCells({});
    QCOMPARE(model.rowCount(), 0);
}

void ResultsModelTest::baselineAddsTheRatio() {
    ResultsModel& model = *model_;
    const std::vector<bench::CellResult> cells{cellOf("crc32c", 64, 10, 0.1), cellOf("crc32c", 4096, 100, 1),
                                               cellOf("sha256", 64, 200, 2)};
    model.setCells(cells);
    // Twice as slow before, except the last cell, absent from the baseline.
    bench::BenchReport baseline = slowerBy({cells[0], cells[1]}, 2, 0.1);
    baseline.results[1].ns_per_op.mean = 50;   // this one got slower: 100 now, 50 before
    baseline.results[1].ns_per_op.error = 60;  // ... within the noise
    model.setBaseline(baseline);
    QVERIFY(model.hasBaseline());
    QCOMPARE(model.columnCount(), ResultsModel::Ratio + 1);
    QCOMPARE(model.headerData(ResultsModel::Ratio, Qt::Horizontal, Qt::DisplayRole).toString(),
             QStringLiteral("Ratio"));
    QCOMPARE(model.headerData(ResultsModel::BaselineNsPerOp, Qt::Horizontal, Qt::DisplayRole).toString(),
             QStringLiteral("Baseline ns/op"));

    // Faster, and the intervals apart: a significant 2×, in the good colour.
    QCOMPARE(value(model, 0, ResultsModel::Ratio).toDouble(), 2.0);
    QCOMPARE(text(model, 0, ResultsModel::Ratio), QStringLiteral("2.00×"));
    QCOMPARE(value(model, 0, ResultsModel::BaselineNsPerOp).toDouble(), 20.0);
    QCOMPARE(foreground(model, 0, ResultsModel::Ratio), status_colour::kGood);
    QVERIFY(model.index(0, ResultsModel::Ratio).data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("Faster")));
    // Slower, but the intervals overlap: marked not significant, no colour.
    QCOMPARE(value(model, 1, ResultsModel::Ratio).toDouble(), 0.5);
    QCOMPARE(text(model, 1, ResultsModel::Ratio), QStringLiteral("0.50× (n.s.)"));
    QVERIFY(!model.index(1, ResultsModel::Ratio).data(Qt::ForegroundRole).isValid());
    QVERIFY(model.index(1, ResultsModel::Ratio).data(Qt::ToolTipRole).toString().contains(QStringLiteral("overlap")));
    // Not in the baseline: nothing to compare.
    QCOMPARE(text(model, 2, ResultsModel::Ratio), QStringLiteral("—"));
    QCOMPARE(text(model, 2, ResultsModel::BaselineNsPerOp), QStringLiteral("—"));
    QVERIFY(!value(model, 2, ResultsModel::Ratio).isValid());
    QVERIFY(!model.cell(2).baseline);

    // Cells added later are compared as they come; a significant slowdown in the bad colour.
    bench::BenchReport wider = baseline;
    wider.results.push_back(cellOf("sha256", 4096, 1000, 1));
    model.setBaseline(wider);
    model.addCell(cellOf("sha256", 4096, 2000, 1));
    QCOMPARE(text(model, 3, ResultsModel::Ratio), QStringLiteral("0.50×"));
    QCOMPARE(foreground(model, 3, ResultsModel::Ratio), status_colour::kBad);
    QVERIFY(model.index(3, ResultsModel::Ratio).data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("Slower")));

    // Removing the baseline removes the columns and every row's comparison.
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setBaseline(std::nullopt);
    QCOMPARE(reset.count(), 1);
    QVERIFY(!model.hasBaseline());
    QCOMPARE(model.columnCount(), int{ResultsModel::kBaseColumns});
    for (int r = 0; r < model.rowCount(); ++r) QVERIFY(!model.cell(r).baseline);
}

void ResultsModelTest::clearKeepsTheBaseline() {
    ResultsModel& model = *model_;
    const bench::CellResult crc = cellOf("crc32c", 64, 10, 0.1);
    model.setBaseline(slowerBy({crc}, 3, 0.1));
    model.addCell(crc);
    QCOMPARE(value(model, 0, ResultsModel::Ratio).toDouble(), 3.0);

    // A new run against the same baseline: the rows go, the comparison stays.
    model.clear();
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(model.hasBaseline());
    QCOMPARE(model.columnCount(), ResultsModel::Ratio + 1);
    model.addCell(crc);
    QCOMPARE(value(model, 0, ResultsModel::Ratio).toDouble(), 3.0);
}

void ResultsModelTest::sortsByValueNotText() {
    ResultsModel& model = *model_;
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(ResultsModel::ValueRole);
    const auto proxyTester = watch(&proxy);
    model.setCells({cellOf("a", 64, 200), cellOf("b", 64, 9.5), cellOf("c", 64, 10), cellOf("d", 64, 1500)});
    // As text "10.00" < "1500.0" < "200.0" < "9.500"; as numbers the other way round.
    proxy.sort(ResultsModel::NsPerOp, Qt::AscendingOrder);
    QStringList order;
    for (int r = 0; r < proxy.rowCount(); ++r) order << proxy.index(r, ResultsModel::Algorithm).data().toString();
    QCOMPARE(order, (QStringList{"b", "c", "a", "d"}));
    // A cell arriving later takes its place.
    model.addCell(cellOf("e", 64, 50));
    QCOMPARE(proxy.index(2, ResultsModel::Algorithm).data().toString(), QStringLiteral("e"));
}

QTEST_MAIN(ResultsModelTest)
#include "results_model_test.moc"
