#include "results/advisor_panel.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <utility>

#include "common/format.hpp"
#include "common/status_colours.hpp"
#include "hashscope/bench/results_library.hpp"
#include "hashscope/bench/sizes.hpp"
#include "hashscope/cpu.hpp"

namespace hashscope::ui {
namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

constexpr bench::Purpose kPurposes[] = {bench::Purpose::corruption, bench::Purpose::interop, bench::Purpose::tamper,
                                        bench::Purpose::dedup};
// The sizes offered; any other can be typed ("256KiB", "3 MB").
constexpr const char* kSizes[] = {"64 B", "1 KiB", "4 KiB", "64 KiB", "1 MiB", "16 MiB", "1 GiB"};
constexpr int kDefaultSize = 4;  // 1 MiB, as the CLI's default

QTableWidgetItem* cell(const QString& text, const QString& tip = {}) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (!tip.isEmpty()) item->setToolTip(tip);
    return item;
}

}  // namespace

AdvisorPanel::AdvisorPanel(std::filesystem::path library, QWidget* parent)
    : QWidget(parent),
      library_(std::move(library)),
      adviceJob_([](int) {}, [this](const Ranked& ranked) { showRanking(ranked); }, Ranked{}),
      measureJob_([this](const RunUpdate& update) { onProgress(update); },
                  [this](const bench::BenchReport& report) { onMeasured(report); }, lostBenchReport()) {
    setObjectName(QStringLiteral("advisorPanel"));
    pool_.setObjectName(QStringLiteral("advisorPool"));
    pool_.setMaxThreadCount(2);  // a ranking may read the library while a measurement runs
    build();
    refresh();
}

AdvisorPanel::~AdvisorPanel() { shutdown(); }

void AdvisorPanel::build() {
    purpose_ = new QComboBox(this);
    purpose_->setObjectName(QStringLiteral("advisorPurpose"));
    for (const auto p : kPurposes) {
        purpose_->addItem(QStringLiteral("%1: %2").arg(qs(bench::purpose_name(p)), qs(bench::purpose_description(p))),
                          qs(bench::purpose_name(p)));
    }
    size_ = new QComboBox(this);
    size_->setObjectName(QStringLiteral("advisorSize"));
    size_->setEditable(true);
    size_->setInsertPolicy(QComboBox::NoInsert);
    for (const char* s : kSizes) size_->addItem(QString::fromLatin1(s));
    size_->setCurrentIndex(kDefaultSize);
    size_->setToolTip(tr("The size of the messages you will checksum: speeds differ by size"));
    connect(purpose_, &QComboBox::currentIndexChanged, this, &AdvisorPanel::refresh);
    connect(size_, &QComboBox::currentIndexChanged, this, &AdvisorPanel::refresh);
    connect(size_->lineEdit(), &QLineEdit::editingFinished, this, &AdvisorPanel::refresh);

    measure_ = new QPushButton(tr("Measure missing"), this);
    measure_->setObjectName(QStringLiteral("advisorMeasureButton"));
    connect(measure_, &QPushButton::clicked, this, &AdvisorPanel::measureMissing);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName(QStringLiteral("advisorCancelButton"));
    connect(cancel_, &QPushButton::clicked, this, &AdvisorPanel::cancel);
    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("advisorProgress"));
    progress_->setTextVisible(true);
    progress_->hide();

    auto* controls = new QHBoxLayout;
    auto* form = new QFormLayout;
    form->addRow(tr("Purpose:"), purpose_);
    form->addRow(tr("Message size:"), size_);
    controls->addLayout(form, 1);
    auto* buttons = new QVBoxLayout;
    buttons->addWidget(measure_);
    buttons->addWidget(cancel_);
    buttons->addStretch();
    controls->addLayout(buttons);

    table_ = new QTableWidget(0, kColumns, this);
    table_->setObjectName(QStringLiteral("advisorTable"));
    table_->setHorizontalHeaderLabels(
        {tr("#"), tr("Algorithm"), tr("GB/s"), tr("Measured"), tr("HashScope uses"), tr("Why")});
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setWordWrap(true);

    notes_ = new QLabel(this);
    notes_->setObjectName(QStringLiteral("advisorNotes"));
    notes_->setWordWrap(true);
    notes_->setTextFormat(Qt::PlainText);
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("advisorStatus"));
    status_->setWordWrap(true);
    status_->setTextFormat(Qt::PlainText);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(table_, 1);
    layout->addWidget(notes_);
    layout->addWidget(progress_);
    layout->addWidget(status_);
    updateButtons();
}

