// The Results page against a temporary library of three small runs: listed off the GUI thread,
// filtered, two selected show core's comparison (a significant ratio, the warnings, a lone cell),
// a name and note kept beside the runs, delete with Undo, and the HTML export. Reference runs beside
// them: labelled, compared with the user's, never renamed or deleted; a damaged or emulated file in
// their folder, or no folder at all, is a note.
#include <qcustomplot.h>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>
#include <fstream>
#include <memory>

#include "hashscope/bench/reference_runs.hpp"
#include "hashscope/bench/results_library.hpp"
#include "results/comparison_view.hpp"
#include "results/results_page.hpp"
#include "results/undo_bar.hpp"

using namespace hashscope;
using namespace hashscope::ui;

namespace {

bench::CellResult cell(const std::string& algorithm, std::size_t size, double mean) {
    bench::CellResult c;
    c.algorithm = algorithm;
    c.implementation = "portable";
    c.size = size;
    c.samples = 10;
    c.precise = true;
    c.ns_per_op = {10, mean, mean, mean * 0.99, mean * 1.01, mean / 200, mean / 100};
    c.gb_per_s = static_cast<double>(size) / mean;
    return c;
}

bench::BenchReport report(const std::string& cpu, double crcMean, bool withMd5) {
    bench::BenchReport r;
    r.environment.cpu_model = cpu;
    r.environment.microarchitecture = "Testlake";
    r.environment.architecture = "x86_64";
    r.environment.threads = 8;
    r.environment.build_type = "Release";
    r.environment.git_revision = "abc123";
    r.environment.date = "2026-12-02T05:40:12Z";
    r.spec.preset = "quick";
    r.results = {cell("crc32c", 64, crcMean / 20), cell("crc32c", 4096, crcMean), cell("sha256", 4096, 2000)};
    if (withMd5) r.results.push_back(cell("md5", 4096, 5000));
    return r;
}

QString fileText(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

}  // namespace

class ResultsPageTest : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void listsTheRunsAndFilters();
    void twoSelectedShowTheComparison();
    void nameAndNoteLiveBesideTheRun();
    void deleteWithUndo();
    void exportsHtml();
    void referenceRunsAreLabelledAndReadOnly();
    void missingReferenceFolderIsANote();
    void screenshot();

private:
    QString runPath(const QString& id) const { return dir_->filePath(id + QStringLiteral(".json")); }
    QWidget* child(const char* name) const { return page_->findChild<QWidget*>(QString::fromLatin1(name)); }

    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<ResultsPage> page_;
    QStringList ids_;  // alpha (reference), beta (crc32c 3× slower), gamma (another CPU, with md5)
};

void ResultsPageTest::init() {
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
    const std::filesystem::path lib = dir_->path().toStdString();
    // Named as the library names runs, oldest first, so the reference is known.
    ids_ = {QStringLiteral("2026-12-01T10-00-00Z-aaaaaaaa"), QStringLiteral("2026-12-01T11-00-00Z-bbbbbbbb"),
            QStringLiteral("2026-12-01T12-00-00Z-cccccccc")};
    const bench::BenchReport reports[] = {report("Alpha CPU", 100, false), report("Beta CPU", 300, false),
                                          report("Gamma CPU", 100, true)};
    for (int i = 0; i < 3; ++i) {
        std::ofstream(runPath(ids_[i]).toStdString(), std::ios::binary) << bench::to_json(reports[i]);
    }
    page_ = std::make_unique<ResultsPage>(bench::RunSources{lib, {}});
    page_->resize(1280, 760);
    page_->show();
    QTRY_COMPARE(page_->filtered()->rowCount(), 3);
}

void ResultsPageTest::cleanup() {
    page_.reset();
    dir_.reset();
    ids_.clear();
}

