#include "plot/chart_tickers.hpp"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <vector>

#include "hashscope/bench/sizes.hpp"

namespace hashscope::ui {
namespace {

// Exponents from one step below the range to one above it: QCPAxisTicker::generate keeps one tick
// outside each end so the sub-ticks reach the axis ends, then trims the rest.
// The exponents are origin + n·step, so ticks line up from run to run (and on the first size).
std::vector<int> exponentsAround(double lowExponent, double highExponent, int step, int origin = 0) {
    std::vector<int> exponents;
    int first = static_cast<int>(std::floor(lowExponent));
    first -= (((first - origin) % step) + step) % step;
    for (int e = first - step; e <= static_cast<int>(std::ceil(highExponent)) + step; e += step) exponents.push_back(e);
    return exponents;
}

bool isMajor(const QVector<double>& ticks, double value) {
    return std::any_of(ticks.begin(), ticks.end(), [&](double t) { return std::abs(t - value) <= 1e-9 * t; });
}

}  // namespace

void SizeTicker::setMeasuredSizes(const QVector<double>& sizes) {
    measured_.clear();
    for (const double size : sizes) {
        if (size >= 1) measured_.push_back(size);
    }
}

// Room between two labels' centres beyond half of each: a gap the eye reads as "two labels".
constexpr double kLabelGap = 12;

int FittedTicker::axisLength() const {
    if (!axis_ || !axis_->axisRect()) return 0;
    return std::max(0,
                    axis_->orientation() == Qt::Horizontal ? axis_->axisRect()->width() : axis_->axisRect()->height());
}

// 0 when unknown: no axis, or no layout yet.
double SizeTicker::pixelsPerOctave(const QCPRange& range) const {
    const int length = axisLength();
    return length > 0 ? length / std::log2(range.upper / range.lower) : 0;
}

double SizeTicker::labelWidth(double size) const {
    const QString text = bench::format_size(static_cast<std::size_t>(std::llround(size))).c_str();
    if (!axis_) return 8.0 * static_cast<double>(text.size());
    return QFontMetricsF(axis_->tickLabelFont()).horizontalAdvance(text);
}

// Measured sizes make the ticks when neighbours' labels do not touch; without the axis's length,
// when there are at most about tickCount() + 3 and no two are closer than a fifteenth of the axis.
bool SizeTicker::measuredSizesFit(const QCPRange& range) const {
    if (measured_.isEmpty()) return false;
    const double perOctave = pixelsPerOctave(range);
    const double axisOctaves = std::log2(range.upper / range.lower);
    if (perOctave <= 0 && measured_.size() > tickCount() + 3) return false;
    for (qsizetype i = 1; i < measured_.size(); ++i) {
        const double octaves = std::log2(measured_[i] / measured_[i - 1]);
        const bool fits = perOctave > 0 ? octaves * perOctave >=
                                              (labelWidth(measured_[i]) + labelWidth(measured_[i - 1])) / 2 + kLabelGap
                                        : octaves >= axisOctaves / 15;
        if (!fits) return false;
    }
    return true;
}

int SizeTicker::octavesPerTick(const QCPRange& range) const {
    const double perOctave = pixelsPerOctave(range);
    if (perOctave > 0) {
        // "256 KiB" is about the widest label a power of two gets.
        const double needed = labelWidth(256.0 * 1024) + kLabelGap;
        return std::max(1, static_cast<int>(std::ceil(needed / perOctave)));
    }
    const double octaves = std::log2(range.upper / range.lower);
    return std::max(1, static_cast<int>(std::ceil(octaves / std::max(tickCount(), 2))));
}

QVector<double> SizeTicker::createTickVector(double /*tickStep*/, const QCPRange& range) {
    QVector<double> ticks;
    const QCPRange bytes(std::max(range.lower, 1.0), range.upper);
    if (bytes.upper <= bytes.lower) return ticks;
    if (measuredSizesFit(bytes)) {
        octavesPerTick_ = 0;  // sub-ticks: every octave between
        return measured_;
    }
    octavesPerTick_ = octavesPerTick(bytes);
    // Every few octaves from the smallest size measured, so the first point has its label.
    const int origin = measured_.isEmpty() ? 0 : static_cast<int>(std::lround(std::log2(measured_.first())));
    for (const int e : exponentsAround(std::log2(bytes.lower), std::log2(bytes.upper), octavesPerTick_, origin)) {
        if (e >= 0) ticks.push_back(std::ldexp(1.0, e));  // no sizes below one byte
    }
    return ticks;
}

QVector<double> SizeTicker::createSubTickVector(int /*subTickCount*/, const QVector<double>& ticks) {
    QVector<double> subTicks;
    if (octavesPerTick_ == 1 || ticks.isEmpty() || !(ticks.first() > 0)) return subTicks;
    // Powers of two between the first and last tick (measured ticks need not be powers of two).
    for (int e = static_cast<int>(std::floor(std::log2(ticks.first()))) + 1; std::ldexp(1.0, e) < ticks.last(); ++e) {
        if (!isMajor(ticks, std::ldexp(1.0, e))) subTicks.push_back(std::ldexp(1.0, e));
    }
    return subTicks;
}

QString SizeTicker::getTickLabel(double tick, const QLocale& /*locale*/, QChar /*formatChar*/, int /*precision*/) {
    return QString::fromStdString(bench::format_size(static_cast<std::size_t>(std::llround(tick))));
}

QVector<double> DecadeTicker::createTickVector(double tickStep, const QCPRange& range) {
    QVector<double> ticks;
    if (range.lower <= 0 || range.upper <= range.lower) return ticks;
    const double decades = std::log10(range.upper / range.lower);
    // Within a decade, 1-2-5 would leave one label or none (one file size, two implementations).
    linear_ = decades < 0.8;
    if (linear_) return QCPAxisTicker::createTickVector(tickStep, range);
    // A range of three decades or so gets 1, 2, 5 in each (decades alone would leave two or three
    // labels) when the labels fit between 1 and 2, the closest pair: 0.3 of a decade apart.
    double perDecade = 0;
    double labelSpan = 0;
    if (const int length = axisLength(); length > 0) {
        const QFontMetricsF metrics(axis_->tickLabelFont());
        perDecade = length / decades;
        labelSpan = (axis_->orientation() == Qt::Vertical ? metrics.height()
                                                          : metrics.horizontalAdvance(QStringLiteral("500k"))) +
                    6;
    }
    oneTwoFive_ = decades <= 3.5 && (perDecade <= 0 || std::log10(2.0) * perDecade >= labelSpan);
    if (oneTwoFive_) {
        decadesPerTick_ = 1;
    } else if (perDecade > 0) {
        decadesPerTick_ = std::max(1, static_cast<int>(std::ceil(labelSpan * 1.5 / perDecade)));
    } else {
        decadesPerTick_ = std::max(1, static_cast<int>(std::ceil(decades / std::max(tickCount(), 2))));
    }
    for (const int e : exponentsAround(std::log10(range.lower), std::log10(range.upper), decadesPerTick_)) {
        const double decade = std::pow(10.0, e);
        ticks.push_back(decade);
        if (oneTwoFive_) {
            ticks.push_back(2 * decade);
            ticks.push_back(5 * decade);
        }
    }
    return ticks;
}

QVector<double> DecadeTicker::createSubTickVector(int subTickCount, const QVector<double>& ticks) {
    if (linear_) return QCPAxisTicker::createSubTickVector(subTickCount, ticks);
    QVector<double> subTicks;
    if (ticks.isEmpty()) return subTicks;
    const int first = static_cast<int>(std::floor(std::log10(ticks.first()) + 1e-9));
    const int last = static_cast<int>(std::ceil(std::log10(ticks.last()) - 1e-9));
    for (int e = first; e <= last; ++e) {
        const double decade = std::pow(10.0, e);
        if (decadesPerTick_ > 1) {
            // Skipped decades become sub-ticks; more would crowd the axis.
            if (!isMajor(ticks, decade)) subTicks.push_back(decade);
            continue;
        }
        for (int m = 2; m <= 9; ++m) {
            const double v = m * decade;
            if (v > ticks.first() && v < ticks.last() && !isMajor(ticks, v)) subTicks.push_back(v);
        }
    }
    return subTicks;
}

QString DecadeTicker::getTickLabel(double tick, const QLocale& /*locale*/, QChar /*formatChar*/, int /*precision*/) {
    return formatQuantity(tick);
}

QString formatQuantity(double value) {
    struct Prefix {
        double scale;
        const char* suffix;
    };
    static constexpr Prefix prefixes[] = {{1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
    for (const auto& p : prefixes) {
        // Compared after rounding, so 999.9 reads "1k", not "1e+03".
        if (std::abs(value) >= p.scale * 0.9995)
            return QString::number(value / p.scale, 'g', 3) + QLatin1String(p.suffix);
    }
    return QString::number(value, 'g', 3);
}

}  // namespace hashscope::ui