std::optional<std::pair<bench::Purpose, std::size_t>> AdvisorPanel::question() {
    auto purpose = bench::parse_purpose(purpose_->currentData().toString().toStdString());
    const QString sizeText = size_->currentText().trimmed();
    auto size = bench::parse_size(sizeText.toStdString());
    if (!purpose) {
        setStatus(qs(purpose.error().message), true);
        return std::nullopt;
    }
    if (!size || *size == 0) {
        setStatus(tr("'%1' is not a message size: type one such as 4 KiB or 1 MiB").arg(sizeText), true);
        return std::nullopt;
    }
    return std::pair{*purpose, *size};
}

void AdvisorPanel::refresh() { startRanking(std::nullopt); }

void AdvisorPanel::startRanking(std::optional<bench::BenchReport> keepFirst) {
    // A measured run is never dropped: it waits for the ranking under way, or for a size that
    // can be read, and the next ranking keeps it first.
    if (keepFirst) pendingKeep_ = std::move(keepFirst);
    if (adviceJob_.running()) {
        rankAgain_ = true;
        return;
    }
    const auto asked = question();
    if (!asked) return;
    adviceJob_.start(pool_, [dir = library_, purpose = asked->first, size = asked->second,
                             keep = std::exchange(pendingKeep_, std::nullopt)](auto&, std::stop_token) {
        Ranked ranked;
        if (keep) {
            if (auto id = bench::save_run(dir, *keep)) {
                ranked.savedId = qs(*id);
            } else {
                ranked.saveError = qs(id.error().message);
            }
        }
        const auto cpu = bench::cpu_class(host_cpu().model, host_cpu().microarchitecture);
        ranked.advice = bench::advise(purpose, size, cpu, bench::newest_runs_of(dir, cpu));
        return ranked;
    });
    updateButtons();
}

void AdvisorPanel::showRanking(const Ranked& ranked) {
    if (rankAgain_) {
        rankAgain_ = false;
        if (!ranked.savedId.isEmpty()) emit runKept(ranked.savedId);
        refresh();
        if (!ranked.saveError.isEmpty())
            setStatus(tr("The measurement could not be kept: %1").arg(ranked.saveError), true);
        return;
    }
    advice_ = ranked.advice;
    bench::name_dispatch(advice_, Registry::host());  // cheap, and the host registry lives on this thread's side
    table_->setRowCount(0);
    int row = 0;
    for (const auto& s : advice_.suggestions) {
        table_->insertRow(row);
        table_->setItem(row, kRank, cell(QString::number(row + 1)));
        table_->setItem(row, kAlgorithm, cell(qs(s.algorithm)));
        if (s.gb_per_s) {
            auto* speed = cell(formatFigure(*s.gb_per_s));
            speed->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table_->setItem(row, kSpeed, speed);
            table_->setItem(row, kMeasured,
                            cell(tr("%1 at %2").arg(qs(s.implementation), qs(bench::format_size(s.measured_size))),
                                 tr("Measured on %1").arg(qs(s.measured_in))));
        } else {
            table_->setItem(row, kSpeed, cell(QStringLiteral("–")));
            auto* missing = cell(tr("not measured"), tr("No kept run of this CPU measured it: Measure missing does"));
            missing->setForeground(status_colour::colours().caution);
            table_->setItem(row, kMeasured, missing);
        }
        table_->setItem(row, kDispatch,
                        cell(s.dispatch.empty() ? tr("unknown") : qs(s.dispatch),
                             tr("The implementation dispatch chooses for this size on this machine")));
        table_->setItem(row, kWhy, cell(qs(s.why), qs(s.why)));
        ++row;
    }
    table_->resizeColumnsToContents();
    table_->resizeRowsToContents();
    QStringList notes;
    for (const auto& n : advice_.notes) notes << QStringLiteral("• ") + qs(n);
    notes_->setText(notes.join(QLatin1Char('\n')));
    const bool ranked_by_speed =
        advice_.purpose == bench::Purpose::corruption || advice_.purpose == bench::Purpose::dedup;
    QString line = ranked_by_speed ? tr("Ranked by this machine's measured speed (%1), fastest first.")
                                         .arg(qs(bench::cpu_class(host_cpu().model, host_cpu().microarchitecture)))
                                   : tr("In the order this purpose asks for (compatibility and strength "
                                        "first); speeds are shown only.");
    if (!ranked.savedId.isEmpty()) {
        line += QLatin1Char(' ') + tr("Measured and kept as run %1.").arg(ranked.savedId);
        emit runKept(ranked.savedId);
    }
    setStatus(line);
    if (!ranked.saveError.isEmpty()) setStatus(tr("The measurement could not be kept: %1").arg(ranked.saveError), true);
    updateButtons();
    emit adviceShown();
}

