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
        case ChartView::bars:
            return QStringLiteral("bars");
    }
    return {};
}

std::optional<ChartView> parseChartView(const QString& name) {
    for (const ChartView view : kChartViews) {
        if (name == chartViewName(view)) return view;
    }
    return std::nullopt;
}

}  // namespace hashscope::ui