void ResultsPageTest::listsTheRunsAndFilters() {
    auto* filter = qobject_cast<QLineEdit*>(child("resultsFilter"));
    QVERIFY(filter);
    QStringList cpus;
    for (int row = 0; row < 3; ++row) {
        cpus << page_->filtered()->index(row, ResultsPage::kCpu).data().toString();
    }
    cpus.sort();
    // Each with its microarchitecture: one model name may cover several generations.
    QCOMPARE(cpus, (QStringList{"Alpha CPU · Testlake", "Beta CPU · Testlake", "Gamma CPU · Testlake"}));
    QCOMPARE(page_->filtered()->index(0, ResultsPage::kPreset).data().toString(), QStringLiteral("quick"));
    QCOMPARE(page_->filtered()->index(0, ResultsPage::kMachine).data().toString(),
             QStringLiteral("x86_64 · 8 threads"));

    filter->setText(QStringLiteral("beta"));
    QTRY_COMPARE(page_->filtered()->rowCount(), 1);
    QCOMPARE(page_->filtered()->index(0, ResultsPage::kCpu).data().toString(), QStringLiteral("Beta CPU · Testlake"));
    filter->setText(QStringLiteral("no such thing"));
    QTRY_COMPARE(page_->filtered()->rowCount(), 0);
    filter->clear();
    QTRY_COMPARE(page_->filtered()->rowCount(), 3);
}

void ResultsPageTest::twoSelectedShowTheComparison() {
    auto* table = page_->comparison()->table();
    page_->selectIds({ids_[0], ids_[1]});
    QCOMPARE(page_->selectedIds(), (QStringList{ids_[0], ids_[1]}));
    QTRY_VERIFY(table->isVisible() && table->rowCount() == 3);  // crc32c 64 B, 4 KiB, sha256
    // crc32c 4 KiB: three times slower, far outside the intervals: marked significant.
    bool found = false;
    for (int row = 0; row < table->rowCount(); ++row) {
        if (!table->item(row, ComparisonView::kCellColumn)
                 ->text()
                 .startsWith(QStringLiteral("crc32c · portable · 4KiB")))
            continue;
        found = true;
        QCOMPARE(table->item(row, ComparisonView::kFirstColumn + 1)->text(), QStringLiteral("×3.000*"));
        QVERIFY(table->item(row, ComparisonView::kFirstColumn + 1)->data(Qt::UserRole).toBool());
    }
    QVERIFY(found);
    // Another CPU model: core's warning above the table.
    QVERIFY(page_->comparison()->warnings()->isVisible());
    QVERIFY2(page_->comparison()->warnings()->text().contains(QStringLiteral("different CPU model")),
             qPrintable(page_->comparison()->warnings()->text()));
    QVERIFY(page_->comparison()->chart()->graphCount() >= 4);  // two participants × two runs

    // With gamma: md5 is only in one run, listed apart.
    page_->selectIds({ids_[0], ids_[2]});
    QTRY_VERIFY(page_->comparison()->lone()->isVisible() && page_->comparison()->lone()->count() == 1);
    QVERIFY(page_->comparison()->lone()->item(0)->text().startsWith(QStringLiteral("md5 · portable")));
    QVERIFY(page_->comparison()->lone()->item(0)->text().contains(ids_[2]));

    // One run: its chart, no table.
    page_->selectIds({ids_[1]});
    QTRY_VERIFY(!table->isVisible() && page_->comparison()->chart()->isVisible());
}

void ResultsPageTest::nameAndNoteLiveBesideTheRun() {
    const QString before = fileText(runPath(ids_[0]));
    page_->selectIds({ids_[0]});
    auto* button = qobject_cast<QPushButton*>(child("resultsNoteButton"));
    QVERIFY(button && button->isEnabled());
    button->click();
    auto* dialog = page_->findChild<QDialog*>(QStringLiteral("resultsNoteDialog"));
    QVERIFY(dialog);
    dialog->findChild<QLineEdit*>(QStringLiteral("resultsNameEdit"))->setText(QStringLiteral("before the fix"));
    dialog->findChild<QPlainTextEdit*>(QStringLiteral("resultsNoteEdit"))->setPlainText(QStringLiteral("pinned"));
    dialog->findChild<QDialogButtonBox*>(QStringLiteral("resultsNoteButtons"))->button(QDialogButtonBox::Ok)->click();

    auto nameOf = [this](const QString& id) {
        for (int row = 0; row < page_->filtered()->rowCount(); ++row) {
            if (page_->filtered()->index(row, ResultsPage::kId).data().toString() == id)
                return page_->filtered()->index(row, ResultsPage::kName).data().toString();
        }
        return QStringLiteral("<no row>");
    };
    QTRY_COMPARE(nameOf(ids_[0]), QStringLiteral("before the fix"));
    QCOMPARE(fileText(runPath(ids_[0])), before);  // the run's file is untouched
    // The filter finds it by name.
    qobject_cast<QLineEdit*>(child("resultsFilter"))->setText(QStringLiteral("the fix"));
    QTRY_COMPARE(page_->filtered()->rowCount(), 1);
}

