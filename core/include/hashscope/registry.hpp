// The one table of every algorithm × implementation, with the CPU features each needs.
// Dispatch ("best") is decided once per Registry from that table.
#pragma once

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
    CpuFeatureSet needs;           // features the CPU must have
    int priority;                  // higher wins among the available ones
    std::string_view description;  // one line for people
    // Exactly one of the two is set. Value checksums give their kernel itself, so that callers
    // that can use it (the benchmark, the verifier's combining) need no Hasher around it.
    HasherPtr (*make)() = nullptr;  // a fresh hasher
    ExtendFn extend = nullptr;      // the kernel of a value checksum
    std::uint64_t initial = 0;      // the value of the empty message (1 for Adler-32)
};

// Every row of the table, whether or not this CPU can run it.
std::span<const Implementation> all_implementations();

class Registry {
public:
    // A registry for a CPU with exactly these features (tests force smaller sets).
    explicit Registry(CpuFeatureSet available);
    // The registry of this machine, built once from host_cpu().
    static const Registry& host();

    [[nodiscard]] CpuFeatureSet features() const { return features_; }
    [[nodiscard]] bool available(const Implementation& impl) const { return features_.contains(impl.needs); }
    // The implementations of one algorithm, highest priority first (available or not).
    [[nodiscard]] std::vector<const Implementation*> implementations_of(std::string_view algorithm) const;
    // What dispatch chose for the algorithm; nullptr for an unknown algorithm.
    [[nodiscard]] const Implementation* best(std::string_view algorithm) const;
    // "best" (or empty) names what dispatch chose. nullptr if unknown.
    [[nodiscard]] const Implementation* find(std::string_view algorithm, std::string_view impl) const;

    // A hasher, or an error saying why not (unknown algorithm or implementation, or the CPU lacks
    // a feature it needs).
    [[nodiscard]] Result<HasherPtr> make_hasher(std::string_view algorithm, std::string_view impl = "best") const;

private:
    CpuFeatureSet features_;
    std::vector<const Implementation*> best_;  // parallel to algorithms()
};

}  // namespace hashscope
