#include "plot/chart_caption.hpp"

#include <QDateTime>
#include <QSet>
#include <algorithm>
#include <cmath>

#include "hashscope/bench/sizes.hpp"

namespace hashscope::ui {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString sizeText(std::uint64_t bytes) { return qs(bench::format_size(static_cast<std::size_t>(bytes))); }

QString viewTitle(ChartView view) {
    switch (view) {
        case ChartView::nsop:
            return QStringLiteral("ns/op vs size");
        case ChartView::gbps:
            return QStringLiteral("GB/s vs size");
        case ChartView::threads:
            return QStringLiteral("aggregate GB/s vs threads");
        case ChartView::bars:
            return QStringLiteral("GB/s at one size");  // the bar chart names the size
    }
    return {};
}

// "2026-11-30T08:00:00Z" → "2026-11-30 08:00 UTC"; anything else as written.
QString dateText(const std::string& iso) {
    const QDateTime date = QDateTime::fromString(qs(iso), Qt::ISODate);
    if (!date.isValid()) return qs(iso);
    return date.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
}

QString joinNumbers(const std::vector<unsigned>& values) {
    QStringList parts;
    for (const unsigned v : values) parts << QString::number(v);
    return parts.join(QStringLiteral(", "));
}

QStringList machineLine(const bench::Environment& env) {
    QStringList line;
    QString cpu = env.cpu_model.empty() ? QStringLiteral("unknown CPU") : qs(env.cpu_model);
    if (!env.microarchitecture.empty()) cpu += QStringLiteral(" (%1)").arg(qs(env.microarchitecture));
    line << cpu;
    // A big core and a little one measure differently: which kinds, and which one the run began on.
    if (const std::string kinds = bench::core_kinds_label(env); !kinds.empty()) line << qs(kinds);
    if (env.cores > 0) {
        QString cores = QStringLiteral("%1 cores").arg(env.cores);
        if (env.threads > env.cores) cores += QStringLiteral(" / %1 threads").arg(env.threads);
        line << cores;
    }
    if (!env.hypervisor.empty()) line << QStringLiteral("%1 guest").arg(qs(env.hypervisor));
    const QStringList features = relevantFeatures(env.features);
    if (!features.isEmpty()) line << features.join(QLatin1Char(' '));
    QStringList caches;
    if (env.l1d > 0) caches << QStringLiteral("L1d %1").arg(sizeText(env.l1d));
    if (env.l2 > 0) caches << QStringLiteral("L2 %1").arg(sizeText(env.l2));
    if (env.l3 > 0) caches << QStringLiteral("L3 %1").arg(sizeText(env.l3));
    if (!caches.isEmpty()) line << caches.join(QStringLiteral(", "));
    return line;
}

QStringList buildLine(const bench::Environment& env) {
    QStringList line;
    QString version = QStringLiteral("HashScope %1")
                          .arg(env.hashscope_version.empty() ? QStringLiteral("?") : qs(env.hashscope_version));
    // Which commit measured: two runs of "0.1.0" can differ by every kernel changed since.
    if (!env.git_revision.empty()) version += QStringLiteral(" (git %1)").arg(qs(env.git_revision));
    line << version;
    if (!env.build_type.empty()) {
        line << QStringLiteral("%1 build").arg(qs(env.build_type));
        // A debug build measures the compiler's worst, not the algorithms: say so on the chart.
        if (env.build_type == "Debug") line << QStringLiteral("figures not representative");
    }
    if (!env.compiler.empty()) line << qs(env.compiler);
    if (!env.date.empty()) line << dateText(env.date);
    return line;
}

QStringList methodLine(const bench::BenchReport& report, const ChartData& data) {
    QStringList line;
    std::vector<int> modes;
    for (const auto& s : data.series) {
        if (std::find(modes.begin(), modes.end(), s.mode) == modes.end()) modes.push_back(s.mode);
    }
    if (modes.size() == 1) line << qs(bench::mode_label(data.modes[static_cast<std::size_t>(modes.front())]));
    line << QStringLiteral("%1 cache").arg(qs(std::string(bench::placement_name(data.placement))));
    if (data.view != ChartView::threads) {
        const unsigned threads = data.threadCounts.empty() ? 1 : data.threadCounts.front();
        line << (threads == 1 ? QStringLiteral("1 thread") : QStringLiteral("%1 threads each").arg(threads));
    }
    line << QStringLiteral("points: means");
    line << QStringLiteral("precision target ±%1%").arg(report.spec.precision * 100, 0, 'g', 3);
    line << QStringLiteral("error bars: 99.9% CI");
    if (data.imprecise > 0) {
        line << QStringLiteral("hollow markers: %1 of %2 cells missed the target").arg(data.imprecise).arg(data.cells);
    }
    if (!data.hiddenThreadCounts.empty()) {
        line << QStringLiteral("also measured at %1 threads (threads view)").arg(joinNumbers(data.hiddenThreadCounts));
    }
    if (data.severalPlacements) {
        const auto other = data.placement == bench::Placement::hot ? bench::Placement::cold : bench::Placement::hot;
        line << QStringLiteral("%1-cache results not shown").arg(qs(std::string(bench::placement_name(other))));
    }
    if (!data.undrawable.empty()) {
        QStringList names(data.undrawable.begin(), data.undrawable.end());
        line << QStringLiteral("not drawn (0 bytes): %1").arg(names.join(QStringLiteral(", ")));
    }
    if (report.cancelled) line << QStringLiteral("run cancelled: incomplete");
    return line;
}

}  // namespace

QStringList relevantFeatures(const std::vector<std::string>& features) {
    static const QSet<QString> relevant{
        // x86: CRC32 instruction, carry-less multiply (CRC folding), wide vectors, SHA extensions.
        QStringLiteral("sse4.2"), QStringLiteral("pclmulqdq"), QStringLiteral("avx2"), QStringLiteral("avx512f"),
        QStringLiteral("vpclmulqdq"), QStringLiteral("sha"), QStringLiteral("sha512"),
        // Arm: CRC32 and polynomial multiply instructions, crypto extensions, vectors.
        QStringLiteral("crc32"), QStringLiteral("pmull"), QStringLiteral("sha1"), QStringLiteral("sha2"),
        QStringLiteral("sha3"), QStringLiteral("neon"), QStringLiteral("sve"), QStringLiteral("sve2")};
    QStringList all, kept;
    for (const auto& f : features) {
        all << qs(f);
        if (relevant.contains(all.back())) kept << all.back();
    }
    return kept.isEmpty() ? all : kept;
}

ChartCaption chartCaption(const bench::BenchReport& report, const ChartData& data) {
    ChartCaption caption;
    caption.title << QStringLiteral("HashScope");
    const QString preset = qs(report.spec.preset);
    caption.title << (preset.isEmpty() || preset == QLatin1String("custom") ? QStringLiteral("custom run")
                                                                            : QStringLiteral("%1 preset").arg(preset));
    caption.title << viewTitle(data.view);
    caption.lines << machineLine(report.environment) << buildLine(report.environment) << methodLine(report, data);
    return caption;
}

}  // namespace hashscope::ui
