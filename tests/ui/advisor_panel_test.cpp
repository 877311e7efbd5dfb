// The Results page's advisor: candidates for a purpose with why and dispatch's choice; a size that
// is no size refused with the reason; the missing measured on a worker (progress, Cancel), kept in
// the library and ranked by; blocked while another measuring job runs.
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "hashscope/bench/results_library.hpp"
#include "results/advisor_panel.hpp"
#include "results/results_page.hpp"

using namespace hashscope;
using namespace hashscope::ui;

class AdvisorPanelTest : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void ranksThePurposesCandidates();
    void refusesASizeThatIsNone();
    void measuresWhatIsMissing();
    void cancelStopsTheMeasurement();
    void blockedByAnotherRun();

private:
    [[nodiscard]] AdvisorPanel* advisor() const { return page_->advisor(); }
    template <class T>
    T* child(const char* name) const {
        return advisor()->findChild<T*>(QString::fromLatin1(name));
    }
    [[nodiscard]] QStringList column(int c) const {
        QStringList out;
        for (int row = 0; row < advisor()->table()->rowCount(); ++row) out << advisor()->table()->item(row, c)->text();
        return out;
    }
    void choose(const QString& purpose, const QString& size) {
        QSignalSpy shown(advisor(), &AdvisorPanel::adviceShown);
        auto* p = child<QComboBox>("advisorPurpose");
        p->setCurrentIndex(p->findData(purpose));
        child<QComboBox>("advisorSize")->setCurrentText(size);
        child<QComboBox>("advisorSize")->lineEdit()->editingFinished();
        QTRY_VERIFY(!advisor()->busy() && !shown.isEmpty());
    }

    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<ResultsPage> page_;
};

void AdvisorPanelTest::init() {
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
    page_ = std::make_unique<ResultsPage>(bench::RunSources{dir_->path().toStdString(), {}});
    page_->resize(1280, 760);
    page_->show();
    page_->findChild<QTabWidget*>(QStringLiteral("resultsLowerTabs"))->setCurrentWidget(advisor());
    QTRY_VERIFY(!advisor()->busy() && advisor()->table()->rowCount() > 0);
}

void AdvisorPanelTest::cleanup() {
    page_.reset();
    dir_.reset();
}

void AdvisorPanelTest::ranksThePurposesCandidates() {
    choose(QStringLiteral("corruption"), QStringLiteral("4 KiB"));
    QVERIFY(column(AdvisorPanel::kAlgorithm).contains(QStringLiteral("crc32c")));
    // An empty library: nothing measured, each says so, and Measure offers them all.
    for (const QString& measured : column(AdvisorPanel::kMeasured)) QCOMPARE(measured, QStringLiteral("not measured"));
    auto* measure = child<QPushButton>("advisorMeasureButton");
    QVERIFY(measure->isEnabled());
    QVERIFY(measure->text().contains(QString::number(advisor()->table()->rowCount())));
    // Every candidate names dispatch's choice here and why it fits.
    for (const QString& impl : column(AdvisorPanel::kDispatch)) QVERIFY(!impl.isEmpty() && impl != "unknown");
    for (const QString& why : column(AdvisorPanel::kWhy)) QVERIFY(why.size() > 10);
    QVERIFY(child<QLabel>("advisorNotes")->text().contains(QStringLiteral("tamper")));

    choose(QStringLiteral("tamper"), QStringLiteral("1 MiB"));
    QCOMPARE(column(AdvisorPanel::kAlgorithm).front(), QStringLiteral("sha256"));
    for (const char* weak : {"md5", "sha1", "crc32c", "xxh3", "xxh128"}) {
        QVERIFY2(!column(AdvisorPanel::kAlgorithm).contains(QString::fromLatin1(weak)), weak);
    }
    QVERIFY(child<QLabel>("advisorNotes")->text().contains(QStringLiteral("sign it")));
}

