#include "render_command.hpp"

#include <qcustomplot.h>
#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "hashscope/bench/report.hpp"
#include "hashscope/bench/sizes.hpp"
#include "plot/bar_chart.hpp"
#include "plot/chart_builder.hpp"
#include "plot/chart_export.hpp"

namespace hashscope::ui {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

constexpr const char* kUsage =
    "Usage: hashscope render RESULTS.json -o CHART.png|.svg|.pdf [OPTIONS]\n"
    "Draw a benchmark result file (hashscope-cli bench --json) as the Benchmark page shows it.\n"
    "\n"
    "  -o, --output FILE      the chart to write; the format follows the extension\n"
    "      --view VIEW        nsop (ns/op vs size, default), gbps (GB/s vs size),\n"
    "                         threads (aggregate GB/s vs threads), bars (GB/s at one size)\n"
    "      --size SIZE        the buffer size the bars view shows, e.g. 64 or 4KiB\n"
    "                         (default 4KiB when measured, else the largest)\n"
    "      --width W          width in pixels (default 1200)\n"
    "      --height H         height in pixels (default 750)\n"
    "      --scale S          PNG pixels per layout pixel, e.g. 2 for HiDPI (default 1)\n"
    "      --placement P      hot or cold: which cache placement to draw (default hot)\n"
    "  -h, --help             show this help and exit\n";

struct RenderArguments {
    QString input, output;
    ChartOptions chart;
    std::optional<std::size_t> barSize;  // --size, for the bars view
    ExportSize size;
};

void complain(const QString& message) {
    std::fprintf(stderr, "hashscope render: %s\n", message.toLocal8Bit().constData());
}

// The whole text as a number, or nothing.
template <typename Number>
std::optional<Number> parseNumber(std::string_view text) {
    Number value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc{} && end == text.data() + text.size()) return value;
    return std::nullopt;
}

// "nsop, gbps, threads or bars"
QString viewNames() {
    QStringList names;
    for (const ChartView view : kChartViews) names << chartViewName(view);
    const QString last = names.takeLast();
    return names.join(QStringLiteral(", ")) + QStringLiteral(" or ") + last;
}

// Fills `args`; on a mistake returns the message to show. Takes "--opt value" and "--opt=value".
std::optional<QString> parseArguments(int argc, char** argv, RenderArguments& args, bool& help) {
    constexpr int kMaxPixels = 20000;  // beyond this the image alone needs gigabytes
    for (int i = 2; i < argc; ++i) {
        std::string_view arg = argv[i];
        if (arg == "-h" || arg == "--help") {
            help = true;
            return std::nullopt;
        }
        if (arg.size() < 2 || arg[0] != '-') {
            if (!args.input.isEmpty()) {
                return QStringLiteral("one results file at a time (got %1 and %2)")
                    .arg(args.input, QString::fromLocal8Bit(argv[i]));
            }
            args.input = QString::fromLocal8Bit(argv[i]);
            continue;
        }
        std::string_view name = arg;
        std::optional<std::string_view> inlineValue;
        if (const auto eq = arg.find('='); arg.starts_with("--") && eq != std::string_view::npos) {
            name = arg.substr(0, eq);
            inlineValue = arg.substr(eq + 1);
        }
        auto value = [&]() -> std::optional<std::string_view> {
            if (inlineValue) return inlineValue;
            if (i + 1 < argc) return std::string_view(argv[++i]);
            return std::nullopt;
        };
        const QString shown = QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
        if (name == "-o" || name == "--output") {
            const auto v = value();
            if (!v || v->empty()) return QStringLiteral("%1 needs a file name").arg(shown);
            args.output = QString::fromLocal8Bit(v->data(), static_cast<qsizetype>(v->size()));
        } else if (name == "--view") {
            const auto v = value();
            const auto view =
                v ? parseChartView(QString::fromUtf8(v->data(), static_cast<qsizetype>(v->size()))) : std::nullopt;
            if (!view) return QStringLiteral("--view takes %1").arg(viewNames());
            args.chart.view = *view;
        } else if (name == "--size") {
            const auto v = value();
            const auto bytes = v ? bench::parse_size(*v) : Result<std::size_t>(Error{"no size"});
            if (!bytes || *bytes == 0) return QStringLiteral("--size takes a buffer size, such as 64 or 4KiB");
            args.barSize = *bytes;
        } else if (name == "--width" || name == "--height") {
            const auto v = value();
            const auto pixels = v ? parseNumber<int>(*v) : std::nullopt;
            if (!pixels || *pixels < 200 || *pixels > kMaxPixels) {
                return QStringLiteral("%1 takes a number of pixels from 200 to %2").arg(shown).arg(kMaxPixels);
            }
            (name == "--width" ? args.size.width : args.size.height) = *pixels;
        } else if (name == "--scale") {
            const auto v = value();
            const auto scale = v ? parseNumber<double>(*v) : std::nullopt;
            if (!scale || !(*scale >= 0.25 && *scale <= 8))
                return QStringLiteral("--scale takes a number from 0.25 to 8");
            args.size.scale = *scale;
        } else if (name == "--placement") {
            const auto v = value();
            if (v == "hot") {
                args.chart.placement = bench::Placement::hot;
            } else if (v == "cold") {
                args.chart.placement = bench::Placement::cold;
            } else {
                return QStringLiteral("--placement takes hot or cold");
            }
        } else {
            return QStringLiteral("unknown option %1").arg(QString::fromLocal8Bit(argv[i]));
        }
    }
    if (args.input.isEmpty()) return QStringLiteral("which results file? (hashscope render RESULTS.json -o CHART.png)");
    if (args.output.isEmpty()) return QStringLiteral("where to? -o CHART.png, .svg or .pdf is needed");
    if (args.barSize && args.chart.view != ChartView::bars) return QStringLiteral("--size goes with --view bars");
    if (!chartFormatFor(args.output)) {
        return QStringLiteral("cannot tell the format of %1: use a .png, .svg or .pdf file name").arg(args.output);
    }
    const double pixels = args.size.width * args.size.scale * args.size.height * args.size.scale;
    if (pixels > double(kMaxPixels) * kMaxPixels) return QStringLiteral("the image would be too large; lower --scale");
    return std::nullopt;
}

