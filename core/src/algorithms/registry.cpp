// Dispatch: for each algorithm, the available implementation of highest priority, decided once
// when the Registry is built.
#include "hashscope/registry.hpp"

#include <algorithm>
#include <exception>

#include "algorithms/value_hasher.hpp"
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

std::vector<const Implementation*> Registry::implementations_of(std::string_view algorithm) const {
    std::vector<const Implementation*> out;
    const auto* info = find_algorithm(algorithm);
    if (info == nullptr) return out;
    for (const auto& impl : all_implementations()) {
        if (impl.algorithm == info->id) out.push_back(&impl);
    }
    std::stable_sort(out.begin(), out.end(), [](auto* a, auto* b) { return a->priority > b->priority; });
    return out;
}

const Implementation* Registry::best(std::string_view algorithm) const {
    const auto* info = find_algorithm(algorithm);
    if (info == nullptr) return nullptr;
    return best_[static_cast<std::size_t>(info - algorithms().data())];
}

const Implementation* Registry::find(std::string_view algorithm, std::string_view impl) const {
    if (impl.empty() || impl == "best") return best(algorithm);
    for (const auto* candidate : implementations_of(algorithm)) {
        if (candidate->id == impl) return candidate;
    }
    return nullptr;
}

Result<HasherPtr> Registry::make_hasher(std::string_view algorithm, std::string_view impl) const {
    if (find_algorithm(algorithm) == nullptr) return Error{"unknown algorithm '" + std::string(algorithm) + "'"};
    const auto* row = find(algorithm, impl);
    if (row == nullptr) {
        return Error{"algorithm '" + std::string(algorithm) + "' has no implementation '" + std::string(impl) + "'"};
    }
    if (!available(*row)) {
        return Error{std::string(algorithm) + " · " + std::string(row->id) + " needs CPU features this machine lacks: " +
                     row->needs.without(features_).to_string()};
    }
    try {
        if (row->extend != nullptr) {
            return HasherPtr(std::make_unique<detail::ValueHasher>(*find_algorithm(algorithm), row->extend, row->initial));
        }
        return row->make();
    } catch (const std::exception& e) {  // a library refusing (e.g. OpenSSL without a provider)
        return Error{std::string(algorithm) + " · " + std::string(row->id) + ": " + e.what()};
    }
}

}  // namespace hashscope