void AdvisorPanelTest::refusesASizeThatIsNone() {
    const int rows = advisor()->table()->rowCount();
    child<QComboBox>("advisorSize")->setCurrentText(QStringLiteral("lots"));
    child<QComboBox>("advisorSize")->lineEdit()->editingFinished();
    QVERIFY(child<QLabel>("advisorStatus")->text().contains(QStringLiteral("'lots' is not a message size")));
    QCOMPARE(advisor()->table()->rowCount(), rows);  // the last answer stays
}

void AdvisorPanelTest::measuresWhatIsMissing() {
    choose(QStringLiteral("dedup"), QStringLiteral("4 KiB"));
    const int candidates = advisor()->table()->rowCount();
    QSignalSpy kept(advisor(), &AdvisorPanel::runKept);
    auto* progress = child<QProgressBar>("advisorProgress");
    child<QPushButton>("advisorMeasureButton")->click();
    QVERIFY(advisor()->measuring());
    QVERIFY(progress->isVisible() && progress->maximum() > 0);
    QVERIFY(child<QPushButton>("advisorCancelButton")->isEnabled());
    QVERIFY(!child<QPushButton>("advisorMeasureButton")->isEnabled());
    // The GUI thread is free meanwhile: the page still answers.
    QVERIFY(page_->isVisible());

    QTRY_VERIFY_WITH_TIMEOUT(!kept.isEmpty(), 60000);
    QTRY_VERIFY(!advisor()->busy());
    QVERIFY(!progress->isVisible());
    // Kept in the library, ranked by it: every candidate measured, fastest first.
    QCOMPARE(bench::list_runs(dir_->path().toStdString()).size(), std::size_t{1});
    QCOMPARE(advisor()->table()->rowCount(), candidates);
    double previous = 1e300;
    for (const auto& s : advisor()->advice().suggestions) {
        QVERIFY2(s.gb_per_s.has_value(), s.algorithm.c_str());
        QVERIFY(*s.gb_per_s <= previous);
        previous = *s.gb_per_s;
    }
    QVERIFY(!child<QPushButton>("advisorMeasureButton")->isEnabled());  // nothing missing now
    QVERIFY(child<QLabel>("advisorStatus")->text().contains(kept.front().front().toString()));
    // The Results page lists the run the advisor kept.
    QTRY_COMPARE(page_->filtered()->rowCount(), 1);

    if (const QString out = qEnvironmentVariable("HASHSCOPE_SCREENSHOTS"); !out.isEmpty()) {
        QVERIFY(page_->grab().save(out + QStringLiteral("/results-advisor.png")));
    }
}

void AdvisorPanelTest::cancelStopsTheMeasurement() {
    choose(QStringLiteral("corruption"), QStringLiteral("1 MiB"));
    QSignalSpy measuring(advisor(), &AdvisorPanel::measuringChanged);
    child<QPushButton>("advisorMeasureButton")->click();
    QVERIFY(advisor()->measuring());
    child<QPushButton>("advisorCancelButton")->click();
    QTRY_VERIFY(!advisor()->measuring());
    QTRY_VERIFY(!advisor()->busy());
    QCOMPARE(measuring.size(), 2);  // started, ended
    QVERIFY(!child<QProgressBar>("advisorProgress")->isVisible());
    QVERIFY(!child<QPushButton>("advisorCancelButton")->isEnabled());
    // Whatever was measured before the stop is kept as a partial run, or nothing is: never a half file.
    for (const auto& run : bench::list_runs(dir_->path().toStdString())) {
        QVERIFY(run.readable);
        QVERIFY(run.partial);
    }
}

void AdvisorPanelTest::blockedByAnotherRun() {
    auto* measure = child<QPushButton>("advisorMeasureButton");
    QVERIFY(measure->isEnabled());
    advisor()->setBlockedBy(QStringLiteral("A benchmark is running"));
    QVERIFY(!measure->isEnabled());
    QCOMPARE(measure->toolTip(), QStringLiteral("A benchmark is running"));
    advisor()->measureMissing();  // asked anyway: nothing starts
    QVERIFY(!advisor()->measuring());
    advisor()->setBlockedBy(QString());
    QVERIFY(measure->isEnabled());
}

QTEST_MAIN(AdvisorPanelTest)
#include "advisor_panel_test.moc"
