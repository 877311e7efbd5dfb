#include "bench/bench_config.hpp"

#include <QStringList>
#include <algorithm>
#include <string>

#include "hashscope/bench/sizes.hpp"

namespace hashscope::ui {
namespace {

// "64", "4086", "4KiB", "1MiB": bytes as plain numbers, as `--sizes 64..1MiB:x4` is written.
QString compact(std::size_t size) {
    const std::string shown = bench::format_size_compact(size);
    // A size with no exact unit is shown rounded ("2.9MiB") and 1 TiB in a unit parse_size does
    // not take: written in bytes, the text still parses back to the same size.
    if (const auto back = bench::parse_size(shown); !back || *back != size) {
        return QString::number(static_cast<qulonglong>(size));
    }
    QString text = QString::fromStdString(shown);
    if (text.endsWith(QLatin1Char('B')) && !text.endsWith(QLatin1String("iB"))) text.chop(1);
    return text;
}

template <class T>
QString joined(const std::vector<T>& values, QString (*text)(const T&)) {
    QStringList parts;
    for (const T& v : values) parts << text(v);
    return parts.join(QLatin1Char(','));
}

}  // namespace

Result<std::vector<bench::ModeSpec>> parseModes(const QString& text) { return bench::parse_modes(text.toStdString()); }

Result<std::vector<unsigned>> parseThreadCounts(const QString& text) {
    return bench::parse_thread_counts(text.toStdString());
}

QString sizesText(const std::vector<std::size_t>& sizes) {
    if (sizes.size() >= 3 && sizes[0] > 0 && sizes[1] % sizes[0] == 0 && sizes[1] > sizes[0]) {
        const std::size_t factor = sizes[1] / sizes[0];
        bool geometric = true;
        for (std::size_t i = 1; i < sizes.size() && geometric; ++i) geometric = sizes[i] == sizes[i - 1] * factor;
        if (geometric) {
            return QStringLiteral("%1..%2:x%3").arg(compact(sizes.front()), compact(sizes.back())).arg(factor);
        }
    }
    QStringList parts;
    for (const std::size_t s : sizes) parts << compact(s);
    return parts.join(QLatin1Char(','));
}

QString modesText(const std::vector<bench::ModeSpec>& modes) {
    return joined<bench::ModeSpec>(modes, [](const bench::ModeSpec& m) {
        if (m.mode == bench::Mode::stream) return QStringLiteral("stream:%1").arg(compact(m.chunk));
        return QString::fromStdString(bench::mode_label(m));
    });
}

QString threadsText(const std::vector<unsigned>& threads) {
    return joined<unsigned>(threads, [](const unsigned& t) { return QString::number(t); });
}

BenchSettings settingsFromSpec(const bench::BenchSpec& spec) {
    BenchSettings s;
    s.participants = spec.participants;
    s.sizes = sizesText(spec.sizes);
    s.modes = modesText(spec.modes);
    s.threads = threadsText(spec.threads);
    s.placements = spec.placements;
    s.precisionPercent = spec.precision * 100;
    s.budgetSeconds = spec.max_time_s;
    return s;
}

Result<bench::BenchSpec> specFromSettings(const bench::BenchSpec& base, const BenchSettings& settings) {
    bench::BenchSpec spec = base;
    if (settings.participants.empty()) return Error{"no implementation is ticked"};
    spec.participants = settings.participants;
    auto sizes = bench::parse_sizes(settings.sizes.toStdString());
    if (!sizes) return Error{"sizes: " + sizes.error().message};
    if (sizes->empty()) return Error{"sizes: none given"};
    spec.sizes = std::move(*sizes);
    auto modes = parseModes(settings.modes);
    if (!modes) return Error{"mode: " + modes.error().message};
    spec.modes = std::move(*modes);
    auto threads = parseThreadCounts(settings.threads);
    if (!threads) return Error{"threads: " + threads.error().message};
    spec.threads = std::move(*threads);
    if (settings.placements.empty()) return Error{"no cache placement chosen"};
    spec.placements = settings.placements;
    if (!(settings.precisionPercent > 0) || !(settings.budgetSeconds > 0)) {
        return Error{"precision and time budget must be positive"};
    }
    spec.precision = settings.precisionPercent / 100;
    spec.max_time_s = settings.budgetSeconds;
    spec.warmup_s = std::min(spec.warmup_s, spec.max_time_s / 4);
    return spec;
}

}  // namespace hashscope::ui
