#include "hashscope/bench/statistics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace hashscope::bench {
namespace {

TEST(StudentT, MatchesPublishedQuantiles) {
    // Two-sided 99.9% (p = 0.9995), as JMH uses, and a few textbook values.
    EXPECT_NEAR(student_t_quantile(0.9995, 1), 636.6192, 1e-3);
    EXPECT_NEAR(student_t_quantile(0.9995, 2), 31.5991, 1e-4);
    EXPECT_NEAR(student_t_quantile(0.9995, 4), 8.6103, 1e-4);
    EXPECT_NEAR(student_t_quantile(0.9995, 9), 4.7809, 1e-4);
    EXPECT_NEAR(student_t_quantile(0.9995, 29), 3.6594, 1e-4);
    EXPECT_NEAR(student_t_quantile(0.9995, 99), 3.3915, 1e-4);
    EXPECT_NEAR(student_t_quantile(0.975, 10), 2.2281, 1e-4);
    EXPECT_NEAR(student_t_quantile(0.95, 5), 2.0150, 1e-4);
    // Towards the normal quantile z(0.9995) = 3.2905 as df grows.
    EXPECT_NEAR(student_t_quantile(0.9995, 1e6), 3.2905, 1e-3);
}

TEST(StudentT, IsSymmetric) {
    EXPECT_DOUBLE_EQ(student_t_quantile(0.5, 7), 0);
    EXPECT_NEAR(student_t_quantile(0.025, 10), -student_t_quantile(0.975, 10), 1e-12);
}

TEST(Summarize, KnownSamples) {
    const std::vector<double> samples{10, 12, 11, 13, 9};
    const auto s = summarize(samples);
    EXPECT_EQ(s.n, 5U);
    EXPECT_DOUBLE_EQ(s.mean, 11);
    EXPECT_DOUBLE_EQ(s.median, 11);
    EXPECT_DOUBLE_EQ(s.min, 9);
    EXPECT_DOUBLE_EQ(s.max, 13);
    EXPECT_NEAR(s.stddev, std::sqrt(2.5), 1e-12);
    EXPECT_NEAR(s.error, 8.6103 * std::sqrt(2.5) / std::sqrt(5.0), 1e-3);
    EXPECT_NEAR(s.relative_error(), s.error / 11, 1e-15);
}

TEST(Summarize, EvenCountMedianAndDegenerateCases) {
    EXPECT_DOUBLE_EQ(summarize(std::vector<double>{4, 1, 3, 2}).median, 2.5);
    const auto one = summarize(std::vector<double>{7});
    EXPECT_EQ(one.n, 1U);
    EXPECT_DOUBLE_EQ(one.mean, 7);
    EXPECT_DOUBLE_EQ(one.error, 0);  // unknowable from one sample
    EXPECT_EQ(summarize(std::vector<double>{}).n, 0U);
    const auto constant = summarize(std::vector<double>{5, 5, 5});
    EXPECT_DOUBLE_EQ(constant.error, 0);
}

TEST(Summarize, ErrorShrinksWithMoreSamplesOfTheSameSpread) {
    std::vector<double> few, many;
    for (int i = 0; i < 10; ++i) few.push_back(100 + (i % 2 ? 1 : -1));
    for (int i = 0; i < 1000; ++i) many.push_back(100 + (i % 2 ? 1 : -1));
    EXPECT_LT(summarize(many).error, summarize(few).error / 5);
}

}  // namespace
}  // namespace hashscope::bench