// The size the bars show: the one asked for, if this placement measured it, else the default.
Result<std::size_t> barSizeFor(const ChartData& data, std::optional<std::size_t> asked) {
    if (!asked) return defaultBarSize(data.sizes);
    if (std::find(data.sizes.begin(), data.sizes.end(), *asked) != data.sizes.end()) return *asked;
    std::string measured;
    for (const std::size_t size : data.sizes) measured += (measured.empty() ? "" : ", ") + bench::format_size(size);
    return Error{"nothing was measured at " + bench::format_size(*asked) + " (measured: " + measured + ")"};
}

std::optional<bench::BenchReport> loadReport(const QString& path) {
    QFile file(path);
    if (!QFileInfo::exists(path)) {
        complain(QStringLiteral("cannot read %1: no such file").arg(path));
        return std::nullopt;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        complain(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
        return std::nullopt;
    }
    const QByteArray text = file.readAll();
    auto report = bench::report_from_json(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    if (!report) {
        complain(QStringLiteral("%1: %2").arg(path, QString::fromStdString(report.error().message)));
        return std::nullopt;
    }
    return std::move(report).value();
}

// Nothing is shown, so the offscreen platform always does, and it draws the same chart whatever
// the session: a real display's DPI and fonts would change the layout, and a stale DISPLAY (ssh)
// would abort. A platform the user chose explicitly is respected.
void chooseOffscreenPlatform() {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
}

}  // namespace

int runRenderCommand(int argc, char** argv) {
    RenderArguments args;
    bool help = false;
    if (const auto mistake = parseArguments(argc, argv, args, help)) {
        complain(*mistake + QStringLiteral(" (try hashscope render --help)"));
        return kExitUsage;
    }
    if (help) {
        std::fputs(kUsage, stdout);
        return kExitOk;
    }

    // Everything that can be wrong with the input is found before a GUI starts.
    const auto report = loadReport(args.input);
    if (!report) return kExitUsage;
    auto data = selectChartData(*report, args.chart);
    const bool bars = args.chart.view == ChartView::bars;
    const auto barSize = data && bars ? barSizeFor(*data, args.barSize) : Result<std::size_t>(std::size_t{0});
    if (!data || !barSize) {
        const std::string& why = !data ? data.error().message : barSize.error().message;
        complain(QStringLiteral("%1: %2").arg(args.input, QString::fromStdString(why)));
        return kExitUsage;
    }

    chooseOffscreenPlatform();
    // QCustomPlot is a widget, so it needs QApplication; Qt sees none of our arguments.
    int qtArgc = 1;
    char* qtArgv[] = {argv[0], nullptr};
    QApplication app(qtArgc, qtArgv);
    QApplication::setApplicationName(QStringLiteral("HashScope"));

    QCustomPlot plot;
    plot.resize(args.size.width, args.size.height);
    if (bars) {
        // The same selection as the check above: it cannot fail here.
        if (auto built = buildBarChart(plot, *report, *barSize, nullptr, data->placement); !built) {
            complain(QString::fromStdString(built.error().message));
            return kExitUsage;
        }
    } else {
        buildChart(plot, *report, *data);
    }
    if (const QString error = exportChart(plot, args.output, args.size); !error.isEmpty()) {
        complain(error);
        return kExitFailed;
    }
    return kExitOk;
}

}  // namespace hashscope::ui
