// The words around a chart: a title naming the run and the view, and a caption saying where the
// figures come from (CPU, build, date) and how to read them (error bars, hollow markers). A chart
// pasted into a pull request or an issue must carry this, or its figures mean nothing.
#pragma once

#include <QList>
#include <QStringList>

#include "hashscope/bench/report.hpp"
#include "plot/chart_data.hpp"

namespace hashscope::ui {

struct ChartCaption {
    QStringList title;         // segments: "HashScope", "quick preset", "ns/op vs size"
    QList<QStringList> lines;  // segments of each caption line: machine, build, method
};

ChartCaption chartCaption(const bench::BenchReport& report, const ChartData& data);

// The features that matter to checksums (CRC folding, SHA extensions, wide vectors), in the
// report's order; all of them when none of these are known (another architecture's names).
QStringList relevantFeatures(const std::vector<std::string>& features);

}  // namespace hashscope::ui
