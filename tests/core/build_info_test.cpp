// What the build says about itself (version, git revision, build type), the --version line built
// from it, and the benchmark environment that records it.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>

#include "hashscope/bench/environment.hpp"
#include "hashscope/bench/report.hpp"
#include "hashscope/build_info.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/libraries.hpp"

// tests/core/CMakeLists.txt passes what CMake knows, so nothing here is a copy of it.
#ifndef HASHSCOPE_EXPECTED_VERSION
#error "HASHSCOPE_EXPECTED_VERSION (PROJECT_VERSION) must be defined by the build"
#endif

namespace hashscope {
namespace {

TEST(BuildInfo, EveryFieldIsFilled) {
    const BuildInfo& info = build_info();
    EXPECT_FALSE(info.version.empty());
    EXPECT_FALSE(info.git_revision.empty());
    EXPECT_FALSE(info.build_type.empty());
    EXPECT_FALSE(info.description.empty());
}

TEST(BuildInfo, VersionAndBuildTypeAreTheConfiguredOnes) {
    EXPECT_EQ(build_info().version, HASHSCOPE_EXPECTED_VERSION);
    EXPECT_EQ(build_info().build_type, HASHSCOPE_EXPECTED_BUILD_TYPE);
}

TEST(BuildInfo, RevisionIsACommitTheOverrideOrUnknown) {
    const std::string revision(build_info().git_revision);
    const std::string override_revision = HASHSCOPE_EXPECTED_REVISION_OVERRIDE;
    const bool commit = std::regex_match(revision, std::regex("^[0-9a-f]{7,40}(-dirty)?$|^unknown$"));
    EXPECT_TRUE(commit || (!override_revision.empty() && revision == override_revision)) << revision;
}

TEST(BuildInfo, VersionLineHasTheShapeScriptsParse) {
    const BuildInfo& info = build_info();
    const std::string line = version_line("hashscope-cli");
    EXPECT_EQ(line, "hashscope-cli " + std::string(info.version) + " (git " + std::string(info.git_revision) + ", " +
                        std::string(info.build_type) + ")");
    const std::regex shape(R"(^hashscope-cli [0-9]+\.[0-9]+\.[0-9]+ \(git [^,]+, [A-Za-z]+\)$)");
    EXPECT_TRUE(std::regex_match(line, shape)) << line;
}

TEST(BuildInfo, EveryLibraryHasAVersionLine) {
    const auto versions = library_versions();
    const auto lines = library_version_lines();
    ASSERT_EQ(lines.size(), versions.size());
    EXPECT_NE(std::find(lines.begin(), lines.end(), "OpenSSL " + versions.at("openssl")), lines.end());
    EXPECT_NE(std::find(lines.begin(), lines.end(), "zlib " + versions.at("zlib")), lines.end());
    EXPECT_EQ(library_display_name("xxhash"), "xxHash");
    EXPECT_EQ(library_display_name("not-a-library"), "not-a-library");  // shown as it is, not dropped
}

TEST(BuildInfo, BenchmarkEnvironmentRecordsTheBuild) {
    bench::BenchReport report;
    report.environment = bench::collect_environment(host_cpu());
    EXPECT_EQ(report.environment.hashscope_version, build_info().version);
    EXPECT_EQ(report.environment.git_revision, build_info().git_revision);
    EXPECT_EQ(report.environment.build_type, build_info().build_type);

    const auto back = bench::report_from_json(bench::to_json(report));
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(back->environment.git_revision, build_info().git_revision);
    const std::string revision_note = "(git " + std::string(build_info().git_revision) + ")";
    EXPECT_NE(bench::to_markdown(report).find(revision_note), std::string::npos);
}

TEST(BuildInfo, ReportsWrittenBeforeTheRevisionWasRecordedStillRead) {
    const auto old = bench::report_from_json(
        R"({"schema": "hashscope-bench/1", "environment": {"build_type": "Release", "hashscope_version": "0.1.0"},
            "spec": {"preset": "quick"}, "results": []})");
    ASSERT_TRUE(old.ok()) << old.error().message;
    EXPECT_EQ(old->environment.hashscope_version, "0.1.0");
    EXPECT_TRUE(old->environment.git_revision.empty());
    // No "(git )" with nothing in it in the Markdown footer.
    EXPECT_EQ(bench::to_markdown(*old).find("(git"), std::string::npos);
}

}  // namespace
}  // namespace hashscope
