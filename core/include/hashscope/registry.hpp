// The one table of every algorithm × implementation, with the CPU features each needs.
// Dispatch ("best") is decided once per Registry from that table, and may then be refined by a
// plan measured on this machine (calibration.hpp): per algorithm and size band.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/algorithm.hpp"
#include "hashscope/cpu_features.hpp"
#include "hashscope/hasher.hpp"
#include "hashscope/result.hpp"

namespace hashscope {

// A checksum that is a value you extend (CRCs, Adler-32): extend(extend(v, a), b) == extend(v, a||b).
// 32-bit checksums travel in the low half.
using ExtendFn = std::uint64_t (*)(std::uint64_t value, const std::byte* data, std::size_t size);

struct Implementation {
    std::string_view algorithm;    // AlgorithmInfo::id
    std::string_view id;           // "table", "sse42", "isal", "openssl", ...
    std::string_view backend;      // "own", or the library: "openssl", "zlib", "isal", ...
    CpuFeatureSet needs{};         // features the CPU must have
    int priority = 0;              // higher wins among the available ones
    std::string_view description;  // one line for people
    // Exactly one of the two is set. Value checksums give their kernel itself, so that callers
    // that can use it (the benchmark, the verifier's combining) need no Hasher around it.
    HasherPtr (*make)() = nullptr;  // a fresh hasher
    ExtendFn extend = nullptr;      // the kernel of a value checksum
    std::uint64_t initial = 0;      // the value of the empty message (1 for Adler-32)
    // Set where the implementation also computes the algorithm's length variants
    // (AlgorithmInfo::length_step): a fresh hasher of `variant`, for any variant of at least
    // min_variant_size bytes.
    HasherPtr (*make_variant)(const AlgorithmInfo& variant) = nullptr;
    std::size_t min_variant_size = 1;
};

// Every row of the table, whether or not this CPU can run it.
std::span<const Implementation> all_implementations();

// The size bands within which dispatch makes one choice: band i holds the message sizes below
// kBandLimits[i] (and at or above the limit before it). Winners change with size (a crc32
// instruction chain beats folding below a few hundred bytes; wide vectors pay off only on long
// messages), so a measured plan chooses per band.
inline constexpr std::size_t kKiB = 1024;
inline constexpr std::array<std::size_t, 10> kBandLimits{32,        128,        512,         2 * kKiB,    8 * kKiB,
                                                         32 * kKiB, 256 * kKiB, 2048 * kKiB, 8192 * kKiB, SIZE_MAX};
inline constexpr std::size_t kBands = kBandLimits.size();
constexpr std::size_t band_of(std::size_t size) {
    std::size_t band = 0;
    while (band + 1 < kBands && size >= kBandLimits[band]) ++band;  // the last band has no upper limit
    return band;
}
std::string band_label(std::size_t band);  // "< 32B", "32B – 256B", ..., "≥ 8MiB"
// Bands first..last as one range: "< 8MiB", "32B – 2KiB", "≥ 2MiB", "every size".
std::string bands_label(std::size_t first, std::size_t last);

// Dispatch's choices as measured on this machine: for each algorithm (parallel to algorithms())
// one implementation per band, or nullptr where the table's choice stands.
struct DispatchPlan {
    std::vector<std::array<const Implementation*, kBands>> choices;
    std::string measured_on;  // the date it was measured, ISO 8601 ("2026-12-01T19:50:00Z")
    // The algorithms whose files in the page cache were hashed faster from read()'s copy than from
    // a mapping on this machine (calibration.hpp); the others are mapped.
    std::vector<std::string> copy_cached_files;
    // The algorithms whose files in the page cache were hashed faster alone on one thread from a
    // mapping than with every core (for one that cannot be split: a second thread mapping ahead of
    // it, or a reader thread copying); the others use every core.
    std::vector<std::string> one_thread_cached_files;
};

class Registry {
public:
    // A registry for a CPU with exactly these features (tests force smaller sets).
    explicit Registry(CpuFeatureSet available);
    // A copy follows the plan the original follows at the time of copying.
    Registry(const Registry& other)
        : features_(other.features_), best_(other.best_), plan_(other.plan_.load(std::memory_order_acquire)) {}
    Registry& operator=(const Registry&) = delete;
    // The registry of this machine, built once from host_cpu().
    static const Registry& host();

    [[nodiscard]] CpuFeatureSet features() const { return features_; }
    [[nodiscard]] bool available(const Implementation& impl) const { return features_.contains(impl.needs); }
    // The implementations of one algorithm, highest priority first (available or not). For a
    // length variant, those of its algorithm that compute that length.
    [[nodiscard]] std::vector<const Implementation*> implementations_of(std::string_view algorithm) const;
    // What dispatch chose for the algorithm: for messages of `size` bytes, or, without a size,
    // for long messages (a plan's largest band). nullptr for an unknown algorithm.
    [[nodiscard]] const Implementation* best(std::string_view algorithm) const;
    [[nodiscard]] const Implementation* best(std::string_view algorithm, std::size_t size) const;
    // Where dispatch chooses otherwise than for long messages, for people: each other choice with
    // the sizes it covers, neighbouring bands of the same choice joined ("< 8MiB: vpclmul").
    struct SizeException {
        std::string sizes;
        const Implementation* chosen = nullptr;
    };
    [[nodiscard]] std::vector<SizeException> exceptions_to_best(std::string_view algorithm) const;
    // The table's choice, whatever a plan says: the highest priority this CPU can run.
    [[nodiscard]] const Implementation* table_best(std::string_view algorithm) const;
    // "best" (or empty) names what dispatch chose. nullptr if unknown.
    [[nodiscard]] const Implementation* find(std::string_view algorithm, std::string_view impl) const;

    // A hasher, or an error saying why not (unknown algorithm or implementation, or the CPU lacks
    // a feature it needs).
    [[nodiscard]] Result<HasherPtr> make_hasher(std::string_view algorithm, std::string_view impl = "best") const;

    // Dispatch from now on follows `plan` (nullptr: the table again). Safe while other threads
    // dispatch: they see the old plan or the new one, whole. Choices the CPU cannot run are
    // dropped. A plan lives until the process ends, so hashers made under it stay valid.
    void use_plan(const DispatchPlan* plan) const;
    [[nodiscard]] const DispatchPlan* plan() const { return plan_.load(std::memory_order_acquire); }

private:
    CpuFeatureSet features_;
    std::vector<const Implementation*> best_;  // parallel to algorithms()
    // The one thing that changes after construction: an atomic pointer to an immutable plan.
    mutable std::atomic<const DispatchPlan*> plan_{nullptr};
};

}  // namespace hashscope
