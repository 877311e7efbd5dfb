// The statistics of a benchmark cell: JMH's 99.9% confidence half-width and friends.
#pragma once

#include <cstddef>
#include <span>

namespace hashscope::bench {

struct SampleStats {
    std::size_t n = 0;
    double mean = 0;
    double median = 0;
    double min = 0;
    double max = 0;
    double stddev = 0;  // sample standard deviation (n - 1)
    double error = 0;   // t(0.9995, n - 1) * stddev / sqrt(n): half-width of the 99.9% interval

    [[nodiscard]] double relative_error() const { return mean > 0 ? error / mean : 0; }
};

// The p-quantile of Student's t distribution with `df` degrees of freedom (df > 0, 0 < p < 1).
double student_t_quantile(double p, double df);

// Summarises samples; with fewer than two the error is 0 (it cannot be known).
SampleStats summarize(std::span<const double> samples);

}  // namespace hashscope::bench
