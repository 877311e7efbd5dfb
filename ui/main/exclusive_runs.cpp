#include "main/exclusive_runs.hpp"

#include <QObject>

#include "bench/benchmark_page.hpp"
#include "system/selftest_panel.hpp"

namespace hashscope::ui {

QString blockedByBenchmarkText() {
    return QObject::tr("A benchmark is running; a self-test beside it would disturb its figures.");
}

QString blockedBySelfTestText() {
    return QObject::tr("A self-test is running; wait for it (or cancel it) so it does not disturb the benchmark.");
}

void keepRunsApart(BenchmarkPage& benchmark, SelfTestPanel& selfTest) {
    QObject::connect(&benchmark, &BenchmarkPage::runningChanged, &selfTest, [panel = &selfTest](bool running) {
        panel->setBlockedBy(running ? blockedByBenchmarkText() : QString());
    });
    QObject::connect(&selfTest, &SelfTestPanel::runningChanged, &benchmark, [page = &benchmark](bool running) {
        page->setBlockedBy(running ? blockedBySelfTestText() : QString());
    });
    // Whatever already runs (nothing, when the window is being built) blocks the other at once.
    if (benchmark.running()) selfTest.setBlockedBy(blockedByBenchmarkText());
    if (selfTest.running()) benchmark.setBlockedBy(blockedBySelfTestText());
}

}  // namespace hashscope::ui
