#include "common/cpu_text.hpp"

#include "hashscope/algorithm.hpp"
#include "hashscope/bench/sizes.hpp"

namespace hashscope::ui {
namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace

QString featureDisplayName(CpuFeature feature) {
    switch (feature) {
        case CpuFeature::sse41:
            return QStringLiteral("SSE4.1");
        case CpuFeature::sse42:
            return QStringLiteral("SSE4.2");
        case CpuFeature::pclmulqdq:
            return QStringLiteral("PCLMULQDQ");
        case CpuFeature::avx2:
            return QStringLiteral("AVX2");
        case CpuFeature::avx512f:
            return QStringLiteral("AVX-512F");
        case CpuFeature::avx512bw:
            return QStringLiteral("AVX-512BW");
        case CpuFeature::avx512vl:
            return QStringLiteral("AVX-512VL");
        case CpuFeature::vpclmulqdq:
            return QStringLiteral("VPCLMULQDQ");
        case CpuFeature::sha:
            return QStringLiteral("SHA-NI");
        case CpuFeature::bmi2:
            return QStringLiteral("BMI2");
        case CpuFeature::arm_crc32:
            return QStringLiteral("CRC32");
        case CpuFeature::arm_pmull:
            return QStringLiteral("PMULL");
        case CpuFeature::arm_sha1:
            return QStringLiteral("SHA1");
        case CpuFeature::arm_sha2:
            return QStringLiteral("SHA2");
        case CpuFeature::arm_sha3:
            return QStringLiteral("SHA3");
        case CpuFeature::arm_sha512:
            return QStringLiteral("SHA512");
        case CpuFeature::arm_sve2:
            return QStringLiteral("SVE2");
        case CpuFeature::arm_asimd:
            return QStringLiteral("ASIMD");
    }
    return qs(cpu_feature_name(feature));
}

std::vector<FeatureMark> featureMarks(CpuFeatureSet features) {
    std::vector<FeatureMark> marks;
    for (const CpuFeature f : native_cpu_features()) {
        marks.push_back({f, featureDisplayName(f), qs(cpu_feature_name(f)), features.has(f)});
    }
    return marks;
}

QString markText(const FeatureMark& mark) {
    return (mark.present ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + mark.name;
}

QString missingFeatures(const Registry& registry, const Implementation& impl) {
    const CpuFeatureSet missing = impl.needs.without(registry.features());
    return missing.empty() ? QString() : QString::fromStdString(missing.to_string());
}

std::vector<AlgorithmChoice> algorithmChoices(const Registry& registry) {
    std::vector<AlgorithmChoice> rows;
    for (const auto& algorithm : algorithms()) {
        AlgorithmChoice row;
        row.algorithm = qs(algorithm.id);
        row.display = qs(algorithm.display);
        const Implementation* best = registry.best(algorithm.id);
        if (best != nullptr) {
            row.chosen = qs(best->id);
            row.chosenBackend = qs(best->backend);
        }
        for (const Implementation* impl : registry.implementations_of(algorithm.id)) {
            if (impl == best) continue;
            if (registry.available(*impl)) {
                row.alternatives << qs(impl->id);
            } else {
                row.unavailable << QStringLiteral("%1 (needs %2)").arg(qs(impl->id), missingFeatures(registry, *impl));
            }
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

QString cacheSizeText(std::uint64_t bytes) {
    if (bytes == 0) return QStringLiteral("—");
    return QString::fromStdString(bench::format_size(static_cast<std::size_t>(bytes)));
}

QString cpuTitle(const CpuInfo& cpu) {
    QString title = cpu.model.empty() ? QStringLiteral("unknown CPU") : QString::fromStdString(cpu.model);
    if (!cpu.microarchitecture.empty() && cpu.microarchitecture != "unknown") {
        title += QStringLiteral(" (%1)").arg(QString::fromStdString(cpu.microarchitecture));
    }
    return title;
}

}  // namespace hashscope::ui
