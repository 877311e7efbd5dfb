// What --shard K/N and --json add to `sum` and `check`: the share of the files a process takes,
// and one JSON record per file (hashscope/verify/file_record.hpp) instead of the text lines.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "arguments.hpp"
#include "hashscope/file_hash.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/verify/check_job.hpp"
#include "hashscope/verify/file_record.hpp"
#include "hashscope/verify/shard.hpp"
#include "hashscope/verify/sums_file.hpp"

namespace hashscope::cli {

// The value of --shard (every file when it was not given), or nullopt after complaining.
std::optional<verify::Shard> parse_shard_option(const Arguments& args);

// A `sum` of one file: one record per algorithm, in the order of `algorithms`.
std::vector<verify::FileRecord> sum_records(const std::string& name, std::span<const AlgorithmInfo* const> algorithms,
                                            const FileHashResult& result,
                                            std::span<const Implementation* const> implementations, double seconds);

// A `check` of one entry: the digest is the one listed; the algorithm the one that matched, else
// the entry's likeliest.
verify::FileRecord check_record(const verify::SumsEntry& entry, const verify::CheckResult& result);

// Each record as a JSON line, newline included.
std::string json_lines(std::span<const verify::FileRecord> records);

}  // namespace hashscope::cli
