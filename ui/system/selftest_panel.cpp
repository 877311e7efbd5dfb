#include "system/selftest_panel.hpp"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "common/status_tone.hpp"
#include "system/selftest_run.hpp"

namespace hashscope::ui {
namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }
QString key(const QString& algorithm, const QString& implementation) {
    return algorithm + QLatin1Char('/') + implementation;
}

// The rows tested, in the order the self-test reports them: algorithm by algorithm, best first.
std::vector<const Implementation*> orderedRows(std::span<const Implementation> rows) {
    std::vector<const Implementation*> out;
    for (const auto& algorithm : algorithms()) {
        const auto first = out.size();
        for (const auto& row : rows) {
            if (row.algorithm == algorithm.id) out.push_back(&row);
        }
        std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                         [](auto* a, auto* b) { return a->priority > b->priority; });
    }
    return out;
}

QTableWidgetItem* cell(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setToolTip(text);
    return item;
}

// `alone`: the only implementation of its algorithm in the table (then it is no one's reference).
QString details(const SelfTestOutcome& o, bool alone) {
    if (o.status != SelfTestStatus::passed) return QString::fromStdString(o.message);
    const QString checked = QObject::tr("%1 known answers · %2 random messages").arg(o.vectors).arg(o.random_messages);
    if (o.reference != o.implementation)
        return checked + QObject::tr(" agree with %1").arg(QString::fromStdString(o.reference));
    return checked + (alone ? QObject::tr(", any split = whole message")
                            : QObject::tr(", any split = whole message (the reference of the others)"));
}

}  // namespace

SelfTestPanel::SelfTestPanel(const Registry& registry, QWidget* parent)
    : QGroupBox(tr("Self-test"), parent),
      registry_(registry),
      job_([this](const SelfTestUpdate& update) { onOutcome(update.outcome, update.progress); },
           [this](const SelfTestReport& report) { onFinished(report); }, lostSelfTestReport()) {
    setObjectName(QStringLiteral("selfTestPanel"));
    pool_.setObjectName(QStringLiteral("selfTestPool"));
    pool_.setMaxThreadCount(1);
    run_ = new QPushButton(tr("Self-test"), this);
    run_->setObjectName(QStringLiteral("selfTestButton"));
    run_->setToolTip(
        tr("Run every implementation this CPU can run through the known-answer vectors of its "
           "algorithm, then compare it with the algorithm's reference implementation on random "
           "messages of many lengths, fed in random pieces"));
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName(QStringLiteral("selfTestCancelButton"));
    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("selfTestProgress"));
    progress_->setTextVisible(false);
    progress_->setMaximumWidth(220);
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("selfTestSummary"));
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);  // the seed gets pasted into bug reports

    table_ = new QTableWidget(0, 5, this);
    followTheme(table_);
    table_->setObjectName(QStringLiteral("selfTestTable"));
    table_->setHorizontalHeaderLabels(
        {tr("Algorithm"), tr("Implementation"), tr("Backend"), tr("Result"), tr("What was checked")});
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->setAlternatingRowColors(true);
    table_->setShowGrid(false);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setWordWrap(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);

    auto* top = new QHBoxLayout;
    top->addWidget(run_);
    top->addWidget(cancel_);
    top->addWidget(progress_);
    top->addWidget(summary_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(table_, 1);

    showBlocksOn(summary_, run_);
    connect(run_, &QPushButton::clicked, this, &SelfTestPanel::run);
    connect(cancel_, &QPushButton::clicked, this, &SelfTestPanel::cancel);
    resetTable();
}

SelfTestPanel::~SelfTestPanel() { shutdown(); }

void SelfTestPanel::setOptions(const SelfTestOptions& options) {
    if (running()) return;
    options_ = options;
    report_ = {};
    resetTable();
}

int SelfTestPanel::rowOf(const QString& algorithm, const QString& implementation) const {
    return rows_.value(key(algorithm, implementation), -1);
}

// Every implementation, before any verdict: not run yet, or greyed with the features it lacks.
void SelfTestPanel::resetTable() {
    const auto rows = orderedRows(options_.implementations.empty() ? all_implementations() : options_.implementations);
    table_->setRowCount(static_cast<int>(rows.size()));
    rows_.clear();
    runnable_ = 0;
    int r = 0;
    for (const Implementation* row : rows) {
        const QString algorithm = qs(row->algorithm), id = qs(row->id);
        rows_.insert(key(algorithm, id), r);
        table_->setItem(r, kSelfTestAlgorithm, cell(algorithm));
        table_->setItem(r, kSelfTestImplementation, cell(id));
        table_->setItem(r, kSelfTestBackend, cell(qs(row->backend)));
        const bool available = registry_.available(*row);
        runnable_ += available ? 1 : 0;
        auto* result = cell(available ? tr("not run") : tr("skipped"));
        auto* what =
            cell(available ? QString()
                           : tr("needs %1, which this CPU lacks")
                                 .arg(QString::fromStdString(row->needs.without(registry_.features()).to_string())));
        if (!available) {
            setItemTone(result, Tone::muted);
            setItemTone(what, Tone::muted);
        }
        table_->setItem(r, kSelfTestResult, result);
        table_->setItem(r, kSelfTestDetails, what);
        ++r;
    }
    progress_->setRange(0, std::max(1, table_->rowCount()));
    progress_->setValue(0);
    const std::size_t lacking = rows.size() - runnable_;
    summary_->setText(tr("Checks the %1 implementations this CPU can run against known answers and against each "
                         "other.")
                          .arg(runnable_) +
                      (lacking > 0 ? tr(" %1 more need features it lacks.").arg(lacking) : QString()));
    setLabelTone(summary_, Tone::plain);
    refresh();
}

