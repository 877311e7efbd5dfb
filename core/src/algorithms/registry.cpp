// Dispatch: for each algorithm, the available implementation of highest priority, decided once
// when the Registry is built.
#include "hashscope/registry.hpp"

#include <algorithm>
#include <exception>

#include "algorithms/value_hasher.hpp"
#include "hashscope/bench/sizes.hpp"
#include "hashscope/cpu.hpp"

namespace hashscope {

Registry::Registry(CpuFeatureSet available) : features_(available) {
    for (const auto& algorithm : algorithms()) {
        const Implementation* chosen = nullptr;
        for (const auto* impl : implementations_of(algorithm.id)) {
            if (this->available(*impl)) {
                chosen = impl;
                break;
            }
        }
        best_.push_back(chosen);
    }
}

const Registry& Registry::host() {
    static const Registry registry(host_cpu().features);
    return registry;
}

namespace {

// Whether `impl`, a row of the table, computes `info` (an algorithm of its family, or a length
// variant the row can make).
bool computes(const Implementation& impl, const AlgorithmInfo& info, const AlgorithmInfo& family) {
    if (impl.algorithm != family.id) return false;
    return info.variant_of == nullptr || (impl.make_variant != nullptr && info.digest_size >= impl.min_variant_size);
}

}  // namespace

std::vector<const Implementation*> Registry::implementations_of(std::string_view algorithm) const {
    std::vector<const Implementation*> out;
    const auto* info = find_algorithm(algorithm);
    if (info == nullptr) return out;
    const AlgorithmInfo& family = family_of(*info);
    for (const auto& impl : all_implementations()) {
        if (computes(impl, *info, family)) out.push_back(&impl);
    }
    std::stable_sort(out.begin(), out.end(), [](auto* a, auto* b) { return a->priority > b->priority; });
    return out;
}

std::string bands_label(std::size_t first, std::size_t last) {
    const bool from_zero = first == 0;
    const bool unbounded = last + 1 >= kBands;
    if (from_zero && unbounded) return "every size";
    if (from_zero) return "< " + bench::format_size_compact(kBandLimits[last]);
    if (unbounded) return "≥ " + bench::format_size_compact(kBandLimits[first - 1]);
    return bench::format_size_compact(kBandLimits[first - 1]) + " – " + bench::format_size_compact(kBandLimits[last]);
}

std::string band_label(std::size_t band) { return bands_label(band, band); }

namespace {

std::size_t algorithm_index(const AlgorithmInfo& info) { return static_cast<std::size_t>(&info - algorithms().data()); }

}  // namespace

const Implementation* Registry::table_best(std::string_view algorithm) const {
    const auto* info = find_algorithm(algorithm);
    if (info == nullptr) return nullptr;
    if (info->variant_of != nullptr) {  // no plan measures variants: the table alone decides
        for (const auto* impl : implementations_of(info->id)) {
            if (available(*impl)) return impl;
        }
        return nullptr;
    }
    return best_[algorithm_index(*info)];
}

const Implementation* Registry::best(std::string_view algorithm) const { return best(algorithm, SIZE_MAX - 1); }

const Implementation* Registry::best(std::string_view algorithm, std::size_t size) const {
    const auto* info = find_algorithm(algorithm);
    if (info == nullptr) return nullptr;
    if (info->variant_of != nullptr) return table_best(algorithm);
    const std::size_t index = algorithm_index(*info);
    if (const auto* p = plan(); p != nullptr && index < p->choices.size()) {
        if (const auto* chosen = p->choices[index][band_of(size)]; chosen != nullptr) return chosen;
    }
    return best_[index];
}

std::vector<Registry::SizeException> Registry::exceptions_to_best(std::string_view algorithm) const {
    std::vector<SizeException> exceptions;
    const auto* longest = best(algorithm);
    if (longest == nullptr) return exceptions;
    // The last band is `longest` itself; a band's choice is the one for its largest size.
    const auto chosen_in = [&](std::size_t band) { return best(algorithm, kBandLimits[band] - 1); };
    for (std::size_t band = 0; band + 1 < kBands;) {
        const auto* chosen = chosen_in(band);
        std::size_t last = band;
        while (last + 2 < kBands && chosen_in(last + 1) == chosen) ++last;
        if (chosen != longest) exceptions.push_back({bands_label(band, last), chosen});
        band = last + 1;
    }
    return exceptions;
}

void Registry::use_plan(const DispatchPlan* plan) const {
    if (plan != nullptr) {
        for (const auto& bands : plan->choices) {
            for (const auto* chosen : bands) {
                if (chosen != nullptr && !available(*chosen)) return;  // not for this CPU: keep what we have
            }
        }
    }
    plan_.store(plan, std::memory_order_release);
}

const Implementation* Registry::find(std::string_view algorithm, std::string_view impl) const {
    if (impl.empty() || impl == "best") return best(algorithm);
    // A scan, not implementations_of(): a saved calibration asks for hundreds of rows at start.
    const auto* info = find_algorithm(algorithm);
    if (info == nullptr) return nullptr;
    const AlgorithmInfo& family = family_of(*info);
    for (const auto& candidate : all_implementations()) {
        if (candidate.id == impl && computes(candidate, *info, family)) return &candidate;
    }
    return nullptr;
}

Result<HasherPtr> Registry::make_hasher(std::string_view algorithm, std::string_view impl) const {
    const auto* info = find_algorithm(algorithm);
    if (info == nullptr) return Error{"unknown algorithm '" + std::string(algorithm) + "'"};
    const auto* row = find(algorithm, impl);
    if (row == nullptr) {
        return Error{"algorithm '" + std::string(algorithm) + "' has no implementation '" + std::string(impl) + "'"};
    }
    if (!available(*row)) {
        return Error{std::string(algorithm) + " · " + std::string(row->id) +
                     " needs CPU features this machine lacks: " + row->needs.without(features_).to_string()};
    }
    try {
        if (row->extend != nullptr) {
            // "best" for a value checksum follows the plan per update: each band's kernel for the
            // lengths that band holds.
            std::array<ExtendFn, kBands> kernels;
            for (std::size_t band = 0; band < kBands; ++band) {
                const auto* chosen = (impl.empty() || impl == "best") ? best(algorithm, kBandLimits[band] - 1) : row;
                kernels[band] = chosen != nullptr && chosen->extend != nullptr ? chosen->extend : row->extend;
            }
            return HasherPtr(std::make_unique<detail::ValueHasher>(*info, kernels, row->initial));
        }
        if (info->variant_of != nullptr) return row->make_variant(*info);
        return row->make();
    } catch (const std::exception& e) {  // a library refusing (e.g. OpenSSL without a provider)
        return Error{std::string(algorithm) + " · " + std::string(row->id) + ": " + e.what()};
    }
}

}  // namespace hashscope
