#include "bench/settings_store.hpp"

#include <QCoreApplication>
#include <QSettings>
#include <QStringList>

namespace hashscope::ui {
namespace {

// Bumped when a key changes meaning: older settings are then ignored rather than misread.
constexpr int kVersion = 1;
const QString kGroup = QStringLiteral("benchmark");

// A text field. A settings file edited by hand may hold "64,1KiB" unquoted, which QSettings reads
// as a list: it is joined back.
QString text(const QVariant& value, const QString& fallback) {
    if (!value.isValid()) return fallback;
    if (value.typeId() == QMetaType::QStringList) return value.toStringList().join(QLatin1Char(','));
    return value.toString();
}

QStringList participantKeys(const std::vector<bench::Participant>& participants) {
    QStringList keys;
    for (const auto& p : participants) keys << QString::fromStdString(p.algorithm + "/" + p.implementation);
    return keys;
}

std::vector<bench::Participant> participantsFrom(const QStringList& keys) {
    std::vector<bench::Participant> out;
    for (const QString& key : keys) {
        const auto slash = key.indexOf(QLatin1Char('/'));
        if (slash <= 0 || slash == key.size() - 1) continue;
        out.push_back({key.left(slash).toStdString(), key.mid(slash + 1).toStdString()});
    }
    return out;
}

QStringList placementNames(const std::vector<bench::Placement>& placements) {
    QStringList names;
    for (const auto p : placements) names << QString::fromUtf8(bench::placement_name(p).data());
    return names;
}

std::vector<bench::Placement> placementsFrom(const QStringList& names) {
    std::vector<bench::Placement> out;
    if (names.contains(QStringLiteral("hot"))) out.push_back(bench::Placement::hot);
    if (names.contains(QStringLiteral("cold"))) out.push_back(bench::Placement::cold);
    return out;
}

}  // namespace

bool rememberingSettings() { return !QCoreApplication::organizationName().isEmpty(); }

std::optional<StoredBenchSettings> loadBenchSettings() {
    if (!rememberingSettings()) return std::nullopt;
    QSettings settings;
    settings.beginGroup(kGroup);
    if (settings.value(QStringLiteral("version")).toInt() != kVersion) return std::nullopt;
    StoredBenchSettings stored;
    BenchSettings& s = stored.settings;
    stored.preset = settings.value(QStringLiteral("preset"), stored.preset).toString();
    stored.basePreset = settings.value(QStringLiteral("basePreset"), stored.basePreset).toString();
    stored.chartView = settings.value(QStringLiteral("chartView"), stored.chartView).toString();
    s.participants = participantsFrom(settings.value(QStringLiteral("implementations")).toStringList());
    s.sizes = text(settings.value(QStringLiteral("sizes")), s.sizes);
    s.modes = text(settings.value(QStringLiteral("mode")), s.modes);
    s.threads = text(settings.value(QStringLiteral("threads")), s.threads);
    const auto placements = placementsFrom(settings.value(QStringLiteral("placement")).toStringList());
    if (!placements.empty()) s.placements = placements;
    bool ok = false;
    const double precision = settings.value(QStringLiteral("precisionPercent")).toDouble(&ok);
    if (ok && precision > 0) s.precisionPercent = precision;
    const double budget = settings.value(QStringLiteral("budgetSeconds")).toDouble(&ok);
    if (ok && budget > 0) s.budgetSeconds = budget;
    return stored;
}

void saveBenchSettings(const StoredBenchSettings& stored) {
    if (!rememberingSettings()) return;
    QSettings settings;
    settings.beginGroup(kGroup);
    const BenchSettings& s = stored.settings;
    settings.setValue(QStringLiteral("version"), kVersion);
    settings.setValue(QStringLiteral("preset"), stored.preset);
    settings.setValue(QStringLiteral("basePreset"), stored.basePreset);
    settings.setValue(QStringLiteral("chartView"), stored.chartView);
    settings.setValue(QStringLiteral("implementations"), participantKeys(s.participants));
    settings.setValue(QStringLiteral("sizes"), s.sizes);
    settings.setValue(QStringLiteral("mode"), s.modes);
    settings.setValue(QStringLiteral("threads"), s.threads);
    settings.setValue(QStringLiteral("placement"), placementNames(s.placements));
    settings.setValue(QStringLiteral("precisionPercent"), s.precisionPercent);
    settings.setValue(QStringLiteral("budgetSeconds"), s.budgetSeconds);
}

}  // namespace hashscope::ui
