// `hashscope-cli calibrate`: time every implementation per size band on this machine, keep the
// winners for dispatch, and say what changed from the built-in table.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <stop_token>

#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/bench/sizes.hpp"
#include "hashscope/calibration.hpp"
#include "hashscope/cpu.hpp"
#include "interrupt.hpp"

namespace hashscope::cli {
namespace {

std::string ns_text(double ns) {
    char text[32];
    if (ns < 100) {
        std::snprintf(text, sizeof text, "%.2f ns", ns);
    } else if (ns < 100000) {
        std::snprintf(text, sizeof text, "%.0f ns", ns);
    } else {
        std::snprintf(text, sizeof text, "%.0f us", ns / 1000);
    }
    return text;
}

// Pads by characters, not bytes: band labels hold "–" and "≥". A text as wide as its column or
// wider still gets one space, so that "vpclmul-avx2" never runs into the figure after it.
std::string padded(const std::string& text, std::size_t width) {
    std::size_t characters = 0;
    for (const char c : text) characters += (static_cast<unsigned char>(c) & 0xC0U) != 0x80U ? 1 : 0;
    return text + std::string(width > characters ? width - characters : 1, ' ');
}

void print_changes(const Calibration& calibration) {
    std::cout << "Calibrated on " << calibration.cpu_name << " (" << calibration.measured_on
              << "): " << calibration.changed() << " of " << calibration.choices.size()
              << " choices (algorithm × size band) differ from the built-in table.\n";
    for (const auto& c : calibration.choices) {
        if (c.chosen == c.table_choice) continue;
        if (c.chosen_ns <= 0) {  // above --up-to: the choice in force, with no figure of this run
            std::cout << "  " << padded(c.algorithm, 11) << padded(band_label(c.band), 16) << padded(c.chosen, 13)
                      << "not timed: the choice in force\n";
            continue;
        }
        char ratio[16];
        std::snprintf(ratio, sizeof ratio, "%.2fx", c.table_ns / c.chosen_ns);
        std::cout << "  " << padded(c.algorithm, 11) << padded(band_label(c.band), 16) << padded(c.chosen, 13)
                  << padded(ns_text(c.chosen_ns), 10) << " instead of " << padded(c.table_choice, 13)
                  << padded(ns_text(c.table_ns), 10) << " (" << ratio << ")\n";
    }
    std::cout << "Cached files: " << file_reading_text(calibration) << ".\n";
    for (const auto& r : calibration.file_reading) {
        char figures[128];
        std::snprintf(figures, sizeof figures,
                      "mapped %.1f ms, copied %.1f ms; one thread: mapped %.1f ms, copied %.1f ms", r.mapped_ms,
                      r.copied_ms, r.mapped_one_thread_ms, r.copied_one_thread_ms);
        std::cout << "  " << padded(r.algorithm, 11) << padded(r.mapped ? "mapped" : "copied", 8) << figures
                  << (r.one_thread ? "; alone on one thread" : "") << '\n';
    }
}

}  // namespace

int run_calibrate(int argc, char** argv, int first) {
    const Arguments args(argc, argv, first, {{"json", 0, false}, {"quiet", 'q', false}, {"up-to", 0, true}});
    if (!args.ok() || !args.operands().empty()) {
        complain(args.ok() ? "calibrate takes no operands" : args.error());
        return exit_usage;
    }
    CalibrationOptions options;
    // --up-to: a quick calibration (a slow or emulated machine, a test) times only the bands whose
    // probe is at most this size; the larger bands keep the choice in force.
    if (const auto up_to = args.value("up-to")) {
        const auto size = bench::parse_size(*up_to);
        if (!size || *size == 0) {
            complain("--up-to wants a size such as 64KiB" + (size ? std::string() : ": " + size.error().message));
            return exit_usage;
        }
        options.largest_probe = *size;
    } else {
        // A whole calibration also times how cached files are read best, with a probe file
        // written beside the calibration and removed at once.
        options.file_probe_folder = calibration_path(host_cpu()).parent_path();
    }
    const bool show_progress = !args.has("quiet") && ::isatty(STDERR_FILENO) != 0;
    std::stop_source stop;
    const InterruptToStop interrupt(stop);
    const auto started = std::chrono::steady_clock::now();
    // The calibration in force is the incumbent: only a clearly faster challenger replaces it.
    const auto in_force = load_calibration(calibration_path(host_cpu()), cpu_fingerprint(host_cpu()),
                                           build_fingerprint(), Registry::host());
    if (in_force.calibration) options.previous = &*in_force.calibration;
    auto calibration = calibrate(
        Registry::host(), host_cpu(), options,
        [&](const CalibrationProgress& p) {
            if (!show_progress) return;
            std::fprintf(stderr, "\r\033[K[%zu/%zu] %.*s", p.done, p.total, static_cast<int>(p.algorithm.size()),
                         p.algorithm.data());
            std::fflush(stderr);
        },
        stop.get_token());
    if (show_progress) std::fprintf(stderr, "\r\033[K");
    if (!calibration) {
        complain(calibration.error().message);
        return exit_failed;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (args.has("json")) {
        std::cout << calibration_to_json(*calibration);
    } else {
        print_changes(*calibration);
        char took[32];
        std::snprintf(took, sizeof took, "%.1f", seconds);
        std::cout << "Took " << took << " s.\n";
    }
    const auto path = calibration_path(host_cpu());
    if (auto saved = save_calibration(*calibration, path); !saved) {
        complain("could not save the calibration: " + saved.error().message);
        return exit_failed;
    }
    if (!args.has("json")) std::cout << "Saved to " << path.string() << "; dispatch follows it from now on.\n";
    return exit_ok;
}

}  // namespace hashscope::cli
