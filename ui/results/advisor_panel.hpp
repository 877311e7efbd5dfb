// AdvisorPanel: which checksum to use, in the window (what `hashscope-cli advise` prints). A
// purpose and a message size in; out, the candidates ranked by this machine's kept runs, each with
// why it fits, its measured speed and the implementation HashScope uses for it here. What no kept
// run measured can be measured from here: a short benchmark of just those algorithms on the
// panel's own pool, with progress and Cancel, kept in the results library like any run. Reading the
// library and measuring both run on workers: the GUI thread never waits for either.
#pragma once

#include <QStringList>
#include <QThreadPool>
#include <QWidget>
#include <filesystem>
#include <optional>

#include "bench/bench_run.hpp"
#include "common/job_run.hpp"
#include "hashscope/bench/advice.hpp"

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace hashscope::ui {

class AdvisorPanel final : public QWidget {
    Q_OBJECT

public:
    enum Column { kRank, kAlgorithm, kSpeed, kMeasured, kDispatch, kWhy, kColumns };

    explicit AdvisorPanel(std::filesystem::path library, QWidget* parent = nullptr);
    ~AdvisorPanel() override;

    // Reads the library again and ranks anew (off the GUI thread); adviceShown() follows.
    void refresh();
    // Measures the suggested algorithms no kept run has, then ranks again. Nothing while blocked.
    void measureMissing();
    void cancel();
    // Cancels and waits for the pool: before the window closes.
    void shutdown();

    // Another measuring job runs (main/exclusive_runs.hpp): Measure is off and says why.
    void setBlockedBy(const QString& reason);
    [[nodiscard]] bool measuring() const { return measureJob_.running(); }
    [[nodiscard]] bool busy() const { return adviceJob_.running() || measureJob_.running(); }
    [[nodiscard]] QTableWidget* table() const { return table_; }
    [[nodiscard]] const bench::Advice& advice() const { return advice_; }

signals:
    void adviceShown();
    void measuringChanged(bool measuring);
    // A measurement was kept in the library as run `id`.
    void runKept(const QString& id);

private:
    struct Ranked {
        bench::Advice advice;
        QString saveError;  // a measured run that could not be kept
        QString savedId;
    };

    void build();
    void showRanking(const Ranked& ranked);
    void onMeasured(const bench::BenchReport& report);
    void onProgress(const RunUpdate& update);
    // The purpose and size the controls say, or nothing (and the reason in the status line).
    [[nodiscard]] std::optional<std::pair<bench::Purpose, std::size_t>> question();
    void startRanking(std::optional<bench::BenchReport> keepFirst);
    void updateButtons();
    void setStatus(const QString& text, bool error = false);

    std::filesystem::path library_;
    QThreadPool pool_;
    QComboBox* purpose_ = nullptr;
    QComboBox* size_ = nullptr;
    QTableWidget* table_ = nullptr;
    QLabel* notes_ = nullptr;
    QLabel* status_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* measure_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QString blockedBy_;
    bench::Advice advice_;
    bool rankAgain_ = false;                         // the question changed while a ranking ran
    std::optional<bench::BenchReport> pendingKeep_;  // a measured run the next ranking keeps first
    JobRun<int, Ranked> adviceJob_;
    BenchRun measureJob_;
};

}  // namespace hashscope::ui
