// One suite, instantiated for every row of the registry table (the google/crc32c pattern): each
// implementation is tested alike, and one this CPU cannot run is skipped visibly.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "hashscope/registry.hpp"

namespace hashscope::test {

inline std::string implementation_name(const testing::TestParamInfo<const Implementation*>& info) {
    std::string name = std::string(info.param->algorithm) + "_" + std::string(info.param->id);
    for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return name;
}

inline std::vector<const Implementation*> every_implementation() {
    std::vector<const Implementation*> out;
    for (const auto& impl : all_implementations()) out.push_back(&impl);
    return out;
}

class ImplementationTest : public testing::TestWithParam<const Implementation*> {
protected:
    void SetUp() override {
        const auto& registry = Registry::host();
        if (!registry.available(*GetParam())) {
            GTEST_SKIP() << GetParam()->algorithm << " · " << GetParam()->id << " needs "
                         << GetParam()->needs.without(registry.features()).to_string() << ", which this CPU lacks";
        }
        auto made = registry.make_hasher(GetParam()->algorithm, GetParam()->id);
        ASSERT_TRUE(made.ok()) << made.error().message;
        hasher_ = std::move(made.value());
    }

    std::string hex_of(std::span<const std::byte> data) {
        hasher_->reset();
        hasher_->update(data);
        return hasher_->finish().hex();
    }

    HasherPtr hasher_;
};

inline std::span<const std::byte> as_bytes(const std::string& s) {
    return std::as_bytes(std::span(s.data(), s.size()));
}

}  // namespace hashscope::test
