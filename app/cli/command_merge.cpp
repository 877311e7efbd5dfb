// `hashscope-cli merge`: the JSON records of `sum --json` / `check --json` shards (one file each,
// or standard input) as one report: every record once, sorted by path bytes then algorithm, on
// stdout; a summary on stderr; exit 0 when every record is "ok", 1 otherwise.
//
// Sorting needs every record at once: memory grows with the records, about 400 bytes each plus
// the path's length (a FileRecord, the heap blocks of its digest, path and message, its place in
// the input and in the sort order): 415 MB for a million records of 25-byte paths
// (docs/performance.md). Input is read a line at a time; a line longer than kMaxLine is refused.
#include <algorithm>
#include <compare>
#include <cstddef>
#include <deque>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/sums_format.hpp"
#include "hashscope/verify/file_record.hpp"

namespace hashscope::cli {
namespace {

// A record is a path (at most a few KiB on any file system) and a few short fields.
constexpr std::size_t kMaxLine = std::size_t{256} * 1024;
// Output is written in pieces of about this size.
constexpr std::size_t kFlushBytes = std::size_t{64} * 1024;

struct Loaded {
    verify::FileRecord record;
    std::uint32_t input = 0;  // index of the operand it came from
    std::size_t line = 0;     // 1-based
};

enum class LineRead { line, too_long, end };

// The next line (without its newline) of at most kMaxLine bytes; a longer one is skipped to its end.
LineRead read_line(std::istream& in, std::string& line) {
    line.resize(kMaxLine + 1);
    in.getline(line.data(), static_cast<std::streamsize>(line.size()));
    const auto got = static_cast<std::size_t>(in.gcount());  // with the newline, when there was one
    if (in.fail()) {
        if (got == 0) return LineRead::end;
        // The buffer filled before a newline came.
        in.clear();
        in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
        return LineRead::too_long;
    }
    line.resize(in.eof() ? got : got - 1);
    return LineRead::line;
}

std::string shown(const std::string& operand) { return operand == "-" ? "(standard input)" : operand; }

struct Totals {
    std::size_t bad_lines = 0;
    std::size_t duplicates = 0;
    bool unreadable_input = false;
};

// Adds the records of one input; complains about every line that is not one.
void load(const std::string& operand, std::uint32_t input, std::deque<Loaded>& out, Totals& totals) {
    std::ifstream file;
    if (operand != "-") {
        file.open(operand, std::ios::binary);
        if (!file) {
            complain(operand + ": cannot be read");
            totals.unreadable_input = true;
            return;
        }
    }
    std::istream& in = operand == "-" ? std::cin : file;
    std::string line;
    std::size_t number = 0;
    for (LineRead got; (got = read_line(in, line)) != LineRead::end;) {
        ++number;
        const auto where = shown(operand) + ":" + std::to_string(number) + ": ";
        if (got == LineRead::too_long) {
            complain(where + "line longer than " + std::to_string(kMaxLine / 1024) + " KiB, not a record");
            ++totals.bad_lines;
            continue;
        }
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines separate nothing
        auto record = verify::parse_json_line(line);
        if (!record) {
            complain(where + record.error().message);
            ++totals.bad_lines;
            continue;
        }
        out.push_back({std::move(*record), input, number});
    }
    if (in.bad()) {
        complain(shown(operand) + ": read error");
        totals.unreadable_input = true;
    }
}

std::string plural(std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

int run_merge(int argc, char** argv, int first) {
    const Arguments args(argc, argv, first, {});
    if (!args.ok()) {
        complain(args.error());
        return exit_usage;
    }
    std::vector<std::string> operands = args.operands();
    if (operands.empty()) operands.emplace_back("-");  // like sum and check: no operand reads stdin
    if (std::count(operands.begin(), operands.end(), "-") > 1) {
        complain("standard input ('-') can be merged only once");
        return exit_usage;
    }

    // A deque grows without moving what it holds, and the sort moves indices, not records: the
    // peak is the records themselves plus a few bytes each.
    std::deque<Loaded> loaded;
    Totals totals;
    for (std::size_t i = 0; i < operands.size(); ++i) load(operands[i], static_cast<std::uint32_t>(i), loaded, totals);

    std::vector<std::size_t> order(loaded.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    // Ties keep the order read: of two records of the same file, the one given first is kept.
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto order_ab = verify::record_order(loaded[a].record, loaded[b].record);
        return std::is_neq(order_ab) ? std::is_lt(order_ab) : a < b;
    });
    std::map<std::string, std::size_t> statuses;
    std::string out;
    const Loaded* kept = nullptr;  // the last record printed
    for (const auto index : order) {
        const auto& here = loaded[index];
        const auto& r = here.record;
        if (kept != nullptr && r.path == kept->record.path && r.algorithm == kept->record.algorithm) {
            complain(shown(operands[here.input]) + ":" + std::to_string(here.line) + ": '" + escape_name(r.path) +
                     "' (" + r.algorithm + ") is already in " + shown(operands[kept->input]) + ":" +
                     std::to_string(kept->line) + " (do the shards overlap?)");
            ++totals.duplicates;
            continue;
        }
        kept = &here;
        ++statuses[r.status];
        out += verify::to_json_line(r);
        out += '\n';
        if (out.size() >= kFlushBytes) {
            std::cout << out;
            out.clear();
        }
    }
    std::cout << out << std::flush;

    std::size_t records = 0;
    for (const auto& [status, count] : statuses) records += count;
    std::string summary =
        "merge: " + plural(records, "record", "records") + " from " + plural(operands.size(), "input", "inputs");
    for (const auto& [status, count] : statuses) summary += ", " + std::to_string(count) + " " + status;
    complain(summary);
    if (totals.bad_lines > 0)
        complain("WARNING: " + plural(totals.bad_lines, "line is", "lines are") + " not a record");
    if (totals.duplicates > 0) {
        complain("WARNING: " + plural(totals.duplicates, "record was", "records were") +
                 " given twice (left out of the report)");
    }
    const bool all_ok = statuses.size() == (statuses.contains("ok") ? 1U : 0U);
    const bool clean = totals.bad_lines == 0 && totals.duplicates == 0 && !totals.unreadable_input;
    return all_ok && clean ? exit_ok : exit_failed;
}

}  // namespace hashscope::cli
