// BenchmarkPage: set up a run (ConfigPanel), run it off the GUI thread on the page's own pool
// (BenchRun), watch the chart (ChartPanel) and the table (ResultsModel) grow as cells finish,
// then save the chart, export the results or compare with a baseline. The page only wires these
// parts together; each lives in its own file.
#pragma once

#include <QElapsedTimer>
#include <QThreadPool>
#include <QTimer>
#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

#include "bench/bench_run.hpp"
#include "common/blockable_run.hpp"
#include "hashscope/bench/report.hpp"
#include "hashscope/bench/runner.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace hashscope::ui {

class ChartPanel;
class ConfigPanel;
class ExportBar;
class ResultsModel;
class ScopedAffinity;

class BenchmarkPage final : public QWidget, public BlockableRun {
    Q_OBJECT

public:
    // This machine's CPU and registry.
    explicit BenchmarkPage(QWidget* parent = nullptr);
    // A CPU with only these features (tests: "pretend there is no AVX-512").
    BenchmarkPage(const CpuInfo& cpu, CpuFeatureSet features, QWidget* parent = nullptr);
    ~BenchmarkPage() override;

    // Run, Cancel and the block a self-test or calibration puts on Run: see BlockableRun.
    void run() override;
    void cancel() override;
    void shutdown() override;
    [[nodiscard]] bool running() const override { return job_.running(); }

    // The run shown: growing while it goes, the engine's final report after.
    [[nodiscard]] const bench::BenchReport& report() const { return report_; }

    // What the file actions do; each returns an empty string on success, else the reason (also
    // shown in the status line).
    QString saveChart(const QString& path, double scale = 1);
    QString exportResults(const QString& path);
    QString loadBaseline(const QString& path);
    void clearBaseline();

    [[nodiscard]] ConfigPanel* config() const { return config_; }
    [[nodiscard]] ChartPanel* chart() const { return chart_; }
    [[nodiscard]] ResultsModel* results() const { return results_; }

signals:
    // A run started (true) or ended, finished or cancelled (false).
    void runningChanged(bool running);

private:
    void build();
    void onCell(const bench::CellResult& cell, const bench::BenchProgress& progress);
    void onFinished(const bench::BenchReport& report);
    void updateProgress();
    void showWarnings(const std::vector<std::string>& warnings);
    void setStatus(const QString& text, bool error = false);
    void refresh() override;
    // Settings remembered between runs of the program (bench/settings_store.hpp).
    void restoreSettings();
    void rememberSettings();

    Registry registry_;
    CpuInfo cpu_;
    // Our own pool (docs/architecture.md §10): a run must never wait behind, or starve, other QtConcurrent work.
    QThreadPool pool_;

    ConfigPanel* config_ = nullptr;
    ChartPanel* chart_ = nullptr;
    ResultsModel* results_ = nullptr;
    QTableView* table_ = nullptr;
    ExportBar* exportBar_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* progressText_ = nullptr;
    QLabel* warnings_ = nullptr;
    QLabel* status_ = nullptr;

    BenchRun job_;
    bench::BenchReport report_;
    std::optional<bench::BenchReport> baseline_;
    std::size_t done_ = 0, total_ = 0;
    double estimate_ = 0;
    QElapsedTimer clock_;
    QTimer tick_;                                  // time left counts down between cells
    QTimer remember_;                              // edits are saved once typing pauses, and when the page goes
    std::vector<int> cores_;                       // the cores the program may use
    std::unique_ptr<ScopedAffinity> guiAffinity_;  // keeps the GUI off the measuring core
};

}  // namespace hashscope::ui
