#include "plot/chart_data.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

#include "hashscope/bench/sizes.hpp"

namespace hashscope::ui {
namespace {

using bench::BenchReport;
using bench::CellResult;
using bench::ModeSpec;
using bench::Participant;
using bench::Placement;

// The separator of label parts, as the CLI tables and the design sketch write them.
QString dot() { return QStringLiteral(" · "); }

template <class T>
int indexOf(const std::vector<T>& values, const T& value) {
    const auto it = std::find(values.begin(), values.end(), value);
    return it == values.end() ? -1 : static_cast<int>(it - values.begin());
}

template <class T>
void addUnique(std::vector<T>& values, const T& value) {
    if (indexOf(values, value) < 0) values.push_back(value);
}

// The spec's order first (the order the user asked for), then anything only the results name.
void collectParticipantsAndModes(const BenchReport& report, ChartData& data) {
    for (const auto& p : report.spec.participants) {
        if (p.algorithm != "null") addUnique(data.participants, p);
    }
    for (const auto& m : report.spec.modes) addUnique(data.modes, m);
    for (const auto& cell : report.results) {
        if (isHarness(cell)) continue;
        addUnique(data.participants, Participant{cell.algorithm, cell.implementation});
        addUnique(data.modes, cell.mode);
    }
}

std::optional<Placement> pickPlacement(const std::vector<const CellResult*>& cells, const ChartOptions& options,
                                       bool& several) {
    std::vector<Placement> measured;
    for (const auto* cell : cells) addUnique(measured, cell->placement);
    several = measured.size() > 1;
    if (options.placement) {
        if (indexOf(measured, *options.placement) < 0) return std::nullopt;
        return options.placement;
    }
    if (indexOf(measured, Placement::hot) >= 0) return Placement::hot;
    return measured.empty() ? std::nullopt : std::optional(measured.front());
}

// The point of one cell. Both views take the same 99.9% interval: GB/s is bytes over the ns/op
// mean, so its interval is bytes over the ns/op interval's ends, upside down.
ChartPoint pointOf(const CellResult& cell, double x, ChartView view) {
    const double mean = cell.ns_per_op.mean;
    const double error = cell.ns_per_op.error;
    ChartPoint point;
    point.x = x;
    point.precise = cell.precise;
    point.samples = cell.samples;
    if (view == ChartView::nsop) {
        point.y = mean;
        point.low = mean - error;
        point.high = mean + error;
    } else {
        point.y = cell.gb_per_s;
        point.low = cell.gb_per_s * mean / (mean + error);
        point.high = mean - error > 0 ? cell.gb_per_s * mean / (mean - error) : std::numeric_limits<double>::infinity();
    }
    return point;
}

QString participantLabel(const Participant& p) {
    return QString::fromStdString(p.algorithm) + dot() + QString::fromStdString(p.implementation);
}

}  // namespace

bool isHarness(const CellResult& cell) { return cell.algorithm == "null"; }

Result<ChartData> selectChartData(const BenchReport& report, const ChartOptions& options) {
    ChartData data;
    data.view = options.view;
    collectParticipantsAndModes(report, data);

    std::vector<const CellResult*> cells;
    for (const auto& cell : report.results) {
        if (isHarness(cell)) continue;
        // md5-vs-md5sum measures the command's startup as a 0-byte cell: no size, no GB/s.
        if (cell.size == 0 || !(cell.ns_per_op.mean > 0)) {
            addUnique(data.undrawable, participantLabel(Participant{cell.algorithm, cell.implementation}));
            continue;
        }
        cells.push_back(&cell);
    }
    if (cells.empty()) return Error{"the report has no results to draw"};

    const auto placement = pickPlacement(cells, options, data.severalPlacements);
    if (!placement) {
        return Error{"the report has no " + std::string(bench::placement_name(*options.placement)) + "-cache results"};
    }
    data.placement = *placement;
    std::erase_if(cells, [&](const CellResult* c) { return c->placement != data.placement; });

    std::vector<unsigned> threadCounts;
    for (const auto* cell : cells) addUnique(threadCounts, cell->threads);
    std::sort(threadCounts.begin(), threadCounts.end());

    const bool threadsView = options.view == ChartView::threads;
    if (threadsView && threadCounts.size() < 2) {
        const unsigned only = threadCounts.front();
        return Error{"the threads view needs results at several thread counts; this report has " +
                     std::to_string(only) +
                     "-thread results only (run hashscope-cli bench with --threads 1,2,4 "
                     "or --preset ozone-threads)"};
    }
    if (!threadsView) {
        // Size views draw one thread count: 1 when measured (latency as most people meet it).
        const unsigned drawn = threadCounts.front();
        std::erase_if(cells, [&](const CellResult* c) { return c->threads != drawn; });
        data.hiddenThreadCounts.assign(threadCounts.begin() + 1, threadCounts.end());
        threadCounts = {drawn};
    }
    data.threadCounts = threadCounts;
    for (const auto* cell : cells) addUnique(data.sizes, cell->size);
    std::sort(data.sizes.begin(), data.sizes.end());

    // One curve per participant × mode (× size in the threads view), in the report's order.
    using Key = std::tuple<int, int, int>;  // participant, size (threads view) or -1, mode
    std::map<Key, ChartSeries> curves;
    for (const auto* cell : cells) {
        const int participant = indexOf(data.participants, Participant{cell->algorithm, cell->implementation});
        const int mode = indexOf(data.modes, cell->mode);
        const int size = threadsView ? indexOf(data.sizes, cell->size) : -1;
        auto& series = curves[Key{participant, size, mode}];
        series.participant = participant;
        series.mode = mode;
        series.size = size;
        const double x = threadsView ? static_cast<double>(cell->threads) : static_cast<double>(cell->size);
        // A cell measured twice keeps its first result: one point per x.
        const bool seen =
            std::any_of(series.points.begin(), series.points.end(), [&](const ChartPoint& p) { return p.x == x; });
        if (seen) continue;
        series.points.push_back(pointOf(*cell, x, options.view));
        ++data.cells;
        if (!cell->precise) ++data.imprecise;
    }

    std::vector<int> modesDrawn;
    for (const auto& [key, series] : curves) addUnique(modesDrawn, series.mode);
    const bool labelModes = modesDrawn.size() > 1;
    for (auto& [key, series] : curves) {
        std::sort(series.points.begin(), series.points.end(),
                  [](const ChartPoint& a, const ChartPoint& b) { return a.x < b.x; });
        series.label = participantLabel(data.participants[static_cast<std::size_t>(series.participant)]);
        if (threadsView) {
            series.label += dot() + QString::fromStdString(
                                        bench::format_size_compact(data.sizes[static_cast<std::size_t>(series.size)]));
        }
        if (labelModes) {
            series.label +=
                dot() + QString::fromStdString(bench::mode_label(data.modes[static_cast<std::size_t>(series.mode)]));
        }
        data.series.push_back(std::move(series));
    }
    return data;
}

}  // namespace hashscope::ui
