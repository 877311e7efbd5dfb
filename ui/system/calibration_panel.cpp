#include "system/calibration_panel.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include "common/status_tone.hpp"

namespace hashscope::ui {
namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

// What a calibration that ended without a result says (only if the worker threw).
CalibrationOutcome lostCalibration() {
    CalibrationOutcome outcome;
    outcome.error = QObject::tr("the calibration stopped unexpectedly").toStdString();
    return outcome;
}

}  // namespace

CalibrationPanel::CalibrationPanel(const Registry& registry, const CpuInfo& cpu, std::filesystem::path file,
                                   QWidget* parent)
    : QGroupBox(tr("Dispatch"), parent),
      registry_(registry),
      cpu_(cpu),
      file_(std::move(file)),
      job_(
          [this](const CalibrationProgress& p) {
              progress_->setRange(0, static_cast<int>(p.total));
              progress_->setValue(static_cast<int>(p.done));
          },
          [this](const CalibrationOutcome& outcome) { onFinished(outcome); }, lostCalibration()) {
    // The probe of how cached files are read best is written beside the calibration.
    options_.file_probe_folder = file_.parent_path();
    setObjectName(QStringLiteral("calibrationPanel"));
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("calibrationStatus"));
    status_->setWordWrap(true);
    note_label_ = new QLabel(this);
    note_label_->setObjectName(QStringLiteral("calibrationNote"));
    note_label_->setWordWrap(true);
    setLabelTone(note_label_, Tone::caution);
    note_label_->hide();
    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("calibrationProgress"));
    progress_->setTextVisible(false);
    progress_->setMaximumHeight(status_->fontMetrics().height());
    run_ = new QPushButton(tr("Calibrate"), this);
    run_->setObjectName(QStringLiteral("calibrateButton"));
    run_->setToolTip(
        tr("Time every implementation on this machine, size by size (about half a minute), and let "
           "dispatch follow the fastest"));
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName(QStringLiteral("calibrationCancel"));

    progress_->setFixedWidth(160);
    // As the Self-test box: the buttons, then what is going on.
    auto* row = new QHBoxLayout;
    row->addWidget(run_);
    row->addWidget(cancel_);
    row->addWidget(progress_);
    row->addWidget(status_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(note_label_);

    connect(run_, &QPushButton::clicked, this, &CalibrationPanel::run);
    connect(cancel_, &QPushButton::clicked, this, &CalibrationPanel::cancel);

    showStatus();
    refresh();
}

CalibrationPanel::~CalibrationPanel() { shutdown(); }

QString CalibrationPanel::statusText() const { return status_->text(); }

void CalibrationPanel::showStatus() {
    QString text;
    if (current_) {
        text = tr("Chosen by measurement on %1: %2 of %3 choices (algorithm × size band) differ from the built-in "
                  "table.")
                   .arg(qs(current_->measured_on))
                   .arg(current_->changed())
                   .arg(current_->choices.size()) +
               QStringLiteral(" ") + tr("Files in memory are hashed %1.").arg(qs(file_reading_text(*current_)));
    } else {
        text = tr("The built-in table: this CPU and build have not been calibrated yet.");
    }
    if (running()) text = tr("Calibrating: timing every implementation, size band by size band…");
    if (!lastMessage_.isEmpty() && !running()) text += QStringLiteral(" ") + lastMessage_;
    if (!blockedBy_.isEmpty() && !running()) text += QStringLiteral(" ") + blockedBy_;
    status_->setText(text);
}

void CalibrationPanel::refresh() {
    run_->setEnabled(!running() && blockedBy_.isEmpty());
    cancel_->setEnabled(running());
    progress_->setVisible(running());
}

void CalibrationPanel::run() {
    if (running() || !blockedBy_.isEmpty()) return;
    lastMessage_.clear();
    progress_->setRange(0, 0);  // busy until the worker says how much there is
    // Everything by value but the registry, which outlives the panel (and so its pool's work).
    job_.start(pool_, [registry = &registry_, cpu = cpu_, options = options_, file = file_, previous = current_](
                          CalibrationRun::Channel& channel, std::stop_token stop) {
        CalibrationOptions asked = options;
        if (previous) asked.previous = &*previous;
        CalibrationOutcome outcome;
        auto result = calibrate(
            *registry, cpu, asked,
            [&](const CalibrationProgress& p) {
                channel.post(CalibrationProgress{p.done, p.total, {}});
            },
            std::move(stop));
        if (!result) {
            outcome.error = result.error().message;
        } else {
            if (auto saved = save_calibration(*result, file); !saved) outcome.saveError = saved.error().message;
            outcome.calibration = std::move(*result);
        }
        return outcome;
    });
    showStatus();
    refresh();
    emit runningChanged(true);
}

void CalibrationPanel::cancel() {
    if (running()) job_.cancel();
}

void CalibrationPanel::shutdown() {
    job_.cancel();
    pool_.waitForDone();
}

void CalibrationPanel::setBlockedBy(const QString& reason) {
    blockedBy_ = reason;
    showStatus();
    refresh();
}

void CalibrationPanel::showApplied(const AppliedCalibration& applied) {
    if (!running()) current_ = applied.calibration;
    setStartNote(QString::fromStdString(applied.note));
    showStatus();
}

void CalibrationPanel::setStartNote(const QString& note) {
    note_label_->setText(note);
    note_label_->setVisible(!note.isEmpty());
}

void CalibrationPanel::onFinished(const CalibrationOutcome& outcome) {
    if (outcome.calibration) {
        current_ = outcome.calibration;
        registry_.use_plan(keep_plan(*current_, registry_));
        setStartNote({});
        lastMessage_ =
            outcome.saveError.empty()
                ? QString()
                : tr("It could not be saved (%1): it applies until HashScope closes.").arg(qs(outcome.saveError));
        emit calibrated(*current_);
    } else {
        lastMessage_ = tr("Calibration cancelled: the previous choices stay in force.");
    }
    showStatus();
    refresh();
    emit runningChanged(false);
    emit runFinished();
}

}  // namespace hashscope::ui
