// The Benchmark page's settings, remembered between runs of the program (QSettings): preset,
// sizes, mode, threads, cache placement, precision, time budget, the ticked implementations and
// the chart view.
//
// Nothing is read or written unless the application has an organisation name: the GUI's main()
// sets one, so the program remembers; tests and tools that build pages without one leave the
// user's settings alone (a test of remembering sets a name and a scratch QSettings path).
#pragma once

#include <QString>
#include <optional>

#include "bench/bench_config.hpp"

namespace hashscope::ui {

struct StoredBenchSettings {
    QString preset = QStringLiteral("quick");      // as the preset box shows it; "custom" for hand-made
    QString basePreset = QStringLiteral("quick");  // the preset that custom settings grew from
    BenchSettings settings;
    QString chartView = QStringLiteral("nsop");  // nsop, gbps, threads, bars
};

// True when the application has an organisation name to keep settings under.
bool rememberingSettings();
// What was saved last; nullopt when nothing was (or nothing is remembered).
std::optional<StoredBenchSettings> loadBenchSettings();
void saveBenchSettings(const StoredBenchSettings& stored);

}  // namespace hashscope::ui