void ResultsPageTest::deleteWithUndo() {
    auto* undoBar = page_->findChild<UndoBar*>(QStringLiteral("resultsUndoBar"));
    QVERIFY(undoBar && !undoBar->isVisible());
    page_->selectIds({ids_[2]});
    qobject_cast<QPushButton*>(child("resultsDeleteButton"))->click();
    QCOMPARE(page_->filtered()->rowCount(), 2);
    QVERIFY(undoBar->isVisible());
    QVERIFY(QFile::exists(runPath(ids_[2])));  // held back until the bar is dismissed

    qobject_cast<QPushButton*>(child("resultsUndoButton"))->click();
    QTRY_COMPARE(page_->filtered()->rowCount(), 3);
    QVERIFY(!undoBar->isVisible());
    QVERIFY(QFile::exists(runPath(ids_[2])));

    // Dismissed: now the file goes.
    page_->selectIds({ids_[2]});
    qobject_cast<QPushButton*>(child("resultsDeleteButton"))->click();
    QCOMPARE(page_->filtered()->rowCount(), 2);
    qobject_cast<QToolButton*>(child("resultsUndoClose"))->click();
    QVERIFY(!QFile::exists(runPath(ids_[2])));
    page_->reload();
    QTest::qWait(0);
    QTRY_VERIFY(!page_->loading());
    QCOMPARE(page_->filtered()->rowCount(), 2);

    // A deletion still offering Undo when the page closes becomes final.
    page_->selectIds({ids_[1]});
    qobject_cast<QPushButton*>(child("resultsDeleteButton"))->click();
    page_->shutdown();
    QVERIFY(!QFile::exists(runPath(ids_[1])));
}

void ResultsPageTest::exportsHtml() {
    page_->selectIds({ids_[0], ids_[1]});
    const QString path = dir_->filePath(QStringLiteral("out/report.html"));
    QVERIFY(!page_->exportHtml(path).isEmpty());  // no such folder: the reason, not a crash
    QVERIFY(!qobject_cast<QLabel*>(child("resultsStatus"))->text().isEmpty());
    const QString ok = dir_->filePath(QStringLiteral("report.html"));
    QCOMPARE(page_->exportHtml(ok), QString());
    const QString html = fileText(ok);
    QCOMPARE(html.count(QStringLiteral("<svg")), 2);
    QVERIFY(html.contains(ids_[0]) && html.contains(ids_[1]));
    QVERIFY(html.contains(QStringLiteral("class=\"comparison\"")));
    QVERIFY(!html.contains(QStringLiteral("<script")));
}

