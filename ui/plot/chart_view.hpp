// ChartView: which of the Benchmark page's charts to draw. The same names are taken by
// `hashscope render --view`, so a chart saved from the command line matches the page.
#pragma once

#include <QString>
#include <optional>

namespace hashscope::ui {

enum class ChartView {
    nsop,     // ns per operation against buffer size, log–log
    gbps,     // GB/s against buffer size
    threads,  // aggregate GB/s against thread count
};

// "nsop", "gbps", "threads".
QString chartViewName(ChartView view);
// The inverse of chartViewName; nullopt for anything else.
std::optional<ChartView> parseChartView(const QString& name);

}  // namespace hashscope::ui
