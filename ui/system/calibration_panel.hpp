// CalibrationPanel: the System page's "Dispatch" box. Says whether dispatch follows a measurement
// of this machine (and from when) or the built-in table, and runs a calibration (about half a minute)
// on the panel's own thread pool with progress and Cancel. A finished calibration is saved for
// the next start and applied to the registry at once; a cancelled one changes nothing.
#pragma once

#include <QGroupBox>
#include <QThreadPool>
#include <optional>
#include <string>

#include "common/job_run.hpp"
#include "hashscope/calibration.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"

class QLabel;
class QProgressBar;
class QPushButton;

namespace hashscope::ui {

// What a worker hands back: the calibration, or why there is none; and whether saving it failed.
struct CalibrationOutcome {
    std::optional<Calibration> calibration;
    std::string error;      // when there is no calibration (cancelled)
    std::string saveError;  // when it could not be kept for the next start
};

// A calibration's updates say how many (algorithm, band) pairs are decided, for the progress bar.
using CalibrationRun = JobRun<CalibrationProgress, CalibrationOutcome>;

class CalibrationPanel : public QGroupBox {
    Q_OBJECT

public:
    // `registry` is the one whose dispatch a calibration replaces; it must outlive the panel.
    // Calibrations are kept at `file` (calibration_path() for this machine).
    CalibrationPanel(const Registry& registry, const CpuInfo& cpu, std::filesystem::path file,
                     QWidget* parent = nullptr);
    ~CalibrationPanel() override;

    // What the Calibrate and Cancel buttons do.
    void run();
    void cancel();
    // cancel(), then waits for the worker.
    void shutdown();
    [[nodiscard]] bool running() const { return job_.running(); }
    // Another measuring job is running: the button is off and says why; run() does nothing.
    void setBlockedBy(const QString& reason);
    // What the program applied at start (apply_saved_calibration, read before the window): the
    // calibration the registry follows, or why a saved one was not used. The panel reads no file
    // itself: the GUI thread never waits on the disk.
    void showApplied(const AppliedCalibration& applied);
    // Why a saved calibration was not used ("" for none): shown under the status.
    void setStartNote(const QString& note);
    // Tests: a quicker measurement.
    void setOptions(const CalibrationOptions& options) { options_ = options; }
    [[nodiscard]] QString statusText() const;

signals:
    void runningChanged(bool running);
    // Dispatch changed: the registry follows `calibration` from now on.
    void calibrated(const hashscope::Calibration& calibration);
    void runFinished();

private:
    void onFinished(const CalibrationOutcome& outcome);
    void showStatus();
    void refresh();

    const Registry& registry_;
    CpuInfo cpu_;
    std::filesystem::path file_;
    CalibrationOptions options_;
    QThreadPool pool_;  // our own: a calibration never waits behind other work
    CalibrationRun job_;
    QString blockedBy_, lastMessage_;
    std::optional<Calibration> current_;

    QLabel* status_;
    QLabel* note_label_;
    QProgressBar* progress_;
    QPushButton* run_;
    QPushButton* cancel_;
};

}  // namespace hashscope::ui
