// ChartData: what a chart shows, picked out of a BenchReport before anything is drawn. Kept free
// of QCustomPlot so the choices (which cells, which curves, which intervals) can be tested and so
// `hashscope render` can reject a view that does not apply before it starts a GUI.
#pragma once

#include <QString>
#include <cstddef>
#include <optional>
#include <vector>

#include "hashscope/bench/report.hpp"
#include "hashscope/result.hpp"
#include "plot/chart_view.hpp"

namespace hashscope::ui {

struct ChartOptions {
    ChartView view = ChartView::nsop;
    // A chart shows one cache placement; by default hot when it was measured, else the first one.
    std::optional<bench::Placement> placement;
};

struct ChartPoint {
    double x = 0;  // buffer size in bytes, or thread count
    double y = 0;  // ns/op or GB/s
    // The 99.9% confidence interval of y. For GB/s it is the ns/op interval turned over, so it is
    // lopsided and `high` is +infinity when the ns/op interval reaches zero.
    double low = 0, high = 0;
    bool precise = true;      // reached the precision target in its time budget
    std::size_t samples = 0;  // behind the mean, for tooltips
};

struct ChartSeries {
    QString label;                   // "crc32c · isal", "crc32c · isal · 64KiB", "md5 · openssl · bytewise"
    int participant = 0;             // index into ChartData::participants: the colour and, by size, the marker
    int mode = 0;                    // index into ChartData::modes: the line style
    int size = -1;                   // threads view: index into ChartData::sizes: the marker and shade
    std::vector<ChartPoint> points;  // in increasing x
};

struct ChartData {
    ChartView view = ChartView::nsop;
    // Every participant and mode of the report (the harness excluded), in the report's order, also
    // those this view leaves out: indices into them stay the same from view to view, and so do
    // the colours picked from them.
    std::vector<bench::Participant> participants;
    std::vector<bench::ModeSpec> modes;
    std::vector<std::size_t> sizes;      // the sizes drawn, increasing
    std::vector<unsigned> threadCounts;  // the thread counts drawn, increasing
    bench::Placement placement = bench::Placement::hot;
    bool severalPlacements = false;            // the report also measured the other placement
    std::vector<unsigned> hiddenThreadCounts;  // size views draw one thread count; these were measured too
    std::size_t cells = 0;                     // cells drawn
    // Participants with cells left out: size 0 (a command's startup time) has no place on a log axis.
    std::vector<QString> undrawable;
    std::size_t imprecise = 0;  // of those, the ones that missed the precision target
    std::vector<ChartSeries> series;
};

// The harness overhead cell ("null" algorithm) is measured to be subtracted mentally, not charted.
bool isHarness(const bench::CellResult& cell);

// Fails with a message a user can act on when the report has nothing this view can show (no
// results, or a threads view of a run that measured one thread count).
Result<ChartData> selectChartData(const bench::BenchReport& report, const ChartOptions& options);

}  // namespace hashscope::ui
