// The Benchmark page's settings as text and numbers, and the BenchSpec they make. Free of widgets
// so the parsing (the same syntax as hashscope-cli bench) and the preset round trip can be tested
// alone, and so the panel only shows what these functions say.
#pragma once

#include <QString>
#include <cstddef>
#include <vector>

#include "hashscope/bench/spec.hpp"
#include "hashscope/result.hpp"

namespace hashscope::ui {

struct BenchSettings {
    std::vector<bench::Participant> participants;
    QString sizes = QStringLiteral("64..1MiB:x4");  // as --sizes: "64,4KiB,1MiB" or "64..4MiB:x4"
    QString modes = QStringLiteral("oneshot");      // as --mode, comma-separated: "oneshot,bytewise"
    QString threads = QStringLiteral("1");          // as --threads: "1,2,4"
    std::vector<bench::Placement> placements{bench::Placement::hot};
    double precisionPercent = 1;  // target relative error, in percent
    double budgetSeconds = 0.5;   // time budget of one cell
};

// "oneshot", "stream:CHUNK", "bytewise", and "file" (a scratch file hashed whole, as the
// md5-vs-md5sum preset does); comma-separated.
Result<std::vector<bench::ModeSpec>> parseModes(const QString& text);
// Whole numbers from 1 to 1024, comma-separated.
Result<std::vector<unsigned>> parseThreadCounts(const QString& text);

// The inverse of parse_sizes: a geometric run of three or more as "64..1MiB:x4", else a list.
QString sizesText(const std::vector<std::size_t>& sizes);
QString modesText(const std::vector<bench::ModeSpec>& modes);
QString threadsText(const std::vector<unsigned>& threads);

// What the panel shows for a spec (a preset's).
BenchSettings settingsFromSpec(const bench::BenchSpec& spec);

// `base` (the preset picked, for what the panel does not show) with every part the settings
// give. Fails with the first unusable field, named, or when no participant is selected. The
// warm-up is cut to a quarter of a small budget, so "0.02 s per cell" means what it says.
Result<bench::BenchSpec> specFromSettings(const bench::BenchSpec& base, const BenchSettings& settings);

}  // namespace hashscope::ui
