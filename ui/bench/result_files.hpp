// Result files of the Benchmark page: writing a report as JSON (the engine's schema, which
// `hashscope render`, scripts and baselines read), CSV or a Markdown table, and reading a JSON
// report back as a baseline. The writers are the engine's (core report.hpp); this only picks one
// by extension and writes atomically, so a failed save never leaves half a file.
#pragma once

#include <QString>
#include <optional>

#include "hashscope/bench/report.hpp"
#include "hashscope/result.hpp"

namespace hashscope::ui {

enum class ResultFormat { json, csv, markdown };

// By extension, any case: .json, .csv, .md / .markdown; nullopt for anything else.
std::optional<ResultFormat> resultFormatFor(const QString& path);

// Empty on success, else a message naming the file and the reason.
QString writeResults(const bench::BenchReport& report, const QString& path);

// A report written by writeResults, `hashscope-cli bench --json`, or another machine.
Result<bench::BenchReport> readReport(const QString& path);

}  // namespace hashscope::ui
