// One file's outcome as one line of JSON (JSON Lines): what `sum --json` and `check --json` print
// and `merge` reads back. A record is one flat object:
//
//   {"path":"a/b.txt","size":1234,"algorithm":"sha256","digest":"9f86...","status":"ok",
//    "implementation":"shani","seconds":0.000113}
//
// `path` is the file name as a JSON string when its bytes are valid UTF-8 (newlines, backslashes
// and control characters are escaped the JSON way); otherwise the record has `path_hex`, the
// name's bytes in lowercase hex, instead. Exactly one of the two is present. `digest` (lowercase
// hex) and `implementation` are null when there is none; `message` says why when the status is
// not "ok". Readers ignore fields they do not know.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

#include "hashscope/result.hpp"

namespace hashscope::verify {

// What happened to a file: "ok" for a file read (sum) or matched (check); the rest are failures.
inline constexpr std::array<std::string_view, 8> kRecordStatuses = {"ok",          "failed",  "missing", "unreadable",
                                                                    "not_regular", "changed", "refused", "cancelled"};

struct FileRecord {
    std::string path;            // the name's bytes, any bytes
    std::uint64_t size = 0;      // bytes read
    std::string algorithm;       // AlgorithmInfo::id
    std::string digest;          // lowercase hex; empty: none
    std::string status = "ok";   // one of kRecordStatuses
    std::string implementation;  // Implementation::id; empty: none
    double seconds = 0;          // time spent on the file
    std::string message;         // why, when the status is not "ok"

    [[nodiscard]] bool ok() const { return status == "ok"; }
};

// The record as one line of JSON, without the newline.
std::string to_json_line(const FileRecord& record);

// Reads one line back. Anything but a record as described above (not JSON, truncated, nested,
// a missing field, a wrong type, a number out of range, an unknown status) is an error that says
// which field and why; never throws.
Result<FileRecord> parse_json_line(std::string_view line);

// The order of a merged report: by path bytes, then algorithm.
std::strong_ordering record_order(const FileRecord& a, const FileRecord& b);

}  // namespace hashscope::verify
