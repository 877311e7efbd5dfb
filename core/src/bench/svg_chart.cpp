// The throughput chart of the HTML report, drawn as SVG text. Everything is placed here, in
// pixels of a fixed view box, so the page needs nothing but a browser's SVG renderer to show it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>

#include "hashscope/bench/html_report.hpp"
#include "hashscope/bench/sizes.hpp"
#include "number_text.hpp"

namespace hashscope::bench {
namespace {

// Okabe–Ito's colour-blind-safe palette, yellow last and darkened, as the Benchmark page's charts.
constexpr const char* palette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                   "#56B4E9", "#E69F00", "#000000", "#B8A000"};
constexpr std::size_t palette_size = sizeof palette / sizeof palette[0];
// Dash patterns cycled once the colours are used up, so series stay apart in greyscale too.
constexpr const char* dashes[] = {"", "6 3", "2 3", "8 3 2 3"};
constexpr std::size_t dash_count = sizeof dashes / sizeof dashes[0];

constexpr double width = 760, plot_left = 70, plot_right = 740, plot_top = 40, plot_bottom = 300;
constexpr double legend_top = 350, legend_row = 18, legend_column = 335;

struct Series {
    std::string label;
    std::vector<std::pair<double, double>> points;  // size, GB/s
};

std::string px(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", v);
    return buffer;
}

// Ticks are multiples of a round step: "0", "0.5", "20", "1500".
std::string tick(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return buffer;
}

// 1, 2 or 5 times a power of ten, at least `raw`.
double nice_step(double raw) {
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * power >= raw) return m * power;
    }
    return 10 * power;
}

bool drawable(const CellResult& c) {
    return c.algorithm != "null" && c.size > 0 && std::isfinite(c.gb_per_s) && c.gb_per_s > 0;
}

std::vector<Series> series_of(const BenchReport& report) {
    std::set<std::string> modes;
    std::set<unsigned> threads;
    std::set<Placement> placements;
    for (const auto& c : report.results) {
        if (!drawable(c)) continue;
        modes.insert(mode_label(c.mode));
        threads.insert(c.threads);
        placements.insert(c.placement);
    }
    std::vector<Series> out;
    for (const auto& c : report.results) {
        if (!drawable(c)) continue;
        std::string label = c.algorithm + " · " + c.implementation;
        if (modes.size() > 1) label += " · " + mode_label(c.mode);
        if (threads.size() > 1) label += " · " + std::to_string(c.threads) + (c.threads == 1 ? " thread" : " threads");
        if (placements.size() > 1) label += " · " + std::string(placement_name(c.placement));
        auto it = std::find_if(out.begin(), out.end(), [&](const Series& s) { return s.label == label; });
        if (it == out.end()) it = out.insert(out.end(), Series{label, {}});
        it->points.emplace_back(static_cast<double>(c.size), c.gb_per_s);
    }
    for (auto& s : out) std::sort(s.points.begin(), s.points.end());
    return out;
}

}  // namespace

