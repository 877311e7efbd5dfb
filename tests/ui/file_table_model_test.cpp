// FileTableModel, the Verify page's rows, driven as a verification drives it without the page:
// rows added, read with progress, finished with digests, given extra algorithm columns and a
// highlighted digest, removed and cleared; and RowFilterModel sorting and filtering it as the table
// does. QAbstractItemModelTester watches both throughout and fails the test on any signal or index
// rule broken; each step also checks the values and roles the table reads.
#include <QFontDatabase>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QtTest>
#include <memory>
#include <optional>

#include "common/format.hpp"
#include "model_test_support.hpp"
#include "verify/file_table_model.hpp"
#include "verify/row_filter_model.hpp"
#include "verify/summary_bar.hpp"

using namespace hashscope::ui;
using namespace modeltest;

namespace {

const QString kSha256 = QStringLiteral("sha256");
const QString kCrc32c = QStringLiteral("crc32c");
const QString kMd5 = QStringLiteral("md5");

VerifyRow fileRow(const QString& name, std::optional<quint64> size = std::nullopt) {
    VerifyRow row;
    row.name = name;
    row.path = QStringLiteral("/data/") + name;
    row.size = size;
    return row;
}

QVector<VerifyRow> numberedRows(int count) {
    QVector<VerifyRow> rows;
    for (int i = 0; i < count; ++i) rows << fileRow(QStringLiteral("f%1.bin").arg(i, 2, 10, QLatin1Char('0')), 100);
    return rows;
}

// The text of one column, top to bottom, as `model` shows it.
QStringList column(const QAbstractItemModel& model, int col) {
    QStringList out;
    for (int r = 0; r < model.rowCount(); ++r) out << model.index(r, col).data().toString();
    return out;
}

QVariant cell(const FileTableModel& model, RowId id, int col, int role = Qt::DisplayRole) {
    return model.index(model.indexOf(id), col).data(role);
}

// The (first, last) rows of each dataChanged seen.
QVector<QPair<int, int>> changedRuns(const QSignalSpy& spy) {
    QVector<QPair<int, int>> runs;
    for (const auto& args : spy) {
        runs.push_back({args.at(0).toModelIndex().row(), args.at(1).toModelIndex().row()});
    }
    return runs;
}

}  // namespace

class FileTableModelTest : public QObject, private ModelFixture<FileTableModel> {
    Q_OBJECT

private slots:
    void init() {
        makeModel();
        model_->setAlgorithms({kSha256, kCrc32c});
    }
    void cleanup() { dropModel(); }

    void addsRowsWithIdsAndTallies();
    void bytesLeftAndTimeLeftFollowBytes();
    void readingIsAnnouncedAtFlushInRuns();
    void finishedRowShowsItsDigests();
    void extraAlgorithmColumns();
    void highlightAndFailureColours();
    void removesRunsAndKeepsIdsStable();
    void clearForgetsRowsAndIds();
    void sortsAndFiltersThroughRowFilterModel();
};

