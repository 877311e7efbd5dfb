// `hashscope-cli bench`: run a sweep or a preset, print the table, write what was asked.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string_view>
#include <thread>

#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/atomic_file.hpp"
#include "hashscope/bench/presets.hpp"
#include "hashscope/bench/results_library.hpp"
#include "hashscope/bench/runner.hpp"
#include "hashscope/bench/sizes.hpp"
#include "interrupt.hpp"

namespace hashscope::cli {
namespace {

using namespace hashscope::bench;

Result<double> parse_number(const std::string& text, const std::string& what) {
    std::string_view digits = text;
    if (digits.ends_with('%')) digits.remove_suffix(1);
    double v = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (error == std::errc{} && end == digits.data() + digits.size() && std::isfinite(v) && v > 0) return v;
    return Error{what + " wants a positive number, not '" + text + "'"};
}

// Builds the spec: the preset (quick by default), then every flag given overrides its part.
Result<BenchSpec> read_spec(const Arguments& args) {
    const auto& registry = Registry::host();
    const bool custom = args.has("algo") || args.has("impl");
    auto spec = preset_spec(args.value("preset").value_or("quick"), registry, host_cpu());
    if (!spec) return spec.error();
    if (custom) {
        spec->preset = args.has("preset") ? spec->preset + "+custom" : "custom";
        std::vector<std::string> algos;
        if (auto a = args.value("algo")) {
            algos = split_list(*a);
        } else {
            for (const auto& p : spec->participants) algos.push_back(p.algorithm);
        }
        std::vector<std::string> skipped;
        auto participants =
            select_participants(algos, split_list(args.value("impl").value_or("best")), registry, &skipped);
        if (!participants) return participants.error();
        for (const auto& s : skipped) complain("skipping " + s);
        spec->participants = std::move(*participants);
    }
    if (auto sizes = args.value("sizes")) {
        auto parsed = parse_sizes(*sizes);
        if (!parsed) return parsed.error();
        spec->sizes = std::move(*parsed);
    }
    if (auto modes = args.value("mode")) {
        auto parsed = parse_modes(*modes);
        if (!parsed) return Error{"--mode: " + parsed.error().message};
        spec->modes = std::move(*parsed);
    }
    if (auto threads = args.value("threads")) {
        auto parsed = parse_thread_counts(*threads);
        if (!parsed) return Error{"--threads: " + parsed.error().message};
        spec->threads = std::move(*parsed);
    }
    if (auto placement = args.value("placement")) {
        spec->placements.clear();
        for (const auto& p : split_list(*placement)) {
            if (p != "hot" && p != "cold") return Error{"--placement is hot, cold or hot,cold, not '" + p + "'"};
            spec->placements.push_back(p == "hot" ? Placement::hot : Placement::cold);
        }
    }
    if (args.has("read-floor")) spec->measure_read_floor = true;
    if (auto precision = args.value("precision")) {
        auto v = parse_number(*precision, "--precision (percent)");
        if (!v) return v.error();
        spec->precision = *v / 100;
    }
    if (auto max_time = args.value("max-time")) {
        auto v = parse_number(*max_time, "--max-time (seconds per cell)");
        if (!v) return v.error();
        spec->max_time_s = *v;
    }
    return spec;
}

void show_progress(const BenchProgress& p) {
    std::fprintf(stderr, "\r\033[K[%zu/%zu] %.0f s  %s", p.cells_done, p.cells_total, p.elapsed_s, p.current.c_str());
    std::fflush(stderr);
}

// The chart is drawn by the GUI program (Qt renders offscreen without a display); the CLI itself
// links no Qt, so it asks `hashscope render` installed beside it.
bool render_chart(const std::filesystem::path& json, const std::string& chart) {
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    const auto gui = self.parent_path() / "hashscope";
    if (ec || !std::filesystem::exists(gui)) {
        complain("cannot draw " + chart + ": the GUI program 'hashscope' is not installed beside hashscope-cli");
        return false;
    }
    // Spawned directly, with no shell between: any file name is passed as it is.
    std::string program = gui.string();
    std::string input = json.string();
    std::string verb = "render";
    std::string output_flag = "-o";
    std::string output = chart;
    std::array<char*, 6> argv{program.data(), verb.data(), input.data(), output_flag.data(), output.data(), nullptr};
    pid_t pid = 0;
    if (const int error = posix_spawn(&pid, program.c_str(), nullptr, nullptr, argv.data(), environ); error != 0) {
        complain("cannot draw " + chart + ": " + std::strerror(error));
        return false;
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) == -1) {
        if (errno != EINTR) return false;
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool write_outputs(const Arguments& args, const BenchReport& report) {
    bool ok = true;
    auto write = [&](const char* flag, const std::string& content) {
        if (auto path = args.value(flag)) {
            if (auto written = write_file_atomically(*path, content); !written) {
                complain(written.error().message);
                ok = false;
            } else {
                std::cerr << "wrote " << *path << '\n';
            }
        }
    };
    write("json", to_json(report));
    write("csv", to_csv(report));
    write("markdown", to_markdown(report));
    if (auto chart = args.value("chart")) {
        // The renderer reads JSON: use the file written above, or a temporary one.
        std::filesystem::path json = args.value("json").value_or("");
        std::filesystem::path temp;
        if (json.empty()) {
            temp = std::filesystem::temp_directory_path() / ("hashscope-chart-" + std::to_string(::getpid()) + ".json");
            if (!write_file_atomically(temp, to_json(report))) return false;
            json = temp;
        }
        if (render_chart(json, *chart)) {
            std::cerr << "wrote " << *chart << '\n';
        } else {
            ok = false;
        }
        if (!temp.empty()) std::filesystem::remove(temp);
    }
    return ok;
}

// Every run is kept in the results library (a cancelled one too: its file says "cancelled").
// Failing to keep it is worth a message, not a different exit status: the run itself succeeded.
void keep_in_library(const Arguments& args, const BenchReport& report) {
    const std::filesystem::path dir = args.value("library").value_or(default_results_dir().string());
    auto id = save_run(dir, report);
    if (!id) {
        complain("the run was not kept in the results library: " + id.error().message);
    } else if (!args.has("quiet")) {
        std::cerr << "kept as " << *id << " in " << dir.string() << '\n';
    }
}

}  // namespace

int run_bench(int argc, char** argv, int first) {
    const Arguments args(argc, argv, first,
                         {{"preset", 0, true},
                          {"algo", 'a', true},
                          {"impl", 0, true},
                          {"sizes", 0, true},
                          {"mode", 0, true},
                          {"threads", 0, true},
                          {"placement", 0, true},
                          {"precision", 0, true},
                          {"max-time", 0, true},
                          {"json", 0, true},
                          {"csv", 0, true},
                          {"markdown", 0, true},
                          {"chart", 0, true},
                          {"baseline", 0, true},
                          {"quiet", 'q', false},
                          {"read-floor", 0, false},
                          {"no-save", 0, false},
                          {"library", 0, true}});
    if (!args.ok() || !args.operands().empty()) {
        complain(args.ok() ? "bench takes no operands (see --help)" : args.error());
        return exit_usage;
    }
    auto spec = read_spec(args);
    if (!spec) {
        complain(spec.error().message);
        return exit_usage;
    }
    std::optional<BenchReport> baseline;
    if (auto path = args.value("baseline")) {
        auto loaded = load_run_file(*path);  // read as the results library reads a run
        if (!loaded) {
            complain(loaded.error().message);
            return exit_usage;
        }
        baseline = std::move(*loaded);
    }

    const bool live = !args.has("quiet") && ::isatty(STDERR_FILENO);
    if (!args.has("quiet")) {
        std::fprintf(stderr, "%s: %zu cells, about %.0f s (at most %.0f s); Ctrl-C stops and keeps what was measured\n",
                     spec->preset.c_str(), count_cells(*spec), estimated_seconds(*spec),
                     static_cast<double>(count_cells(*spec)) * spec->max_time_s);
    }
    std::stop_source stop;
    InterruptToStop interrupt(stop);
    auto report = run_benchmark(
        *spec, Registry::host(), host_cpu(),
        [&](const BenchProgress& p, const CellResult*) {
            if (live) show_progress(p);
        },
        stop.get_token());
    if (live) std::fprintf(stderr, "\r\033[K");
    if (baseline) compare_with_baseline(report, *baseline);

    std::cout << to_table(report);
    std::cout << "\n"
              << bench::machine_label(report.environment) << ", " << report.environment.build_type << " build, "
              << report.results.size() << " cells in " << std::lround(report.elapsed_s) << " s\n";
    for (const auto& w : report.environment.warnings) std::cerr << "warning: " << w << '\n';
    const bool written = write_outputs(args, report);
    if (!args.has("no-save")) keep_in_library(args, report);
    if (report.cancelled) return exit_failed;
    return written ? exit_ok : exit_failed;
}

}  // namespace hashscope::cli
