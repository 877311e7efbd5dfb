#include "main/exclusive_runs.hpp"

#include <QObject>
#include <QPointer>

#include "bench/benchmark_page.hpp"
#include "results/advisor_panel.hpp"
#include "system/calibration_panel.hpp"
#include "system/selftest_panel.hpp"

namespace hashscope::ui {

QString blockedByBenchmarkText() {
    return QObject::tr("A benchmark is running; a self-test beside it would disturb its figures.");
}

QString blockedBySelfTestText() {
    return QObject::tr("A self-test is running; wait for it (or cancel it) so it does not disturb the benchmark.");
}

QString blockedByCalibrationText() {
    return QObject::tr(
        "Dispatch is being calibrated (about half a minute); wait for it so that neither disturbs the other.");
}

QString blockedByAdvisorText() {
    return QObject::tr(
        "The advisor (Results page) is measuring; wait for it (or cancel it) so that neither disturbs "
        "the other.");
}

void keepRunsApart(BenchmarkPage& benchmark, SelfTestPanel& selfTest, CalibrationPanel& calibration,
                   AdvisorPanel* advisor) {
    // Each one is blocked by the first of the others that runs; recomputed whenever any starts or ends.
    // The advisor lives on another page, which may go first while the window closes: guarded.
    const auto update = [b = &benchmark, s = &selfTest, c = &calibration, a = QPointer<AdvisorPanel>(advisor)] {
        const bool advising = a != nullptr && a->measuring();
        const auto reason = [&](bool bench, bool test, bool calib, bool advice) {
            if (bench && b->running()) return blockedByBenchmarkText();
            if (test && s->running()) return blockedBySelfTestText();
            if (calib && c->running()) return blockedByCalibrationText();
            if (advice && advising) return blockedByAdvisorText();
            return QString();
        };
        b->setBlockedBy(reason(false, true, true, true));
        s->setBlockedBy(reason(true, false, true, true));
        c->setBlockedBy(reason(true, true, false, true));
        if (a != nullptr) a->setBlockedBy(reason(true, true, true, false));
    };
    QObject::connect(&benchmark, &BenchmarkPage::runningChanged, &selfTest, update);
    QObject::connect(&selfTest, &SelfTestPanel::runningChanged, &benchmark, update);
    QObject::connect(&calibration, &CalibrationPanel::runningChanged, &benchmark, update);
    if (advisor != nullptr) QObject::connect(advisor, &AdvisorPanel::measuringChanged, &benchmark, update);
    update();  // whatever already runs blocks the others at once
}

}  // namespace hashscope::ui
