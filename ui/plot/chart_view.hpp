// ChartView: which of the Benchmark page's charts to draw. The same names are taken by
// `hashscope render --view` and remembered in the page's settings, so a chart saved from the
// command line matches the page.
#pragma once

#include <QString>
#include <array>
#include <optional>

namespace hashscope::ui {

// In the order of the Benchmark page's view menu.
enum class ChartView {
    nsop,     // ns per operation against buffer size, log–log
    gbps,     // GB/s against buffer size
    threads,  // aggregate GB/s against thread count
    bars,     // GB/s of every participant at one buffer size, as bars (plot/bar_chart.hpp)
};

inline constexpr std::array kChartViews{ChartView::nsop, ChartView::gbps, ChartView::threads, ChartView::bars};

// "nsop", "gbps", "threads", "bars".
QString chartViewName(ChartView view);
// The inverse of chartViewName; nullopt for anything else.
std::optional<ChartView> parseChartView(const QString& name);

}  // namespace hashscope::ui
