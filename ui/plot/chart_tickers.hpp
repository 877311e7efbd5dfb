// Axis tickers for log axes that read like the CLI's tables: buffer sizes as "64 B", "4 KiB",
// "1 MiB" at powers of two, and quantities as "1", "10", "1k", "10k" or "0.5", "2", "20".
#pragma once

#include <qcustomplot.h>

namespace hashscope::ui {

// A ticker that places only as many labels as its axis has room for.
class FittedTicker : public QCPAxisTicker {
public:
    // The axis whose labels must fit: its length and tick label font decide how many ticks. The
    // axis owns this ticker, so it outlives it. Without one (or before the first layout), about
    // tickCount() ticks.
    void setAxis(const QCPAxis* axis) { axis_ = axis; }

protected:
    // The axis's length in pixels along its direction; 0 when unknown (no axis, or no layout yet).
    [[nodiscard]] int axisLength() const;

    const QCPAxis* axis_ = nullptr;
};

// Ticks at the sizes measured when their labels fit side by side (a benchmark is read at its
// sizes: 128 B, 4 KiB, 1 MiB), else at powers of two, every octave or every few, as many as fit.
// Octaves between ticks are sub-ticks. Labels: "64 B", "4 KiB", "1 MiB".
class SizeTicker : public FittedTicker {
public:
    // Increasing; sizes below one byte are left out (a log axis has no place for them).
    void setMeasuredSizes(const QVector<double>& sizes);

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;
    QVector<double> createSubTickVector(int subTickCount, const QVector<double>& ticks) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    [[nodiscard]] double pixelsPerOctave(const QCPRange& range) const;
    [[nodiscard]] double labelWidth(double size) const;
    [[nodiscard]] bool measuredSizesFit(const QCPRange& range) const;
    [[nodiscard]] int octavesPerTick(const QCPRange& range) const;

    QVector<double> measured_;
    int octavesPerTick_ = 1;  // set by createTickVector for createSubTickVector, which follows it
};

// Ticks at 1-2-5 of each decade when the range spans few decades, at decades (or every few
// decades) when it spans many, at plain linear steps when it spans less than one; labels with k, M, G suffixes: "1",
// "10", "100", "1k", "10k", "1M". With the axis known (setAxis), 1-2-5 only where their labels fit.
class DecadeTicker : public FittedTicker {
protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;
    QVector<double> createSubTickVector(int subTickCount, const QVector<double>& ticks) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    bool linear_ = false;      // under a decade: QCPAxisTicker's linear steps (30M, 35M, 40M)
    bool oneTwoFive_ = false;  // state shared with createSubTickVector, as in SizeTicker
    int decadesPerTick_ = 1;
};

// "1", "10", "1k", "2.5M", "0.5": a number with an SI suffix and at most three significant digits.
QString formatQuantity(double value);

}  // namespace hashscope::ui