void SelfTestPanel::run() {
    if (running() || !blockedBy().isEmpty()) return;  // the summary already says why
    report_ = {};
    resetTable();
    for (int r = 0; r < table_->rowCount(); ++r) {
        if (table_->item(r, kSelfTestResult)->text() == tr("not run"))
            table_->item(r, kSelfTestResult)->setText(tr("waiting"));
    }
    job_.start(pool_, selfTestWork(registry_, options_));
    summary_->setText(tr("Checking %1 implementations…").arg(runnable_));
    refresh();
    emit runningChanged(true);
}

void SelfTestPanel::cancel() {
    if (!running()) return;
    job_.cancel();
    summary_->setText(tr("Cancelling…"));
    refresh();
}

void SelfTestPanel::shutdown() {
    job_.cancel();
    pool_.waitForDone();
}

void SelfTestPanel::onOutcome(const SelfTestOutcome& outcome, const SelfTestProgress& progress) {
    const int row = rowOf(QString::fromStdString(outcome.algorithm), QString::fromStdString(outcome.implementation));
    if (row >= 0) showOutcome(row, outcome);
    progress_->setValue(static_cast<int>(progress.done));
    if (!job_.cancelRequested()) summary_->setText(tr("Checking… %1 of %2").arg(progress.done).arg(progress.total));
}

void SelfTestPanel::showOutcome(int row, const SelfTestOutcome& outcome) {
    auto* result = table_->item(row, kSelfTestResult);
    auto* what = table_->item(row, kSelfTestDetails);
    const Tone tone = outcome.status == SelfTestStatus::passed   ? Tone::good
                      : outcome.status == SelfTestStatus::failed ? Tone::bad
                                                                 : Tone::muted;
    result->setText(outcome.status == SelfTestStatus::passed   ? tr("✓ passed")
                    : outcome.status == SelfTestStatus::failed ? tr("✗ FAILED")
                                                               : tr("skipped"));
    setItemTone(result, tone);
    QFont font = result->font();
    font.setBold(outcome.status == SelfTestStatus::failed);
    result->setFont(font);
    const QString algorithm = QString::fromStdString(outcome.algorithm);
    int relatives = 0;  // rows of the same algorithm
    for (int r = 0; r < table_->rowCount(); ++r)
        relatives += table_->item(r, kSelfTestAlgorithm)->text() == algorithm ? 1 : 0;
    what->setText(details(outcome, relatives <= 1));
    what->setToolTip(what->text());
    setItemTone(what, outcome.status == SelfTestStatus::failed    ? Tone::bad
                      : outcome.status == SelfTestStatus::skipped ? Tone::muted
                                                                  : Tone::plain);
}

void SelfTestPanel::onFinished(const SelfTestReport& report) {
    report_ = report;
    const auto passed = report_.count(SelfTestStatus::passed);
    const auto failed = report_.count(SelfTestStatus::failed);
    const auto skipped = report_.count(SelfTestStatus::skipped);
    const QString seed = tr("random messages from seed %1").arg(report_.seed);
    if (report_.cancelled) {
        for (int r = 0; r < table_->rowCount(); ++r) {
            if (table_->item(r, kSelfTestResult)->text() == tr("waiting"))
                table_->item(r, kSelfTestResult)->setText(tr("not run"));
        }
        summary_->setText(tr("Cancelled after %1 of %2 implementations: %3 passed, %4 failed")
                              .arg(passed + failed)
                              .arg(runnable_)
                              .arg(passed)
                              .arg(failed));
        setLabelTone(summary_, Tone::plain);
    } else if (failed == 0) {
        const QString skippedText =
            skipped > 0 ? tr(" (%1 skipped: this CPU lacks what they need)").arg(skipped) : QString();
        summary_->setText(
            tr("✓ All %1 implementations this CPU can run passed%2 · %3").arg(passed).arg(skippedText, seed));
        setLabelTone(summary_, Tone::good, true);
    } else {
        QStringList names;
        int firstRow = -1;
        for (const auto& o : report_.outcomes) {
            if (o.status != SelfTestStatus::failed) continue;
            names << QString::fromStdString(o.algorithm + " · " + o.implementation);
            if (firstRow < 0)
                firstRow = rowOf(QString::fromStdString(o.algorithm), QString::fromStdString(o.implementation));
        }
        summary_->setText(tr("✗ %1 of %2 failed: %3 · %4")
                              .arg(failed)
                              .arg(passed + failed)
                              .arg(names.join(QStringLiteral(", ")), seed));
        setLabelTone(summary_, Tone::bad, true);
        if (firstRow >= 0) table_->scrollToItem(table_->item(firstRow, kSelfTestResult));  // the user looks there first
    }
    progress_->setValue(static_cast<int>(report_.outcomes.size()));
    refresh();
    emit runningChanged(false);
    emit runFinished();
}

void SelfTestPanel::refresh() {
    progress_->setVisible(running());  // a full bar after the run would say nothing the summary does not
    run_->setEnabled(!running() && blockedBy().isEmpty());
    cancel_->setEnabled(running() && !job_.cancelRequested());
}

}  // namespace hashscope::ui
