// `hashscope render RESULTS.json -o CHART.png|.svg|.pdf`: draws a benchmark result file as the
// Benchmark page would, without a window (hashscope-cli bench --chart calls it). Needs no display:
// with neither X11 nor Wayland around it renders on Qt's offscreen platform.
#pragma once

namespace hashscope::ui {

// argv[1] is "render". Exit status: 0 written, 1 drawing or writing failed, 2 unusable arguments
// or input (missing or malformed file, unknown view or format, a view the results cannot fill, a bar
// size not measured).
int runRenderCommand(int argc, char** argv);

}  // namespace hashscope::ui
