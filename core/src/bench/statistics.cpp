#include "hashscope/bench/statistics.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <vector>

namespace hashscope::bench {
namespace {

// log Γ(x) for x > 0 by the Lanczos approximation (g = 7, n = 9): accurate to ~1e-15 and, unlike
// std::lgamma, free of the global `signgam` that makes it unsafe from several threads.
double log_gamma(double x) {
    static constexpr std::array<double, 9> c{0.99999999999980993,  676.5203681218851,     -1259.1392167224028,
                                             771.32342877765313,   -176.61502916214059,   12.507343278686905,
                                             -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
    if (x < 0.5) return std::log(M_PI / std::sin(M_PI * x)) - log_gamma(1 - x);  // reflection
    x -= 1;
    double sum = c[0];
    for (std::size_t i = 1; i < c.size(); ++i) sum += c[i] / (x + static_cast<double>(i));
    const double t = x + 7.5;
    return 0.5 * std::log(2 * M_PI) + (x + 0.5) * std::log(t) - t + std::log(sum);
}

// Continued fraction of the incomplete beta function (modified Lentz's method).
double beta_continued_fraction(double a, double b, double x) {
    constexpr double tiny = 1e-300;
    constexpr double epsilon = 1e-15;
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = 1 / (std::abs(d) < tiny ? tiny : d);
    double h = d;
    for (int m = 1; m <= 10000; ++m) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 / (std::abs(1 + aa * d) < tiny ? tiny : 1 + aa * d);
        c = 1 + aa / c;
        c = std::abs(c) < tiny ? tiny : c;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 / (std::abs(1 + aa * d) < tiny ? tiny : 1 + aa * d);
        c = 1 + aa / c;
        c = std::abs(c) < tiny ? tiny : c;
        const double delta = d * c;
        h *= delta;
        if (std::abs(delta - 1) < epsilon) break;
    }
    return h;
}

// The regularised incomplete beta function I_x(a, b).
double incomplete_beta(double a, double b, double x) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    const double log_front = log_gamma(a + b) - log_gamma(a) - log_gamma(b) + a * std::log(x) + b * std::log1p(-x);
    if (x < (a + 1) / (a + b + 2)) return std::exp(log_front) * beta_continued_fraction(a, b, x) / a;
    return 1 - std::exp(log_front) * beta_continued_fraction(b, a, 1 - x) / b;
}

// P(T <= t) for Student's t with df degrees of freedom.
double student_t_cdf(double t, double df) {
    const double tail = 0.5 * incomplete_beta(df / 2, 0.5, df / (df + t * t));
    return t >= 0 ? 1 - tail : tail;
}

}  // namespace

double student_t_quantile(double p, double df) {
    if (p == 0.5) return 0;
    if (p < 0.5) return -student_t_quantile(1 - p, df);
    // The CDF is monotonic: bracket the answer, then bisect to double precision.
    double lo = 0;
    double hi = 1;
    while (student_t_cdf(hi, df) < p && hi < 1e12) hi *= 2;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (student_t_cdf(mid, df) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

SampleStats summarize(std::span<const double> samples) {
    SampleStats s;
    s.n = samples.size();
    if (s.n == 0) return s;
    std::vector<double> sorted(samples.begin(), samples.end());
    std::sort(sorted.begin(), sorted.end());
    s.min = sorted.front();
    s.max = sorted.back();
    s.median = s.n % 2 == 1 ? sorted[s.n / 2] : 0.5 * (sorted[s.n / 2 - 1] + sorted[s.n / 2]);
    s.mean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / static_cast<double>(s.n);
    if (s.n < 2) return s;
    double squares = 0;
    for (double x : sorted) squares += (x - s.mean) * (x - s.mean);
    s.stddev = std::sqrt(squares / static_cast<double>(s.n - 1));
    s.error = student_t_quantile(0.9995, static_cast<double>(s.n - 1)) * s.stddev / std::sqrt(static_cast<double>(s.n));
    return s;
}

}  // namespace hashscope::bench
