// The measured core clock: plausible readings are kept, implausible ones are refused with a
// reason, and on this machine the measurement agrees with itself.
#include <gtest/gtest.h>

#include "bench/core_clock.hpp"

namespace {

using hashscope::bench::detail::judge_core_clock;
using hashscope::bench::detail::measure_core_clock;

TEST(CoreClock, AReadingWithinBoundsIsKept) {
    const auto clock = judge_core_clock(3.7, 3.7, 2.6);  // turbo above a guest's nominal clock
    EXPECT_TRUE(clock.plausible);
    EXPECT_DOUBLE_EQ(clock.ghz, 3.7);
    EXPECT_TRUE(clock.why_not.empty());
    EXPECT_TRUE(judge_core_clock(4.1, 0, 0).plausible);  // no reported clock to compare with
}

TEST(CoreClock, AReadingNoCoreRunsAtIsRefused) {
    // What the old one-cycle add chain read on a Sapphire Rapids guest.
    const auto clock = judge_core_clock(20.4, 20.4, 0);
    EXPECT_FALSE(clock.plausible);
    EXPECT_NE(clock.why_not.find("20.40 GHz"), std::string::npos) << clock.why_not;
    EXPECT_FALSE(judge_core_clock(0.1, 0.1, 0).plausible);
    EXPECT_FALSE(judge_core_clock(0, 0, 2.6).plausible);
}

TEST(CoreClock, AReadingFarFromTheReportedClockIsRefused) {
    const auto clock = judge_core_clock(6.5, 6.5, 1.9);
    EXPECT_FALSE(clock.plausible);
    EXPECT_NE(clock.why_not.find("kernel reports 1.90 GHz"), std::string::npos) << clock.why_not;
    EXPECT_FALSE(judge_core_clock(0.9, 0.9, 3.5).plausible);
}

#if defined(__x86_64__)
TEST(CoreClock, MeasuredHereWithinPhysicalBounds) {
    const auto clock = measure_core_clock();
    // Under emulation (qemu) the chains say nothing about a clock; there the reading must be
    // refused, natively it must be kept: either way, never a figure outside the bounds.
    if (clock.plausible) {
        EXPECT_GE(clock.ghz, 0.4);
        EXPECT_LE(clock.ghz, 7.0);
    } else {
        EXPECT_FALSE(clock.why_not.empty());
    }
    EXPECT_GT(clock.add_chain_ghz, 0);
}
#endif

}  // namespace