void FileTableModelTest::addsRowsWithIdsAndTallies() {
    FileTableModel& model = *model_;
    QCOMPARE(model.columnCount(), FileTableModel::FirstAlgorithm + 2 + 1);
    QCOMPARE(model.statusColumn(), FileTableModel::FirstAlgorithm + 2);
    QCOMPARE(model.headerData(FileTableModel::Name, Qt::Horizontal).toString(), QStringLiteral("Name"));
    QCOMPARE(model.headerData(FileTableModel::FirstAlgorithm, Qt::Horizontal).toString(), QStringLiteral("SHA-256"));
    QCOMPARE(model.headerData(model.statusColumn(), Qt::Horizontal).toString(), QStringLiteral("Status"));
    QVERIFY(!model.headerData(0, Qt::Vertical).isValid());

    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QVERIFY(model.addRows({}).isEmpty());
    QCOMPARE(inserted.count(), 0);

    const QVector<RowId> ids = model.addRows({fileRow(QStringLiteral("a.iso"), 3'000'000),
                                              fileRow(QStringLiteral("b.txt"), 12), fileRow(QStringLiteral("c"))});
    QCOMPARE(inserted.count(), 1);  // one signal for the whole batch
    QCOMPARE(inserted.front().at(1).toInt(), 0);
    QCOMPARE(inserted.front().at(2).toInt(), 2);
    QCOMPARE(ids.size(), 3);
    QVERIFY(ids[0] != 0 && ids[0] < ids[1] && ids[1] < ids[2]);
    for (int r = 0; r < 3; ++r) {
        QCOMPARE(model.indexOf(ids[r]), r);
        QCOMPARE(model.at(r).id, ids[r]);
        QCOMPARE(model.index(r, 0).data(FileTableModel::RowIdRole).value<RowId>(), ids[r]);
        QCOMPARE(model.index(r, model.statusColumn()).data().toString(), QStringLiteral("queued"));
        QCOMPARE(model.index(r, 0).data(FileTableModel::StatusRole).toInt(), int(RowStatus::queued));
        QVERIFY(!model.index(r, FileTableModel::Progress).data(FileTableModel::ProgressRole).isValid());
    }
    QCOMPARE(column(model, FileTableModel::Name), (QStringList{"a.iso", "b.txt", "c"}));
    QCOMPARE(cell(model, ids[0], FileTableModel::Size).toString(), formatBytes(3'000'000));
    QCOMPARE(cell(model, ids[2], FileTableModel::Size).toString(), QStringLiteral("—"));  // size not known
    QCOMPARE(cell(model, ids[0], FileTableModel::Name, Qt::ToolTipRole).toString(), QStringLiteral("/data/a.iso"));
    QCOMPARE(cell(model, ids[1], FileTableModel::Size, Qt::TextAlignmentRole).toInt(),
             int(Qt::AlignRight | Qt::AlignVCenter));
    QCOMPARE(model.count(RowStatus::queued), 3);
    QCOMPARE(model.finishedCount(), 0);
    QCOMPARE(model.bytesKnown(), quint64{3'000'012});
    QCOMPARE(model.indexOf(9999), -1);
    QVERIFY(!model.find(9999));

    // More rows go after, with new ids.
    const QVector<RowId> more = model.addRows({fileRow(QStringLiteral("d"), 1)});
    QCOMPARE(inserted.count(), 2);
    QCOMPARE(inserted.back().at(1).toInt(), 3);
    QVERIFY(more[0] > ids[2]);
}

void FileTableModelTest::readingIsAnnouncedAtFlushInRuns() {
    FileTableModel& model = *model_;
    const QVector<RowId> ids = model.addRows(numberedRows(30));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    QVERIFY(model.update(ids[0], [](VerifyRow& row) {
        row.status = RowStatus::hashing;
        row.reading = true;
        row.total = 1000;
        row.done = 250;
    }));
    // Stored at once, announced at flush().
    QCOMPARE(model.index(0, FileTableModel::Progress).data(FileTableModel::ProgressRole).toInt(), 250);
    QCOMPARE(model.index(0, FileTableModel::Progress).data().toString(), QStringLiteral("25%"));
    QCOMPARE(model.count(RowStatus::hashing), 1);
    QCOMPARE(model.count(RowStatus::queued), 29);
    QCOMPARE(model.bytesRead(), quint64{250});
    QCOMPARE(changed.count(), 0);
    model.flush();
    QCOMPARE(changedRuns(changed), (QVector<QPair<int, int>>{{0, 0}}));
    QCOMPARE(changed.front().at(1).toModelIndex().column(), model.columnCount() - 1);  // the whole row
    model.flush();
    QCOMPARE(changed.count(), 1);  // nothing new, nothing said

    // Rows close together are one signal; a row far away is another.
    changed.clear();
    for (const int r : {3, 1, 3, 29}) {
        QVERIFY(model.update(ids[r], [](VerifyRow& row) { row.done += 10; }));
    }
    model.flush();
    QCOMPARE(changedRuns(changed), (QVector<QPair<int, int>>{{1, 3}, {29, 29}}));
    QCOMPARE(model.bytesRead(), quint64{250 + 40});

    // A read of unknown length shows a bar without a figure; past its end the bar stays full.
    QVERIFY(model.update(ids[1], [](VerifyRow& row) {
        row.reading = true;
        row.total = 0;
    }));
    QVERIFY(model.update(ids[3], [](VerifyRow& row) {
        row.reading = true;
        row.total = 5;
    }));
    QCOMPARE(model.index(1, FileTableModel::Progress).data(FileTableModel::ProgressRole).toInt(), 0);
    QCOMPARE(model.index(1, FileTableModel::Progress).data().toString(), QStringLiteral("…"));
    QCOMPARE(model.index(3, FileTableModel::Progress).data(FileTableModel::ProgressRole).toInt(), 1000);
    QCOMPARE(model.index(0, FileTableModel::Progress).data(FileTableModel::SortRole).toDouble(), 0.25);

    // A row that is gone (a late event) changes nothing.
    QVERIFY(!model.update(9999, [](VerifyRow& row) { row.status = RowStatus::ok; }));
    QCOMPARE(model.count(RowStatus::ok), 0);
    model.flush();
}

