// The human-facing forms of a report: a terminal table, CSV with JMH-like columns, and a Markdown
// table shaped like the ones in checksum pull requests.
#include <algorithm>
#include <cstdio>
#include <sstream>

#include "hashscope/bench/report.hpp"
#include "hashscope/bench/sizes.hpp"
#include "number_text.hpp"

namespace hashscope::bench {
namespace {

std::string number(double v) { return report_number(v); }

std::string pad(const std::string& s, std::size_t width, bool right) {
    if (s.size() >= width) return s;
    return right ? std::string(width - s.size(), ' ') + s : s + std::string(width - s.size(), ' ');
}

std::string change(const Comparison& c) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.1f%%%s", c.change_pct, c.significant ? "" : " (ns)");
    return buffer;
}

std::string csv_quote(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

}  // namespace

std::string report_number(double v) {
    char buffer[64];
    const double a = v < 0 ? -v : v;
    std::snprintf(buffer, sizeof buffer, a < 10 ? "%.3f" : a < 100 ? "%.2f" : a < 10000 ? "%.1f" : "%.0f", v);
    return buffer;
}

std::string to_table(const BenchReport& report) {
    const bool with_baseline =
        std::any_of(report.results.begin(), report.results.end(), [](auto& r) { return r.baseline.has_value(); });
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> header{"algorithm", "impl", "size",   "mode",     "threads", "ns/op",
                                    "± error",   "GB/s", "ops/ms", "cycles/B", "samples"};
    if (with_baseline) header.insert(header.end(), {"baseline ns/op", "change"});
    rows.push_back(header);
    for (const auto& r : report.results) {
        std::vector<std::string> row{r.algorithm,
                                     r.implementation + (r.best ? " *" : ""),
                                     format_size_compact(r.size),
                                     mode_label(r.mode) + (r.placement == Placement::cold ? " cold" : ""),
                                     std::to_string(r.threads),
                                     number(r.ns_per_op.mean),
                                     number(r.ns_per_op.error),
                                     number(r.gb_per_s),
                                     number(r.ops_per_ms),
                                     r.cycles_per_byte ? number(*r.cycles_per_byte) : "-",
                                     std::to_string(r.samples) + (r.precise ? "" : " ~")};
        if (with_baseline) {
            row.push_back(r.baseline ? number(r.baseline->baseline_mean) : "-");
            row.push_back(r.baseline ? change(*r.baseline) : "-");
        }
        rows.push_back(std::move(row));
    }
    std::vector<std::size_t> width(header.size(), 0);
    for (const auto& row : rows) {
        for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
    }
    std::ostringstream out;
    for (const auto& row : rows) {
        for (std::size_t i = 0; i < row.size(); ++i) {
            out << (i ? "  " : "") << pad(row[i], width[i], i >= 4);
        }
        out << '\n';
    }
    out << "(* = dispatch's choice; ~ = did not reach ±" << number(report.spec.precision * 100)
        << "% in its time budget; error = 99.9% confidence half-width";
    if (report.environment.cycles_source == "estimate") {
        out << "; cycles/B estimated from a measured core clock of " << number(report.environment.core_ghz) << " GHz";
    }
    if (with_baseline) out << "; change = throughput vs baseline, (ns) = not significant";
    out << ")\n";
    return out.str();
}

std::string to_csv(const BenchReport& report) {
    std::ostringstream out;
    out << "algorithm,implementation,backend,best,size,mode,chunk,threads,placement,samples,precise,"
           "score_ns_per_op,score_error_999,median_ns,min_ns,stddev_ns,gb_per_s,ops_per_ms,cycles_per_byte,"
           "baseline_ns_per_op,change_pct,significant\n";
    for (const auto& r : report.results) {
        out << csv_quote(r.algorithm) << ',' << csv_quote(r.implementation) << ',' << csv_quote(r.backend) << ','
            << (r.best ? "true" : "false") << ',' << r.size << ',' << mode_name(r.mode.mode) << ','
            << (r.mode.mode == Mode::stream ? std::to_string(r.mode.chunk) : "") << ',' << r.threads << ','
            << placement_name(r.placement) << ',' << r.samples << ',' << (r.precise ? "true" : "false") << ','
            << r.ns_per_op.mean << ',' << r.ns_per_op.error << ',' << r.ns_per_op.median << ',' << r.ns_per_op.min
            << ',' << r.ns_per_op.stddev << ',' << r.gb_per_s << ',' << r.ops_per_ms << ','
            << (r.cycles_per_byte ? std::to_string(*r.cycles_per_byte) : "") << ',';
        if (r.baseline) {
            out << r.baseline->baseline_mean << ',' << r.baseline->change_pct << ','
                << (r.baseline->significant ? "true" : "false");
        } else {
            out << ",,";
        }
        out << '\n';
    }
    return out.str();
}

std::string to_markdown(const BenchReport& report) {
    std::ostringstream out;
    const bool ops = report.spec.preferred_unit == "ops/ms";
    out << "| provider | size | mode | threads | " << (ops ? "ops/ms" : "score (ns/op)")
        << " | error (99.9%) | GB/s |\n"
        << "|---|---|---|---|---|---|---|\n";
    for (const auto& r : report.results) {
        const double error = ops ? r.ops_per_ms * r.ns_per_op.relative_error() : r.ns_per_op.error;
        out << "| " << r.algorithm << " · " << r.implementation << " | " << format_size(r.size) << " | "
            << mode_label(r.mode) << " | " << r.threads << " | " << number(ops ? r.ops_per_ms : r.ns_per_op.mean)
            << " | ± " << number(error) << " | " << number(r.gb_per_s) << " |\n";
    }
    out << "\n"
        << machine_label(report.environment) << ", " << report.environment.build_type << ", HashScope "
        << report.environment.hashscope_version
        << (report.environment.git_revision.empty() ? "" : " (git " + report.environment.git_revision + ")") << ", "
        << report.environment.date << "\n";
    return out.str();
}

std::string core_kinds_label(const Environment& e) {
    if (e.core_kinds.empty()) return {};
    return e.core_kinds + " cores" + (e.started_on_core.empty() ? "" : ", started on a " + e.started_on_core);
}

std::string machine_label(const Environment& e) {
    const std::string kinds = core_kinds_label(e);
    return e.cpu_model + " (" + e.microarchitecture + ")" + (kinds.empty() ? "" : ", " + kinds);
}

}  // namespace hashscope::bench
