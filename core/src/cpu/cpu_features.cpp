// Names and listing of CPU features. Kept apart from detection so that code which only
// prints or forces feature sets (tests, the CLI's --pretend options) needs no CPUID.
#include "hashscope/cpu_features.hpp"

#include <array>
#include <utility>

namespace hashscope {

namespace {

// One table drives both the display order and the names, so they cannot drift apart.
// Names follow Linux /proc/cpuinfo where it has one, so users can compare with what the
// kernel shows; /proc itself spells a few differently ("sse4_2", "sha_ni"), and we keep the
// spellings people recognise from documentation instead.
constexpr std::array<std::pair<CpuFeature, std::string_view>, 18> kFeatureNames{{
    {CpuFeature::sse41, "sse4.1"},
    {CpuFeature::sse42, "sse4.2"},
    {CpuFeature::pclmulqdq, "pclmulqdq"},
    {CpuFeature::avx2, "avx2"},
    {CpuFeature::avx512f, "avx512f"},
    {CpuFeature::avx512bw, "avx512bw"},
    {CpuFeature::avx512vl, "avx512vl"},
    {CpuFeature::vpclmulqdq, "vpclmulqdq"},
    {CpuFeature::sha, "sha"},
    {CpuFeature::bmi2, "bmi2"},
    {CpuFeature::arm_crc32, "crc32"},
    {CpuFeature::arm_pmull, "pmull"},
    {CpuFeature::arm_sha1, "sha1"},
    {CpuFeature::arm_sha2, "sha2"},
    {CpuFeature::arm_sha3, "sha3"},
    {CpuFeature::arm_sha512, "sha512"},
    {CpuFeature::arm_sve2, "sve2"},
    {CpuFeature::arm_asimd, "asimd"},
}};

}  // namespace

const std::vector<CpuFeature>& all_cpu_features() {
    static const std::vector<CpuFeature> features = [] {
        std::vector<CpuFeature> out;
        out.reserve(kFeatureNames.size());
        for (const auto& [feature, name] : kFeatureNames) out.push_back(feature);
        return out;
    }();
    return features;
}

std::string_view cpu_feature_name(CpuFeature f) {
    for (const auto& [feature, name] : kFeatureNames) {
        if (feature == f) return name;
    }
    // Only reachable with a value cast from an integer that is not a single known feature.
    return "unknown";
}

std::vector<std::string_view> CpuFeatureSet::names() const {
    std::vector<std::string_view> out;
    for (const auto& [feature, name] : kFeatureNames) {
        if (has(feature)) out.push_back(name);
    }
    return out;
}

std::string CpuFeatureSet::to_string() const {
    const auto list = names();
    // "-" rather than "" so a column of feature sets in a table never looks blank by mistake.
    if (list.empty()) return "-";
    std::string out;
    for (const auto name : list) {
        if (!out.empty()) out += ' ';
        out += name;
    }
    return out;
}

}  // namespace hashscope

namespace hashscope {

std::vector<CpuFeature> native_cpu_features() {
    // Arm features occupy the upper half of the mask (see cpu_features.hpp).
    constexpr auto first_arm = static_cast<std::uint32_t>(CpuFeature::arm_crc32);
#if defined(__aarch64__)
    const bool want_arm = true;
#else
    const bool want_arm = false;
#endif
    std::vector<CpuFeature> out;
    for (auto f : all_cpu_features()) {
        if ((static_cast<std::uint32_t>(f) >= first_arm) == want_arm) out.push_back(f);
    }
    return out;
}

}  // namespace hashscope
