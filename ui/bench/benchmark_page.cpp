#include "bench/benchmark_page.hpp"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <utility>

#include "bench/bench_run.hpp"
#include "bench/chart_panel.hpp"
#include "bench/config_panel.hpp"
#include "bench/core_pinning.hpp"
#include "bench/cpu_summary.hpp"
#include "bench/export_bar.hpp"
#include "bench/result_files.hpp"
#include "bench/results_model.hpp"
#include "bench/run_progress.hpp"
#include "bench/settings_store.hpp"
#include "common/status_tone.hpp"
#include "hashscope/bench/environment.hpp"
#include "hashscope/bench/results_library.hpp"
#include "hashscope/bench/runner.hpp"

namespace hashscope::ui {
namespace {

CpuInfo withFeatures(CpuInfo cpu, CpuFeatureSet features) {
    cpu.features = features;
    return cpu;
}

QTableView* makeTable(ResultsModel* model, QWidget* parent) {
    auto* table = new QTableView(parent);
    table->setObjectName(QStringLiteral("resultsTable"));
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setAlternatingRowColors(true);
    table->setShowGrid(false);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(false);
    return table;
}

}  // namespace

BenchmarkPage::BenchmarkPage(QWidget* parent) : BenchmarkPage(host_cpu(), host_cpu().features, parent) {}

BenchmarkPage::BenchmarkPage(const CpuInfo& cpu, CpuFeatureSet features, QWidget* parent)
    : QWidget(parent),
      registry_(features),
      cpu_(withFeatures(cpu, features)),
      job_([this](const RunUpdate& update) { onCell(update.cell, update.progress); },
           [this](const bench::BenchReport& report) { onFinished(report); }, lostBenchReport()) {
    setObjectName(QStringLiteral("benchmarkPage"));
    pool_.setObjectName(QStringLiteral("benchmarkPool"));
    cores_ = allowedCores();     // before any run narrows the GUI thread's mask
    pool_.setMaxThreadCount(1);  // one run at a time; its own threads come from the engine
    build();
    tick_.setInterval(1000);
    connect(&tick_, &QTimer::timeout, this, &BenchmarkPage::updateProgress);
    // The machine's own warnings (hypervisor, governor, build type) before anything runs.
    showWarnings(bench::collect_environment(cpu_).warnings);
    restoreSettings();
    remember_.setSingleShot(true);
    remember_.setInterval(500);
    connect(&remember_, &QTimer::timeout, this, &BenchmarkPage::rememberSettings);
    connect(config_, &ConfigPanel::specChanged, &remember_, qOverload<>(&QTimer::start));
    connect(chart_, &ChartPanel::viewChanged, &remember_, qOverload<>(&QTimer::start));
    updateProgress();
    refresh();
}

BenchmarkPage::~BenchmarkPage() {
    if (remember_.isActive()) rememberSettings();
    shutdown();
}

void BenchmarkPage::restoreSettings() {
    const auto stored = loadBenchSettings();
    if (!stored) return;
    if (stored->preset != QLatin1String("custom")) {
        config_->setPreset(stored->preset);  // an unknown name leaves the default
    } else {
        config_->setPreset(stored->basePreset);  // for what the fields do not show
        BenchSettings s = stored->settings;
        // Settings from a machine that could run more: what this CPU cannot run is dropped, and
        // if nothing is left the preset's implementations stay ticked.
        std::erase_if(s.participants, [this](const bench::Participant& p) {
            const Implementation* impl = registry_.find(p.algorithm, p.implementation);
            return impl == nullptr || impl->id != p.implementation || !registry_.available(*impl);
        });
        if (s.participants.empty()) s.participants = config_->settings().participants;
        config_->setSettings(s);
    }
    chart_->setView(parseChartView(stored->chartView).value_or(ChartView::nsop));
}

void BenchmarkPage::rememberSettings() {
    remember_.stop();
    StoredBenchSettings stored;
    stored.preset = config_->presetName();
    stored.basePreset = config_->basePreset();
    stored.settings = config_->settings();
    stored.chartView = chartViewName(chart_->view());
    saveBenchSettings(stored);
}

void BenchmarkPage::build() {
    config_ = new ConfigPanel(registry_, cpu_, this);
    run_ = new QPushButton(tr("Run"), this);
    run_->setObjectName(QStringLiteral("runButton"));
    run_->setDefault(true);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName(QStringLiteral("benchCancelButton"));
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(config_, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(run_, 1);
    buttons->addWidget(cancel_);
    leftLayout->addLayout(buttons);

    warnings_ = new QLabel(this);
    warnings_->setObjectName(QStringLiteral("warningsLabel"));
    warnings_->setWordWrap(true);
    setNoteBox(warnings_);
    exportBar_ = new ExportBar(this);
    chart_ = new ChartPanel(this);
    results_ = new ResultsModel(this);
    table_ = makeTable(results_, this);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(chart_);
    split->addWidget(table_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("runProgress"));
    progress_->setTextVisible(false);
    progress_->setMaximumWidth(220);
    progressText_ = new QLabel(this);
    progressText_->setObjectName(QStringLiteral("progressText"));
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("benchStatusLine"));
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* center = new QWidget(this);
    auto* centerLayout = new QVBoxLayout(center);
    centerLayout->setContentsMargins(0, 0, 0, 0);
    centerLayout->addWidget(warnings_);
    centerLayout->addWidget(exportBar_);
    centerLayout->addWidget(split, 1);
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(progress_);
    progressRow->addWidget(progressText_, 1);
    centerLayout->addLayout(progressRow);
    centerLayout->addWidget(status_);

    auto* summary = new CpuSummary(cpu_, registry_, this);
    auto* columns = new QSplitter(Qt::Horizontal, this);
    columns->addWidget(left);
    columns->addWidget(center);
    columns->addWidget(summary);
    columns->setStretchFactor(0, 0);
    columns->setStretchFactor(1, 1);
    columns->setStretchFactor(2, 0);
    columns->setSizes({320, 760, 210});
    columns->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(columns);

    showBlocksOn(status_, run_);
    connect(run_, &QPushButton::clicked, this, &BenchmarkPage::run);
    connect(cancel_, &QPushButton::clicked, this, &BenchmarkPage::cancel);
    connect(config_, &ConfigPanel::specChanged, this, &BenchmarkPage::refresh);
    connect(exportBar_, &ExportBar::saveChartRequested, this, [this](const QString& p, double s) { saveChart(p, s); });
    connect(exportBar_, &ExportBar::exportRequested, this, [this](const QString& p) { exportResults(p); });
    connect(exportBar_, &ExportBar::loadBaselineRequested, this, [this](const QString& p) { loadBaseline(p); });
    connect(exportBar_, &ExportBar::clearBaselineRequested, this, &BenchmarkPage::clearBaseline);
}

void BenchmarkPage::run() {
    if (running() || !blockedBy().isEmpty()) return;  // the status line already says why
    auto spec = config_->spec();
    if (!spec) {
        setStatus(QString::fromStdString(spec.error().message), true);
        return;
    }
    done_ = 0;
    total_ = bench::count_cells(*spec);
    estimate_ = bench::estimated_seconds(*spec);
    // The live report: the chart's caption and cache markers need the environment before the
    // engine's own arrives with the final report.
    report_ = {};
    report_.environment = bench::collect_environment(cpu_);
    report_.spec = *spec;
    results_->clear();
    chart_->setReport(report_);
    if (spec->threads.size() > 1) {
        chart_->setView(ChartView::threads);
    } else if (chart_->view() == ChartView::threads) {
        chart_->setView(ChartView::nsop);
    }
    exportBar_->setSuggestedName(QStringLiteral("hashscope-%1").arg(QString::fromStdString(spec->preset)));

    // On this machine's features, the run's "dispatch's choice" marks follow the host's measured
    // plan, which a calibration may have replaced since this page was made.
    if (registry_.features() == Registry::host().features()) registry_.use_plan(Registry::host().plan());
    const auto core = measuringCoreFor(spec->threads, cores_);
    if (core) guiAffinity_ = std::make_unique<ScopedAffinity>(coresExcept(cores_, *core));
    job_.start(pool_, benchWork(*spec, registry_, cpu_, core ? std::vector<int>{*core} : cores_));
    clock_.start();
    tick_.start();
    setStatus(tr("Running %1: %2 cells").arg(QString::fromStdString(spec->preset)).arg(total_));
    updateProgress();
    refresh();
    emit runningChanged(true);
}

void BenchmarkPage::cancel() {
    if (!running()) return;
    job_.cancel();
    setStatus(tr("Cancelling… (the cell being measured finishes its sample)"));
    refresh();
}

void BenchmarkPage::shutdown() {
    job_.cancel();
    pool_.waitForDone();
}

void BenchmarkPage::onCell(const bench::CellResult& cell, const bench::BenchProgress& progress) {
    report_.results.push_back(cell);
    results_->addCell(cell);
    chart_->setReport(report_);
    done_ = progress.cells_done;
    updateProgress();
    refresh();
}

void BenchmarkPage::onFinished(const bench::BenchReport& report) {
    const bool cancelled = report.cancelled;
    report_ = report;
    results_->setCells(report_.results);
    chart_->setReport(report_);
    chart_->rebuildNow();
    tick_.stop();
    guiAffinity_.reset();
    done_ = report_.results.size();
    showWarnings(report_.environment.warnings);
    const QString summary = tr("%1 of %2 cells in %3 s").arg(done_).arg(total_).arg(report_.elapsed_s, 0, 'f', 1);
    // Kept in the results library as `hashscope-cli bench` keeps its runs (a stopped one too), so
    // the Results page lists it; a library that cannot be written costs only a word here.
    QString kept;
    bool keptFailed = false;
    if (!report_.results.empty()) {
        if (auto id = bench::save_run(bench::default_results_dir(), report_); id) {
            kept = tr("; kept in the results library as %1").arg(QString::fromStdString(*id));
        } else {
            kept = tr("; not kept in the results library: %1").arg(QString::fromStdString(id.error().message));
            keptFailed = true;
        }
    }
    setStatus((cancelled ? tr("Cancelled: %1").arg(summary) : tr("Finished: %1").arg(summary)) + kept, keptFailed);
    updateProgress();
    refresh();
    emit runningChanged(false);
}

void BenchmarkPage::updateProgress() {
    progress_->setVisible(total_ > 0);
    progress_->setRange(0, static_cast<int>(std::max<std::size_t>(total_, 1)));
    progress_->setValue(static_cast<int>(std::min(done_, total_)));
    if (!running()) {
        progressText_->setText(total_ > 0 ? tr("%1 of %2 cells").arg(done_).arg(total_) : QString());
        return;
    }
    const double elapsed = static_cast<double>(clock_.elapsed()) / 1000;
    progressText_->setText(progressText(report_.spec, done_, total_, secondsLeft(estimate_, elapsed, done_, total_)));
}

void BenchmarkPage::showWarnings(const std::vector<std::string>& warnings) {
    QStringList lines;
    for (const auto& w : warnings) lines << QStringLiteral("⚠ ") + QString::fromStdString(w);
    warnings_->setText(lines.join(QLatin1Char('\n')));
    warnings_->setVisible(!lines.isEmpty());
}

void BenchmarkPage::setStatus(const QString& text, bool error) {
    status_->setText(text);
    setLabelTone(status_, error ? Tone::bad : Tone::plain);
}

void BenchmarkPage::refresh() {
    const bool busy = running();
    config_->setEditable(!busy);
    run_->setEnabled(!busy && blockedBy().isEmpty() && config_->spec().ok());
    cancel_->setEnabled(busy && !job_.cancelRequested());
    exportBar_->setHasResults(!report_.results.empty() && !busy);
}

QString BenchmarkPage::saveChart(const QString& path, double scale) {
    QString error = chart_->save(path, scale);
    setStatus(error.isEmpty() ? tr("Saved the chart to %1").arg(path) : error, !error.isEmpty());
    return error;
}

QString BenchmarkPage::exportResults(const QString& path) {
    bench::BenchReport out = report_;
    if (baseline_) bench::compare_with_baseline(out, *baseline_);
    QString error = writeResults(out, path);
    setStatus(error.isEmpty() ? tr("Exported the results to %1").arg(path) : error, !error.isEmpty());
    return error;
}

QString BenchmarkPage::loadBaseline(const QString& path) {
    auto loaded = readReport(path);
    if (!loaded) {
        QString error = QString::fromStdString(loaded.error().message);
        setStatus(error, true);
        return error;
    }
    baseline_ = std::move(*loaded);
    results_->setBaseline(baseline_);
    chart_->setBaseline(baseline_);
    const QString name = QFileInfo(path).fileName();
    exportBar_->setBaselineName(name);
    setStatus(tr("Baseline %1: %2 cells, %3")
                  .arg(name)
                  .arg(baseline_->results.size())
                  .arg(QString::fromStdString(baseline_->environment.cpu_model)));
    return {};
}

void BenchmarkPage::clearBaseline() {
    baseline_.reset();
    results_->setBaseline(std::nullopt);
    chart_->setBaseline(std::nullopt);
    exportBar_->setBaselineName({});
    setStatus(tr("Baseline cleared"));
}

}  // namespace hashscope::ui