void FileTableModelTest::finishedRowShowsItsDigests() {
    FileTableModel& model = *model_;
    const RowId id = model.addRows({fileRow(QStringLiteral("a.bin"), 4096)}).front();
    const QString digest = QString(64, QLatin1Char('e'));
    QVERIFY(model.update(id, [&](VerifyRow& row) {
        row.status = RowStatus::hashed;
        row.reading = false;
        row.done = row.total = 4096;
        row.elapsedNs = 2'000'000;
        row.setDigest({kSha256, digest, QStringLiteral("sha256 · openssl")});
    }));
    model.flush();
    const int sha = model.algorithmColumn(kSha256);
    QCOMPARE(sha, int(FileTableModel::FirstAlgorithm));
    QCOMPARE(cell(model, id, sha).toString(), digest);
    QCOMPARE(cell(model, id, sha, FileTableModel::SortRole).toString(), digest);
    QVERIFY(cell(model, id, sha, Qt::ToolTipRole).toString().contains(QStringLiteral("sha256 · openssl")));
    QCOMPARE(qvariant_cast<QFont>(cell(model, id, sha, Qt::FontRole)).family(),
             QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
    QCOMPARE(cell(model, id, model.algorithmColumn(kCrc32c)).toString(), QString());  // not computed
    QCOMPARE(cell(model, id, FileTableModel::Progress).toString(), QStringLiteral("done"));
    QVERIFY(!cell(model, id, FileTableModel::Progress, FileTableModel::ProgressRole).isValid());
    QCOMPARE(cell(model, id, FileTableModel::Speed).toString(), formatRate(4096, 2'000'000));
    QCOMPARE(cell(model, id, FileTableModel::Speed, FileTableModel::SortRole).toDouble(), 4096 * 500.0);
    QCOMPARE(cell(model, id, model.statusColumn()).toString(), QStringLiteral("hashed"));
    QCOMPARE(cell(model, id, model.statusColumn(), FileTableModel::StatusRole).toInt(), int(RowStatus::hashed));
    QVERIFY(!qvariant_cast<QIcon>(cell(model, id, model.statusColumn(), Qt::DecorationRole)).isNull());
    QCOMPARE(model.count(RowStatus::hashed), 1);
    QCOMPARE(model.finishedCount(), 1);
    QCOMPARE(model.bytesRead(), quint64{4096});
}

void FileTableModelTest::extraAlgorithmColumns() {
    FileTableModel& model = *model_;
    model.addRows(numberedRows(3));
    QSignalSpy columnsInserted(&model, &QAbstractItemModel::columnsInserted);
    const int oldStatus = model.statusColumn();

    model.addExtraAlgorithm(kMd5);  // a checksum file's algorithm: a column before the status
    QCOMPARE(columnsInserted.count(), 1);
    QCOMPARE(columnsInserted.front().at(1).toInt(), oldStatus);
    QCOMPARE(model.algorithmColumn(kMd5), oldStatus);
    QCOMPARE(model.statusColumn(), oldStatus + 1);
    QCOMPARE(model.headerData(model.algorithmColumn(kMd5), Qt::Horizontal).toString(), QStringLiteral("MD5"));
    QCOMPARE(model.index(0, model.statusColumn()).data().toString(), QStringLiteral("queued"));

    // Already shown, or no algorithm: nothing changes.
    for (const QString& id : {kMd5, kSha256, QString()}) model.addExtraAlgorithm(id);
    QCOMPARE(columnsInserted.count(), 1);
    QCOMPARE(model.algorithms(), (QStringList{kSha256, kCrc32c, kMd5}));

    // Picking again keeps the extras the rows brought, after the picked ones.
    model.setAlgorithms({kCrc32c});
    QCOMPARE(model.algorithms(), (QStringList{kCrc32c, kMd5}));
    model.setAlgorithms({kMd5, kSha256});
    QCOMPARE(model.algorithms(), (QStringList{kMd5, kSha256}));

    QCOMPARE(model.algorithmAt(FileTableModel::Name), QString());
    QCOMPARE(model.algorithmAt(model.statusColumn()), QString());
    QCOMPARE(model.algorithmColumn(QStringLiteral("nope")), -1);
    QVERIFY(model.headerData(FileTableModel::FirstAlgorithm, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("MD5")));
}

void FileTableModelTest::highlightAndFailureColours() {
    FileTableModel& model = *model_;
    const QVector<RowId> ids = model.addRows(numberedRows(20));
    const int sha = model.algorithmColumn(kSha256);
    const int crc = model.algorithmColumn(kCrc32c);
    auto decorated = [&](RowId id, int col) {
        return !qvariant_cast<QIcon>(cell(model, id, col, Qt::DecorationRole)).isNull();
    };
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    model.setHighlight(ids[2], kSha256);  // announced at once
    QCOMPARE(changedRuns(changed), (QVector<QPair<int, int>>{{2, 2}}));
    QVERIFY(decorated(ids[2], sha));
    QVERIFY(!decorated(ids[2], crc));
    QVERIFY(!decorated(ids[3], sha));
    QVERIFY(!decorated(ids[2], FileTableModel::Name));

    // Moving it repaints the row it left and the row it went to.
    changed.clear();
    model.setHighlight(ids[19], kCrc32c);
    QCOMPARE(changedRuns(changed), (QVector<QPair<int, int>>{{2, 2}, {19, 19}}));
    QVERIFY(!decorated(ids[2], sha));
    QVERIFY(decorated(ids[19], crc));
    model.setHighlight(0, QString());
    QVERIFY(!decorated(ids[19], crc));

    // A failed row: its status, and the digest that differs from the expected one, in the failure colour.
    QVERIFY(model.update(ids[5], [](VerifyRow& row) {
        row.status = RowStatus::failed;
        row.expected = Expectation{QByteArray(32, 'x'), {kSha256}, QStringLiteral("SHA256SUMS, line 6")};
        row.setDigest({kSha256, QString(64, QLatin1Char('0')), QString()});
        row.setDigest({kCrc32c, QStringLiteral("00000000"), QString()});
    }));
    model.flush();
    const QColor failed = statusColour(RowStatus::failed, QGuiApplication::palette());
    QCOMPARE(qvariant_cast<QColor>(cell(model, ids[5], model.statusColumn(), Qt::ForegroundRole)), failed);
    QCOMPARE(qvariant_cast<QColor>(cell(model, ids[5], sha, Qt::ForegroundRole)), failed);
    QVERIFY(!cell(model, ids[5], crc, Qt::ForegroundRole).isValid());  // not what was expected: plain
    QVERIFY(!cell(model, ids[5], FileTableModel::Name, Qt::ForegroundRole).isValid());
    QCOMPARE(cell(model, ids[5], model.statusColumn()).toString(), QStringLiteral("FAILED"));
    QVERIFY(cell(model, ids[5], FileTableModel::Name, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("SHA256SUMS, line 6")));
    QCOMPARE(model.count(RowStatus::failed), 1);
}

void FileTableModelTest::removesRunsAndKeepsIdsStable() {
    FileTableModel& model = *model_;
    const QVector<RowId> ids = model.addRows(numberedRows(12));
    QVERIFY(model.update(ids[1], [](VerifyRow& row) { row.status = RowStatus::hashed; }));
    model.setHighlight(ids[7], kSha256);  // announces the change to row 1 too
    QVERIFY(model.update(ids[10], [](VerifyRow& row) {
        row.status = RowStatus::hashing;
        row.done = 40;
    }));
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    // Two runs, an id given twice and one that is gone: removed from the end, a run at a time,
    // after the pending change to row 10 is announced while its index is still right.
    model.removeIds({ids[3], ids[2], ids[7], 9999, ids[1], ids[2]});
    QCOMPARE(changedRuns(changed), (QVector<QPair<int, int>>{{10, 10}}));
    QCOMPARE(removed.count(), 2);
    QCOMPARE(removed[0].at(1).toInt(), 7);
    QCOMPARE(removed[0].at(2).toInt(), 7);
    QCOMPARE(removed[1].at(1).toInt(), 1);
    QCOMPARE(removed[1].at(2).toInt(), 3);

    QCOMPARE(model.rowCount(), 8);
    QCOMPARE(column(model, FileTableModel::Name),
             (QStringList{"f00.bin", "f04.bin", "f05.bin", "f06.bin", "f08.bin", "f09.bin", "f10.bin", "f11.bin"}));
    // The rows left keep their ids, at their new places.
    for (const int r : {0, 4, 5, 6, 8, 9, 10, 11}) QCOMPARE(model.at(model.indexOf(ids[r])).id, ids[r]);
    QCOMPARE(model.indexOf(ids[10]), 6);
    for (const int r : {1, 2, 3, 7}) QVERIFY(!model.find(ids[r]));
    // The tallies are of the rows left.
    QCOMPARE(model.count(RowStatus::hashed), 0);
    QCOMPARE(model.count(RowStatus::hashing), 1);
    QCOMPARE(model.count(RowStatus::queued), 7);
    QCOMPARE(model.bytesRead(), quint64{40});
    QCOMPARE(model.bytesKnown(), quint64{800});

    model.removeIds({});
    model.removeIds({9999});
    QCOMPARE(removed.count(), 2);
    QCOMPARE(model.rowCount(), 8);
}

void FileTableModelTest::clearForgetsRowsAndIds() {
    FileTableModel& model = *model_;
    const QVector<RowId> before = model.addRows(numberedRows(5));
    model.addExtraAlgorithm(kMd5);
    QVERIFY(model.update(before[0], [](VerifyRow& row) { row.status = RowStatus::ok; }));  // pending, dropped
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    model.clear();
    QCOMPARE(reset.count(), 1);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.algorithms(), (QStringList{kSha256, kCrc32c}));  // the extras went with the rows
    QCOMPARE(model.count(RowStatus::queued), 0);
    QCOMPARE(model.count(RowStatus::ok), 0);
    QCOMPARE(model.bytesKnown(), quint64{0});
    model.flush();
    QCOMPARE(changed.count(), 0);  // nothing left to announce about rows that are gone

    // Ids are never reused: a late event for a cleared row cannot land on a new one.
    const QVector<RowId> after = model.addRows(numberedRows(2));
    QVERIFY(after[0] > before.back());
    for (const RowId old : before) {
        QCOMPARE(model.indexOf(old), -1);
        QVERIFY(!model.update(old, [](VerifyRow& row) { row.status = RowStatus::failed; }));
    }
    QCOMPARE(model.count(RowStatus::queued), 2);
}