void AdvisorPanel::measureMissing() {
    if (measureJob_.running() || !blockedBy_.isEmpty()) return;
    const auto missing = bench::unmeasured(advice_);
    if (missing.empty()) return;
    auto spec = bench::measuring_spec(missing, advice_.size, Registry::host());
    if (!spec) {
        setStatus(qs(spec.error().message), true);
        return;
    }
    progress_->setRange(0, static_cast<int>(bench::count_cells(*spec)));
    progress_->setValue(0);
    progress_->setFormat(tr("Measuring %p%"));
    progress_->show();
    QStringList names;
    for (const auto& a : missing) names << qs(a);
    setStatus(tr("Measuring %1 at %2 (%3)…")
                  .arg(names.join(QStringLiteral(", ")), qs(bench::format_size(advice_.size)),
                       formatDuration(bench::estimated_seconds(*spec))));
    measureJob_.start(pool_, benchWork(std::move(*spec), Registry::host(), host_cpu(), {}));
    updateButtons();
    emit measuringChanged(true);
}

void AdvisorPanel::onProgress(const RunUpdate& update) {
    progress_->setMaximum(static_cast<int>(update.progress.cells_total));
    progress_->setValue(static_cast<int>(update.progress.cells_done));
    progress_->setFormat(qs(update.progress.current) + QStringLiteral(" — %p%"));
}

void AdvisorPanel::onMeasured(const bench::BenchReport& report) {
    progress_->hide();
    const bool stopped = report.cancelled;
    emit measuringChanged(false);
    if (report.results.empty()) {
        setStatus(
            stopped ? tr("Measuring cancelled: nothing was measured, nothing kept.") : tr("Nothing was measured."),
            !stopped);
        updateButtons();
        return;
    }
    // Kept like any run (a cancelled one too, marked partial), then ranked with it.
    startRanking(report);
    updateButtons();
}

void AdvisorPanel::cancel() { measureJob_.cancel(); }

void AdvisorPanel::setBlockedBy(const QString& reason) {
    blockedBy_ = reason;
    updateButtons();
}

void AdvisorPanel::updateButtons() {
    const auto missing = bench::unmeasured(advice_);
    const bool running = measureJob_.running();
    measure_->setEnabled(!running && !adviceJob_.running() && !missing.empty() && blockedBy_.isEmpty());
    measure_->setText(missing.empty() ? tr("Measure missing") : tr("Measure missing (%1)").arg(missing.size()));
    measure_->setToolTip(!blockedBy_.isEmpty() ? blockedBy_
                         : missing.empty()
                             ? tr("Every candidate has a kept measurement of this CPU")
                             : tr("A short benchmark of the candidates without a measurement, at this size; "
                                  "kept in the results library"));
    cancel_->setEnabled(running);
}

void AdvisorPanel::setStatus(const QString& text, bool error) {
    status_->setText(text);
    status_->setStyleSheet(error ? status_colour::labelStyle(status_colour::colours().bad) : QString());
}

void AdvisorPanel::shutdown() {
    measureJob_.cancel();
    adviceJob_.cancel();
    pool_.waitForDone();
}

}  // namespace hashscope::ui