void ResultsPageTest::referenceRunsAreLabelledAndReadOnly() {
    // A reference folder with one good run, one measured under emulation and one damaged file.
    const QString refs = dir_->filePath(QStringLiteral("reference"));
    QVERIFY(QDir().mkpath(refs));
    auto shipped = report("Zen Box", 90, false);
    shipped.environment.date = "2026-11-30T08:00:00Z";
    shipped.environment.git_revision = "d6d675f3d81a";
    std::ofstream((refs + QStringLiteral("/zen.json")).toStdString(), std::ios::binary) << bench::to_json(shipped);
    auto emulated = shipped;
    emulated.environment.emulation = "QEMU user mode";
    std::ofstream((refs + QStringLiteral("/emulated.json")).toStdString(), std::ios::binary)
        << bench::to_json(emulated);
    std::ofstream((refs + QStringLiteral("/damaged.json")).toStdString(), std::ios::binary) << "{\"schema\": \"hash";
    const QString refBefore = fileText(refs + QStringLiteral("/zen.json"));

    page_ = std::make_unique<ResultsPage>(bench::RunSources{dir_->path().toStdString(), refs.toStdString()});
    page_->resize(1280, 760);
    page_->show();
    QTRY_COMPARE(page_->filtered()->rowCount(), 4);  // three own runs and the one good reference
    const QString id = QStringLiteral("reference/zen");
    int row = -1;
    for (int r = 0; r < page_->filtered()->rowCount(); ++r) {
        if (page_->filtered()->index(r, ResultsPage::kId).data().toString() == id) row = r;
    }
    QVERIFY(row >= 0);
    QVERIFY(page_->filtered()->index(row, ResultsPage::kId).data(ResultsPage::kReferenceRole).toBool());
    QCOMPARE(page_->filtered()->index(row, ResultsPage::kName).data().toString(),
             QStringLiteral("Reference: Zen Box (Testlake)"));
    QVERIFY(page_->filtered()
                ->index(row, ResultsPage::kName)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("d6d675f3d81a")));
    QCOMPARE(page_->filtered()->index(row, ResultsPage::kDate).data().toString(),
             QStringLiteral("2026-11-30T08:00:00Z"));
    // The files left out are named, with why; the page says how many references it shows.
    const QString notes = page_->referenceNotes().join(QLatin1Char('\n'));
    QVERIFY2(notes.contains(QStringLiteral("damaged.json")), qPrintable(notes));
    QVERIFY2(notes.contains(QStringLiteral("emulation")), qPrintable(notes));
    QVERIFY(qobject_cast<QLabel*>(child("resultsStatus"))->text().contains(QStringLiteral("1 reference run")));

    // Read-only: no Name… or Delete for it, and asked anyway, a reason and nothing changed.
    page_->selectIds({id});
    auto* note = qobject_cast<QPushButton*>(child("resultsNoteButton"));
    auto* remove = qobject_cast<QPushButton*>(child("resultsDeleteButton"));
    QVERIFY(!note->isEnabled() && !remove->isEnabled());
    QVERIFY(remove->toolTip().contains(QStringLiteral("read-only")));
    page_->deleteSelected();
    QCOMPARE(page_->filtered()->rowCount(), 4);
    QVERIFY(qobject_cast<QLabel*>(child("resultsStatus"))->text().contains(QStringLiteral("cannot be deleted")));
    QVERIFY(page_->setNote(id, QStringLiteral("mine"), QString()).contains(QStringLiteral("read-only")));
    QCOMPARE(fileText(refs + QStringLiteral("/zen.json")), refBefore);

    // Compared with the user's own run: core's comparison, on one chart.
    page_->selectIds({id, ids_[0]});
    QTRY_VERIFY(page_->comparison()->table()->isVisible() && page_->comparison()->table()->rowCount() == 3);
    QVERIFY(page_->comparison()->chart()->graphCount() >= 4);
    QVERIFY(!remove->isEnabled());  // a reference among the selected: still not deletable
    if (const QString out = qEnvironmentVariable("HASHSCOPE_SCREENSHOTS"); !out.isEmpty()) {
        QVERIFY(page_->grab().save(out + QStringLiteral("/results-reference.png")));
    }
}

void ResultsPageTest::missingReferenceFolderIsANote() {
    const QString nowhere = dir_->filePath(QStringLiteral("no-such-folder"));
    page_ = std::make_unique<ResultsPage>(bench::RunSources{dir_->path().toStdString(), nowhere.toStdString()});
    page_->show();
    QTRY_COMPARE(page_->filtered()->rowCount(), 3);  // the library as it is
    QCOMPARE(page_->referenceNotes().size(), 1);
    QVERIFY(page_->referenceNotes().front().contains(QStringLiteral("no-such-folder")));
}

// With HASHSCOPE_SCREENSHOTS=DIR, saves the page comparing two runs as DIR/results.png.
void ResultsPageTest::screenshot() {
    const QString out = qEnvironmentVariable("HASHSCOPE_SCREENSHOTS");
    if (out.isEmpty()) QSKIP("set HASHSCOPE_SCREENSHOTS=DIR to write screenshots");
    page_->setNote(ids_[0], QStringLiteral("baseline"), QString());
    page_->selectIds({ids_[0], ids_[1]});
    QTRY_VERIFY(page_->comparison()->table()->isVisible() && page_->comparison()->table()->rowCount() == 3);
    QTRY_COMPARE(page_->filtered()->index(0, ResultsPage::kId).isValid(), true);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);  // lay out what was just shown
    QVERIFY(page_->grab().save(out + QStringLiteral("/results.png")));
}

QTEST_MAIN(ResultsPageTest)
#include "results_page_test.moc"