void FileTableModelTest::sortsAndFiltersThroughRowFilterModel() {
    FileTableModel& model = *model_;
    RowFilterModel proxy;
    proxy.setSourceModel(&model);
    const auto proxyTester = watch(&proxy);
    const QVector<RowId> ids =
        model.addRows({fileRow(QStringLiteral("b.bin"), 100), fileRow(QStringLiteral("A.bin"), 9),
                       fileRow(QStringLiteral("c.bin"), 10), fileRow(QStringLiteral("d.bin"))});

    // Sizes as numbers, not as their text; names without regard to case.
    proxy.sort(FileTableModel::Size, Qt::AscendingOrder);
    QCOMPARE(column(proxy, FileTableModel::Name), (QStringList{"d.bin", "A.bin", "c.bin", "b.bin"}));
    proxy.sort(FileTableModel::Name, Qt::AscendingOrder);
    QCOMPARE(column(proxy, FileTableModel::Name), (QStringList{"A.bin", "b.bin", "c.bin", "d.bin"}));

    // Sorted by status, a row that changes moves once the change is announced.
    proxy.sort(model.statusColumn(), Qt::DescendingOrder);
    QVERIFY(model.update(ids[2], [](VerifyRow& row) { row.status = RowStatus::missing; }));
    model.flush();
    QCOMPARE(proxy.index(0, FileTableModel::Name).data().toString(), QStringLiteral("c.bin"));

    // Failures only: rows come and go as their status does.
    proxy.setFailuresOnly(true);
    QVERIFY(proxy.failuresOnly());
    QCOMPARE(column(proxy, FileTableModel::Name), QStringList{"c.bin"});
    QVERIFY(model.update(ids[0], [](VerifyRow& row) { row.status = RowStatus::failed; }));
    QVERIFY(model.update(ids[2], [](VerifyRow& row) { row.status = RowStatus::hashed; }));
    model.flush();
    QCOMPARE(column(proxy, FileTableModel::Name), QStringList{"b.bin"});
    model.addRows({fileRow(QStringLiteral("e.bin"))});
    QCOMPARE(proxy.rowCount(), 1);  // queued: not a failure
    model.removeIds({ids[0], ids[1]});
    QCOMPARE(proxy.rowCount(), 0);
    proxy.setFailuresOnly(false);
    QCOMPARE(proxy.rowCount(), 3);

    proxy.sort(-1);  // back to the order added
    QCOMPARE(column(proxy, FileTableModel::Name), (QStringList{"c.bin", "d.bin", "e.bin"}));
    model.clear();
    QCOMPARE(proxy.rowCount(), 0);
}

