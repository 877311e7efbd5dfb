// The HTML report: strings from run files escaped, one inline SVG chart per run, nothing that
// reaches out (no script, no address), and the comparison `results compare` computes.
#include "hashscope/bench/html_report.hpp"

#include <gtest/gtest.h>

#include "hashscope/bench/results_compare.hpp"
#include "test_cells.hpp"

namespace hashscope::bench {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

CellResult cell(std::string algorithm, std::size_t size, double mean, double error) {
    return testing::made_cell(std::move(algorithm), size, mean, error);
}

ReportRun run(const std::string& id, double crc_mean, const std::string& cpu) {
    ReportRun r;
    r.id = id;
    r.report.environment.cpu_model = cpu;
    r.report.environment.microarchitecture = "Testlake";
    r.report.environment.build_type = "Release";
    r.report.environment.git_revision = "abc123";
    r.report.environment.date = "2026-12-02T05:40:12Z";
    r.report.environment.features = {"sse4.2", "avx2"};
    r.report.spec.preset = "quick";
    r.report.results = {cell("null", 64, 1, 0.1), cell("crc32c", 64, crc_mean / 16, 0.01),
                        cell("crc32c", 4096, crc_mean, 1), cell("sha256", 4096, 2000, 10)};
    return r;
}

TEST(HtmlReport, EscapesEveryMarkupCharacter) {
    EXPECT_EQ(html_escape(R"(<a href="x">Tom & 'Jerry'</a>)"),
              "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
    EXPECT_EQ(html_escape("plain · text"), "plain · text");
}

TEST(HtmlReport, OneRunIsSelfContained) {
    auto r = run("run-a", 100, "Evil <script>alert(1)</script> CPU");
    r.note = "note with <b>tags</b> & \"quotes\"";
    r.report.environment.warnings = {"<img src=x onerror=alert(1)>"};
    const auto html = to_html({r});
    EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0U);
    EXPECT_EQ(count(html, "<svg"), 1U);
    EXPECT_EQ(count(html, "</svg>"), 1U);
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_EQ(html.find("<img"), std::string::npos);
    EXPECT_EQ(html.find("<b>"), std::string::npos);
    EXPECT_EQ(html.find("http"), std::string::npos);
    EXPECT_NE(html.find("Evil &lt;script&gt;alert(1)&lt;/script&gt; CPU"), std::string::npos);
    EXPECT_NE(html.find("note with &lt;b&gt;tags&lt;/b&gt; &amp; &quot;quotes&quot;"), std::string::npos);
    EXPECT_NE(html.find("@media print"), std::string::npos);
    for (const char* field : {"Testlake", "sse4.2 avx2", "Release", "abc123", "2026-12-02T05:40:12Z", "quick"}) {
        EXPECT_NE(html.find(field), std::string::npos) << field;
    }
    // No comparison with a single run.
    EXPECT_EQ(html.find("class=\"comparison\""), std::string::npos);
}

TEST(HtmlReport, ChartHasOneSeriesPerParticipantAndNoHarness) {
    const auto svg = throughput_svg(run("a", 100, "CPU").report, "t");
    EXPECT_EQ(count(svg, "<g class=\"series\">"), 2U);  // crc32c and sha256, not the harness
    EXPECT_EQ(svg.find("null"), std::string::npos);
    EXPECT_NE(svg.find("crc32c · portable"), std::string::npos);
    EXPECT_NE(svg.find("4KiB"), std::string::npos);  // an x tick
    BenchReport nothing;
    nothing.results = {cell("null", 64, 1, 0.1)};
    EXPECT_EQ(throughput_svg(nothing, "t"), "");
}

TEST(HtmlReport, SeveralRunsCarryTheComparison) {
    auto a = run("run-a", 100, "CPU A");
    auto b = run("run-b", 300, "CPU <B>");
    b.report.results.push_back(cell("md5", 4096, 5000, 10));
    const auto html = to_html({a, b});
    EXPECT_EQ(count(html, "<svg"), 2U);
    EXPECT_NE(html.find("class=\"comparison\""), std::string::npos);
    // The warnings are compare_runs's, escaped.
    const auto comparison = compare_runs({a.report, b.report});
    ASSERT_FALSE(comparison.warnings.empty());
    for (const auto& w : comparison.warnings) EXPECT_NE(html.find(html_escape(w)), std::string::npos) << w;
    // crc32c 4KiB is 3× slower, significantly; the md5 cell is in run-b only.
    EXPECT_NE(html.find("×3.000*"), std::string::npos);
    EXPECT_NE(html.find(html_escape(cell_label(b.report.results.back()))), std::string::npos);
    EXPECT_NE(html.find("only in run-b"), std::string::npos);
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_EQ(html.find("http"), std::string::npos);
}

}  // namespace
}  // namespace hashscope::bench