std::string throughput_svg(const BenchReport& report, std::string_view title) {
    const auto series = series_of(report);
    if (series.empty()) return "";
    double x_min = INFINITY, x_max = 0, y_max = 0;
    for (const auto& s : series) {
        for (const auto& [x, y] : s.points) {
            x_min = std::min(x_min, std::log2(x));
            x_max = std::max(x_max, std::log2(x));
            y_max = std::max(y_max, y);
        }
    }
    // Half an octave of room either side, and room for a single size.
    x_min = std::floor(x_min - 0.5);
    x_max = std::ceil(x_max + 0.5);
    const double y_step = nice_step(y_max / 5);
    const double y_top = std::ceil(y_max * 1.05 / y_step) * y_step;
    const auto to_x = [&](double size) {
        return plot_left + (std::log2(size) - x_min) / (x_max - x_min) * (plot_right - plot_left);
    };
    const auto to_y = [&](double gbps) { return plot_bottom - gbps / y_top * (plot_bottom - plot_top); };
    const std::size_t legend_rows = (series.size() + 1) / 2;
    const double height = legend_top + static_cast<double>(legend_rows) * legend_row + 10;

    std::ostringstream svg;
    svg << "<svg class=\"chart\" viewBox=\"0 0 " << px(width) << ' ' << px(height) << "\" width=\"" << px(width)
        << "\" height=\"" << px(height) << "\" role=\"img\" aria-label=\"" << html_escape(title)
        << "\" font-family=\"sans-serif\" font-size=\"11\">\n";
    svg << "<title>" << html_escape(title) << "</title>\n";
    svg << "<text x=\"" << px(width / 2) << "\" y=\"20\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\">"
        << html_escape(title) << "</text>\n";
    // Grid and ticks: y every step, x at powers of two, fewer when the range is wide.
    const auto y_ticks = static_cast<int>(std::lround(y_top / y_step));
    for (int t = 0; t <= y_ticks; ++t) {
        const double y = t * y_step;
        svg << "<line x1=\"" << px(plot_left) << "\" x2=\"" << px(plot_right) << "\" y1=\"" << px(to_y(y)) << "\" y2=\""
            << px(to_y(y)) << "\" stroke=\"#ddd\"/>"
            << "<text x=\"" << px(plot_left - 6) << "\" y=\"" << px(to_y(y) + 4) << "\" text-anchor=\"end\">" << tick(y)
            << "</text>\n";
    }
    const int octaves = static_cast<int>(x_max - x_min);
    const int x_step = std::max(1, (octaves + 9) / 10);
    for (int k = static_cast<int>(x_min); k <= static_cast<int>(x_max); ++k) {
        if (k < 0 || k > 62 || k % x_step != 0) continue;
        const double x = to_x(std::ldexp(1.0, k));
        svg << "<line x1=\"" << px(x) << "\" x2=\"" << px(x) << "\" y1=\"" << px(plot_top) << "\" y2=\""
            << px(plot_bottom) << "\" stroke=\"#eee\"/>"
            << "<text x=\"" << px(x) << "\" y=\"" << px(plot_bottom + 16) << "\" text-anchor=\"middle\">"
            << html_escape(format_size_compact(std::size_t{1} << k)) << "</text>\n";
    }
    svg << "<rect x=\"" << px(plot_left) << "\" y=\"" << px(plot_top) << "\" width=\"" << px(plot_right - plot_left)
        << "\" height=\"" << px(plot_bottom - plot_top) << "\" fill=\"none\" stroke=\"#202020\"/>\n";
    svg << "<text x=\"" << px((plot_left + plot_right) / 2) << "\" y=\"" << px(plot_bottom + 36)
        << "\" text-anchor=\"middle\">buffer size (log scale)</text>\n";
    svg << "<text transform=\"translate(18 " << px((plot_top + plot_bottom) / 2)
        << ") rotate(-90)\" text-anchor=\"middle\">GB/s</text>\n";

    for (std::size_t i = 0; i < series.size(); ++i) {
        const auto& s = series[i];
        const std::string colour = palette[i % palette_size];
        const std::string dash = dashes[(i / palette_size) % dash_count];
        const std::string dash_attribute = dash.empty() ? "" : " stroke-dasharray=\"" + dash + "\"";
        svg << "<g class=\"series\"><title>" << html_escape(s.label) << "</title>";
        if (s.points.size() > 1) {
            svg << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\"" << dash_attribute
                << " points=\"";
            for (const auto& [x, y] : s.points) svg << px(to_x(x)) << ',' << px(to_y(y)) << ' ';
            svg << "\"/>";
        }
        for (const auto& [x, y] : s.points) {
            svg << "<circle cx=\"" << px(to_x(x)) << "\" cy=\"" << px(to_y(y)) << "\" r=\"3.5\" fill=\"" << colour
                << "\"><title>"
                << html_escape(s.label + ", " + format_size_compact(static_cast<std::size_t>(x)) + ": " +
                               report_number(y) + " GB/s")
                << "</title></circle>";
        }
        svg << "</g>\n";
        const double lx = plot_left + static_cast<double>(i % 2) * legend_column;
        const std::size_t row = i / 2;
        const double ly = legend_top + static_cast<double>(row) * legend_row;
        svg << "<line x1=\"" << px(lx) << "\" x2=\"" << px(lx + 22) << "\" y1=\"" << px(ly - 4) << "\" y2=\""
            << px(ly - 4) << "\" stroke=\"" << colour << "\" stroke-width=\"2\"" << dash_attribute << "/>"
            << "<circle cx=\"" << px(lx + 11) << "\" cy=\"" << px(ly - 4) << "\" r=\"3.5\" fill=\"" << colour << "\"/>"
            << "<text x=\"" << px(lx + 28) << "\" y=\"" << px(ly) << "\">" << html_escape(s.label) << "</text>\n";
    }
    svg << "</svg>\n";
    return svg.str();
}

}  // namespace hashscope::bench
