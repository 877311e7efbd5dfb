#include "bench/run_progress.hpp"

#include <QStringList>
#include <algorithm>

#include "common/format.hpp"
#include "hashscope/bench/sizes.hpp"

namespace hashscope::ui {
namespace {

// Cells in one group of this mode, as the runner lays them out (bench/runner.cpp).
std::size_t cellsPerGroup(const bench::BenchSpec& spec, const bench::ModeSpec& mode) {
    std::size_t n = spec.participants.size();
    if (mode.mode == bench::Mode::file) return n + (spec.compare_with_command ? 2 : 0);
    return n + (spec.measure_harness ? 1 : 0) + (spec.measure_read_floor ? 1 : 0);
}

QString groupText(std::size_t size, const bench::ModeSpec& mode, unsigned threads, bench::Placement placement) {
    QString text =
        QStringLiteral("%1 · %2 · %3 %4")
            .arg(QString::fromStdString(bench::format_size(size)), QString::fromStdString(bench::mode_label(mode)))
            .arg(threads)
            .arg(threads == 1 ? QStringLiteral("thread") : QStringLiteral("threads"));
    if (placement == bench::Placement::cold) text += QStringLiteral(" · cold");
    return text;
}

}  // namespace

double secondsLeft(double estimate, double elapsed, std::size_t done, std::size_t total) {
    if (total == 0 || done >= total) return 0;
    if (done == 0) return std::max(0.0, estimate - elapsed);
    return elapsed / static_cast<double>(done) * static_cast<double>(total - done);
}

QString measuringText(const bench::BenchSpec& spec, std::size_t done) {
    std::size_t first = 0;  // number of the group's first cell
    for (const auto& mode : spec.modes) {
        for (const unsigned threads : spec.threads) {
            for (const auto placement : spec.placements) {
                for (const std::size_t size : spec.sizes) {
                    const std::size_t cells = cellsPerGroup(spec, mode);
                    if (done < first + cells) return groupText(size, mode, threads, placement);
                    first += cells;
                }
            }
        }
    }
    return {};
}

QString progressText(const bench::BenchSpec& spec, std::size_t done, std::size_t total, double left) {
    QStringList parts;
    parts << QStringLiteral("cell %1 of %2").arg(std::min(done + 1, total)).arg(total);
    if (const QString now = measuringText(spec, done); !now.isEmpty()) parts << QStringLiteral("now %1").arg(now);
    parts << QStringLiteral("%1 left").arg(formatDuration(left));
    return parts.join(QStringLiteral(" · "));
}

}  // namespace hashscope::ui
