// The CPU's name against the features it proves: a hypervisor may report any model number, but
// not instructions the host lacks.
#include <gtest/gtest.h>

#include "cpu/microarchitecture.hpp"

namespace {

using hashscope::cpu_detail::GenerationMarkers;
using hashscope::cpu_detail::reconcile_with_features;

GenerationMarkers sapphire_rapids() {
    GenerationMarkers m;
    m.avx512f = m.vpclmulqdq = m.avx512_bf16 = m.avx512_fp16 = m.amx_tile = true;
    return m;
}

TEST(Microarchitecture, AModelNumberWithFeaturesItCannotHaveIsNamedByTheFeatures) {
    // A Sapphire Rapids host that its hypervisor reports as model 167 (Rocket Lake).
    EXPECT_EQ(reconcile_with_features("GenuineIntel", "Rocket Lake", 6, 167, sapphire_rapids()),
              "Sapphire Rapids or later (reported as model 167)");
    GenerationMarkers granite = sapphire_rapids();
    granite.amx_fp16 = true;
    EXPECT_EQ(reconcile_with_features("GenuineIntel", "Sapphire Rapids", 6, 143, granite),
              "Granite Rapids or later (reported as model 143)");
    GenerationMarkers ice_lake;
    ice_lake.avx512f = ice_lake.vpclmulqdq = true;
    EXPECT_EQ(reconcile_with_features("GenuineIntel", "Haswell", 6, 60, ice_lake),
              "Ice Lake or later (reported as model 60)");
}

TEST(Microarchitecture, ANameThatFitsItsFeaturesStands) {
    EXPECT_EQ(reconcile_with_features("GenuineIntel", "Sapphire Rapids", 6, 143, sapphire_rapids()), "Sapphire Rapids");
    GenerationMarkers rocket;
    rocket.avx512f = rocket.vpclmulqdq = true;
    EXPECT_EQ(reconcile_with_features("GenuineIntel", "Rocket Lake", 6, 167, rocket), "Rocket Lake");
    // Cooper Lake shares Skylake-SP's model number and adds BF16.
    GenerationMarkers cooper;
    cooper.avx512f = cooper.avx512_bf16 = true;
    EXPECT_EQ(reconcile_with_features("GenuineIntel", "Skylake", 6, 85, cooper), "Skylake");
    // A hypervisor may hide features: fewer than the name's generation is no contradiction.
    EXPECT_EQ(reconcile_with_features("GenuineIntel", "Sapphire Rapids", 6, 143, {}), "Sapphire Rapids");
    // Names without facts here pass unchanged.
    EXPECT_EQ(reconcile_with_features("GenuineIntel", "Some Future Lake", 6, 250, sapphire_rapids()),
              "Some Future Lake");
}

TEST(Microarchitecture, AnAmdNameOlderThanItsAvx512IsNamedByTheFeatures) {
    GenerationMarkers avx512;
    avx512.avx512f = true;
    EXPECT_EQ(reconcile_with_features("AuthenticAMD", "Zen 3", 25, 33, avx512),
              "Zen 4 or later (reported as family 25 model 33)");
    EXPECT_EQ(reconcile_with_features("AuthenticAMD", "Zen 4", 25, 17, avx512), "Zen 4");
    EXPECT_EQ(reconcile_with_features("AuthenticAMD", "Zen 5", 26, 2, avx512), "Zen 5");
    EXPECT_EQ(reconcile_with_features("AuthenticAMD", "Zen 3", 25, 33, {}), "Zen 3");
}

}  // namespace
