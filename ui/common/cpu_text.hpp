// How the pages name this CPU's parts for people: checksum-relevant features with ✓/✗, cache
// sizes, and the implementation dispatch chose for each algorithm (with what else it could have
// picked). Shared by the System page and the summary beside the benchmark chart, so the two
// never disagree.
#pragma once

#include <QString>
#include <QStringList>
#include <cstdint>
#include <vector>

#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::ui {

struct FeatureMark {
    CpuFeature feature;
    QString name;  // "AVX-512F", "SHA-NI": as documentation writes them
    QString id;    // "avx512f", "sha": as /proc/cpuinfo and the CLI write them
    bool present = false;
};

// The features that pick checksum kernels on this build's architecture, in display order.
std::vector<FeatureMark> featureMarks(CpuFeatureSet features);
// "✓ AVX-512F" or "✗ AVX-512F".
QString markText(const FeatureMark& mark);
QString featureDisplayName(CpuFeature feature);

struct AlgorithmChoice {
    QString algorithm;         // "crc32c"
    QString display;           // "CRC-32C"
    QString chosen;            // "vpclmul", empty when nothing can run
    QString chosenBackend;     // "own", "isal", ...
    QStringList alternatives;  // other implementations this CPU can run, by priority
    QStringList unavailable;   // "neon (needs pmull)": the ones it cannot
};

// One row per algorithm, in docs/architecture.md §2 order.
std::vector<AlgorithmChoice> algorithmChoices(const Registry& registry);

// The features an implementation needs that the registry's CPU lacks: "avx512f vpclmulqdq";
// empty when it can run.
QString missingFeatures(const Registry& registry, const Implementation& impl);

// "32 KiB", "1 MiB"; "—" for 0 (unknown or absent).
QString cacheSizeText(std::uint64_t bytes);
// "AMD EPYC (Zen 4)"; "unknown CPU" when the model is empty.
QString cpuTitle(const CpuInfo& cpu);

}  // namespace hashscope::ui
