// Kept runs as one self-contained HTML page: each run's environment, its results table and a
// throughput chart drawn as inline SVG, and with several runs the comparison `results compare`
// prints. No script, no network, no external style or font, so the file can be mailed, archived
// or printed as it is. `results export --html` and the Results page write it alike.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "hashscope/bench/report.hpp"
#include "hashscope/bench/results_library.hpp"  // ReportRun

namespace hashscope::bench {

// Text made safe for HTML content and quoted attribute values: & < > " ' escaped.
std::string html_escape(std::string_view text);

// GB/s against buffer size as an <svg> element: log-scale x axis, one series per
// algorithm · implementation (and mode, thread count, placement where the run varies them), a
// legend. The harness and size-0 cells are left out. "" when the run has nothing to draw.
std::string throughput_svg(const BenchReport& report, std::string_view title);

// The whole page. With two or more runs it opens with their comparison against the first.
std::string to_html(const std::vector<ReportRun>& runs);

}  // namespace hashscope::bench
