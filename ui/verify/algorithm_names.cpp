#include "verify/algorithm_names.hpp"

namespace hashscope::ui {
namespace {

QString fromView(std::string_view text) { return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())); }

// The one feature that best says what an implementation relies on: the widest vector unit or the
// dedicated instruction, as documentation names it.
QString keyFeature(CpuFeatureSet needs) {
    using F = CpuFeature;
    if (needs.has(F::avx512f) || needs.has(F::vpclmulqdq)) return QStringLiteral("AVX-512");
    if (needs.has(F::avx2)) return QStringLiteral("AVX2");
    if (needs.has(F::sha)) return QStringLiteral("SHA-NI");
    if (needs.has(F::pclmulqdq)) return QStringLiteral("PCLMULQDQ");
    if (needs.has(F::sse42)) return QStringLiteral("SSE4.2");
    if (needs.has(F::sse41)) return QStringLiteral("SSE4.1");
    if (needs.has(F::arm_pmull)) return QStringLiteral("PMULL");
    if (needs.has(F::arm_crc32)) return QStringLiteral("Arm CRC32");
    if (needs.has(F::arm_sha2) || needs.has(F::arm_sha3)) return QStringLiteral("Arm SHA");
    return {};
}

}  // namespace

QString algorithmDisplay(const QString& id) {
    const auto* info = find_algorithm(id.toStdString());
    return info ? fromView(info->display) : id;
}

QString algorithmId(const AlgorithmInfo& info) { return fromView(info.id); }

QString algorithmList(const QStringList& ids) {
    QStringList names;
    for (const QString& id : ids) names << algorithmDisplay(id);
    return names.join(QStringLiteral(", "));
}

std::vector<const AlgorithmInfo*> algorithmInfos(const QStringList& ids) {
    std::vector<const AlgorithmInfo*> infos;
    for (const QString& id : ids) {
        if (const auto* info = find_algorithm(id.toStdString())) infos.push_back(info);
    }
    return infos;
}

QString implementationLabel(const Implementation& impl) {
    QString label = fromView(impl.algorithm) + QStringLiteral(" · ") + fromView(impl.id);
    const QString feature = keyFeature(impl.needs);
    if (!feature.isEmpty()) label += QStringLiteral(" (%1)").arg(feature);
    return label;
}

}  // namespace hashscope::ui
