// The HTML report of kept runs. Every string from a run file (CPU names, notes, labels) goes
// through html_escape: the files come from other machines and hand edits.
#include "hashscope/bench/html_report.hpp"

#include <sstream>

#include "hashscope/bench/results_compare.hpp"
#include "hashscope/bench/sizes.hpp"
#include "number_text.hpp"

namespace hashscope::bench {
namespace {

constexpr const char* style = R"(
body { font-family: sans-serif; color: #202020; margin: 2em auto; max-width: 64em; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { font-size: 1.3em; border-bottom: 1px solid #ccc; padding-bottom: .2em; }
h3 { font-size: 1.05em; }
table { border-collapse: collapse; margin: .5em 0 1em; font-size: .9em; }
th, td { border: 1px solid #ccc; padding: .2em .5em; text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.environment th { background: #f4f4f4; font-weight: normal; color: #555; }
thead th { background: #f4f4f4; }
.muted { color: #555; }
.warning { background: #fff4d6; border-left: 4px solid #d59b00; padding: .4em .8em; margin: .3em 0; }
.note { white-space: pre-wrap; }
td.slower { background: #fde2dd; } td.faster { background: #dcf3e4; }
svg.chart { width: 100%; max-width: 56em; height: auto; }
code { font-size: .95em; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  section.run { break-before: page; }
  table, figure, svg.chart, .warning { break-inside: avoid; }
  thead { display: table-header-group; }
  td.slower, td.faster, .warning, thead th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
)";

std::string escape(std::string_view s) { return html_escape(s); }
std::string or_unknown(const std::string& s) { return s.empty() ? "unknown" : s; }

std::string run_title(const ReportRun& run) { return run.name.empty() ? run.id : run.name + " (" + run.id + ")"; }

void environment_table(std::ostringstream& out, const ReportRun& run) {
    const auto& e = run.report.environment;
    std::string features;
    for (const auto& f : e.features) features += (features.empty() ? "" : " ") + f;
    const std::pair<const char*, std::string> rows[] = {
        {"CPU", or_unknown(e.cpu_model)},
        {"Microarchitecture", or_unknown(e.microarchitecture)},
        {"Cores / threads", std::to_string(e.cores) + " / " + std::to_string(e.threads)},
        {"Features", features.empty() ? "none recorded" : features},
        {"Hypervisor", e.hypervisor.empty() ? "none" : e.hypervisor},
        {"Governor", or_unknown(e.governor)},
        {"Operating system", or_unknown(e.os)},
        {"Compiler", or_unknown(e.compiler)},
        {"Build type", or_unknown(e.build_type)},
        {"HashScope", or_unknown(e.hashscope_version)},
        {"Revision", or_unknown(e.git_revision)},
        {"Date", or_unknown(e.date)},
        {"Preset", or_unknown(run.report.spec.preset)},
    };
    out << "<table class=\"environment\">\n";
    for (const auto& [key, value] : rows) out << "<tr><th>" << key << "</th><td>" << escape(value) << "</td></tr>\n";
    out << "</table>\n";
    for (const auto& w : e.warnings) out << "<p class=\"warning\">" << escape(w) << "</p>\n";
    if (run.report.cancelled)
        out << "<p class=\"warning\">This run was cancelled half-way: some cells are missing.</p>\n";
}

void results_table(std::ostringstream& out, const BenchReport& report) {
    out << "<table class=\"results\">\n<thead><tr><th>Algorithm</th><th>Implementation</th><th class=\"num\">Size</th>"
           "<th>Mode</th><th class=\"num\">Threads</th><th class=\"num\">ns/op</th><th class=\"num\">± 99.9%</th>"
           "<th class=\"num\">GB/s</th><th class=\"num\">Samples</th></tr></thead>\n<tbody>\n";
    for (const auto& c : report.results) {
        out << "<tr><td>" << escape(c.algorithm) << "</td><td>" << escape(c.implementation) << (c.best ? " *" : "")
            << "</td><td class=\"num\">" << escape(format_size_compact(c.size)) << "</td><td>"
            << escape(mode_label(c.mode)) << (c.placement == Placement::cold ? " cold" : "")
            << "</td><td class=\"num\">" << c.threads << "</td><td class=\"num\">" << report_number(c.ns_per_op.mean)
            << "</td><td class=\"num\">± " << report_number(c.ns_per_op.error) << "</td><td class=\"num\">"
            << report_number(c.gb_per_s) << "</td><td class=\"num\">" << c.samples << (c.precise ? "" : " ~")
            << "</td></tr>\n";
    }
    out << "</tbody>\n</table>\n<p class=\"muted\">* dispatch's choice; ~ did not reach ±"
        << report_number(report.spec.precision * 100)
        << "% in its time budget; ± is the half-width of the 99.9% confidence interval of ns/op.</p>\n";
}

void comparison_section(std::ostringstream& out, const std::vector<ReportRun>& runs) {
    std::vector<BenchReport> reports;
    reports.reserve(runs.size());
    for (const auto& r : runs) reports.push_back(r.report);
    const auto comparison = compare_runs(reports);
    out << "<section class=\"comparison\">\n<h2>Comparison against " << escape(run_title(runs.front())) << "</h2>\n";
    for (const auto& w : comparison.warnings) out << "<p class=\"warning\">Not comparable: " << escape(w) << "</p>\n";
    out << "<p class=\"muted\">Ratio = ns/op ÷ the first run's (above 1 is slower); * the two 99.9% intervals do not "
           "overlap.</p>\n";
    out << "<table class=\"compare\">\n<thead><tr><th>Cell</th><th class=\"num\">" << escape(runs.front().id)
        << " ns/op</th>";
    for (std::size_t i = 1; i < runs.size(); ++i) out << "<th class=\"num\">" << escape(runs[i].id) << "</th>";
    out << "</tr></thead>\n<tbody>\n";
    for (const auto& cell : comparison.shared) {
        out << "<tr><td>" << escape(cell_label(cell.first)) << "</td><td class=\"num\">"
            << report_number(cell.first.ns_per_op.mean) << " ± " << report_number(cell.first.ns_per_op.error)
            << "</td>";
        for (std::size_t i = 0; i < cell.against_first.size(); ++i) {
            const bool significant = cell.against_first[i].significant;
            const double ratio = cell.ratio(i);
            const char* cls = !significant ? "num" : ratio > 1 ? "num slower" : "num faster";
            out << "<td class=\"" << cls << "\">×" << report_number(ratio) << (significant ? "*" : "") << "</td>";
        }
        out << "</tr>\n";
    }
    out << "</tbody>\n</table>\n";
    if (!comparison.lone.empty()) {
        out << "<h3>Not in every run</h3>\n<ul class=\"lone\">\n";
        for (const auto& lone : comparison.lone) {
            std::string in;
            for (auto r : lone.runs) in += (in.empty() ? "" : ", ") + runs[r].id;
            out << "<li>" << escape(cell_label(lone.cell)) << " <span class=\"muted\">(only in " << escape(in)
                << ")</span></li>\n";
        }
        out << "</ul>\n";
    }
    out << "</section>\n";
}

}  // namespace

std::string html_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string to_html(const std::vector<ReportRun>& runs) {
    std::ostringstream out;
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
           "<title>HashScope benchmark report</title>\n<style>"
        << style << "</style>\n</head>\n<body>\n<h1>HashScope benchmark report</h1>\n";
    out << "<p class=\"muted\">" << runs.size() << (runs.size() == 1 ? " run" : " runs") << ": ";
    for (std::size_t i = 0; i < runs.size(); ++i) {
        out << (i ? ", " : "") << "<a href=\"#run-" << i + 1 << "\">" << escape(run_title(runs[i])) << "</a>";
    }
    out << "</p>\n";
    if (runs.size() >= 2) comparison_section(out, runs);
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const auto& run = runs[i];
        out << "<section class=\"run\" id=\"run-" << i + 1 << "\">\n<h2>" << escape(run_title(run)) << "</h2>\n";
        if (!run.note.empty()) out << "<p class=\"note\">" << escape(run.note) << "</p>\n";
        environment_table(out, run);
        const auto svg = throughput_svg(run.report, "Throughput, " + or_unknown(run.report.environment.cpu_model));
        if (svg.empty()) {
            out << "<p class=\"muted\">No cell of this run can be drawn against buffer size.</p>\n";
        } else {
            out << "<figure>\n" << svg << "</figure>\n";
        }
        results_table(out, run.report);
        out << "</section>\n";
    }
    out << "</body>\n</html>\n";
    return out.str();
}

}  // namespace hashscope::bench
