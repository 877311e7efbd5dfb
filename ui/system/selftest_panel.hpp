// SelfTestPanel: the System page's Self-test box. The button runs the core self-test (known-answer
// vectors, then random messages against each algorithm's reference) on the panel's own thread
// pool; the table shows every implementation with its verdict as it arrives, with progress and
// Cancel. The GUI thread only receives results.
#pragma once

#include <QGroupBox>
#include <QHash>
#include <QThreadPool>

#include "common/blockable_run.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/selftest.hpp"
#include "system/selftest_run.hpp"

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace hashscope::ui {

class SelfTestPanel final : public QGroupBox, public BlockableRun {
    Q_OBJECT

public:
    enum Column { kSelfTestAlgorithm, kSelfTestImplementation, kSelfTestBackend, kSelfTestResult, kSelfTestDetails };

    explicit SelfTestPanel(const Registry& registry, QWidget* parent = nullptr);
    ~SelfTestPanel() override;

    // The Self-test and Cancel buttons, and the block a benchmark or calibration puts on the
    // first (shown in the summary): see BlockableRun.
    void run() override;
    void cancel() override;
    void shutdown() override;
    [[nodiscard]] bool running() const override { return job_.running(); }
    // The last run that finished (cancelled or not); empty before the first.
    [[nodiscard]] const SelfTestReport& report() const { return report_; }

    // Tests: fewer random messages, a fixed seed, injected rows. Resets the table; not while running.
    void setOptions(const SelfTestOptions& options);
    [[nodiscard]] QTableWidget* table() const { return table_; }
    // The table row of one implementation; -1 if it is not listed.
    [[nodiscard]] int rowOf(const QString& algorithm, const QString& implementation) const;

signals:
    // A run started (true) or ended, finished or cancelled (false); runFinished() follows the false.
    void runningChanged(bool running);
    void runFinished();

private:
    void resetTable();
    void onOutcome(const SelfTestOutcome& outcome, const SelfTestProgress& progress);
    void onFinished(const SelfTestReport& report);
    void showOutcome(int row, const SelfTestOutcome& outcome);
    void refresh() override;

    Registry registry_;
    SelfTestOptions options_;
    QThreadPool pool_;  // our own (docs/architecture.md §10): never behind, or in the way of, other work

    QPushButton* run_;
    QPushButton* cancel_;
    QProgressBar* progress_;
    QLabel* summary_;
    QTableWidget* table_;
    QHash<QString, int> rows_;  // "algorithm/implementation" -> table row

    SelfTestRun job_;
    SelfTestReport report_;
    std::size_t runnable_ = 0;
};

}  // namespace hashscope::ui