void FileTableModelTest::bytesLeftAndTimeLeftFollowBytes() {
    FileTableModel& model = *model_;
    const QVector<RowId> ids =
        model.addRows({fileRow(QStringLiteral("big.iso"), 1000), fileRow(QStringLiteral("small"), 10)});
    QCOMPARE(model.bytesLeft(), quint64{1010});
    model.update(ids[1], [](VerifyRow& r) {
        r.status = RowStatus::hashed;
        r.done = 10;
    });
    model.update(ids[0], [](VerifyRow& r) {
        r.status = RowStatus::hashing;
        r.reading = true;
        r.done = 250;
        r.total = 1000;
    });
    // Half the files are done, a quarter of the bytes: the time left goes by the bytes.
    QCOMPARE(model.bytesLeft(), quint64{750});
    QCOMPARE(hashscope::ui::etaNs(750, 260, qint64{2'600'000'000}), qint64{7'500'000'000});
    QCOMPARE(hashscope::ui::etaNs(750, 260, 1'000), qint64{-1});  // too young a speed to go by
    model.update(ids[0], [](VerifyRow& r) { r.status = RowStatus::cancelled; });
    QCOMPARE(model.bytesLeft(), quint64{0});  // a finished row has nothing left, read or not
}

QTEST_MAIN(FileTableModelTest)
#include "file_table_model_test.moc"
