#include "plot/chart_view.hpp"

namespace hashscope::ui {

QString chartViewName(ChartView view) {
    switch (view) {
        case ChartView::nsop:
            return QStringLiteral("nsop");
        case ChartView::gbps:
            return QStringLiteral("gbps");
        case ChartView::threads:
            return QStringLiteral("threads");
    }
    return {};
}

std::optional<ChartView> parseChartView(const QString& name) {
    for (const ChartView view : {ChartView::nsop, ChartView::gbps, ChartView::threads}) {
        if (name == chartViewName(view)) return view;
    }
    return std::nullopt;
}

}  // namespace hashscope::ui
