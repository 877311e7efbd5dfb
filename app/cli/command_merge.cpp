// `hashscope-cli merge`: the JSON records of `sum --json` / `check --json` shards (one file each,
// or standard input) as one report: every record once, sorted by path bytes then algorithm, on
// stdout; a summary on stderr; exit 0 when every record is "ok", 1 otherwise.
//
// Sorting needs every record at once: memory grows with the records, about 300 bytes each plus
// the path's length (a FileRecord, its strings and the place it came from), so ~350 MB for a
// million files. Input is read a line at a time; a line longer than kMaxLine is refused unread.
#include <algorithm>
#include <array>
#include <cstddef>
#include <fstream>
#include <iostream>
#include <map>
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
    line.clear();
    auto* buffer = in.rdbuf();
    bool too_long = false;
    for (;;) {
        const auto c = buffer->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            if (line.empty() && !too_long) return LineRead::end;
            break;
        }
        if (c == '\n') break;
        if (line.size() < kMaxLine) {
            line += static_cast<char>(c);
        } else {
            too_long = true;
        }
    }
    return too_long ? LineRead::too_long : LineRead::line;
}

std::string shown(const std::string& operand) { return operand == "-" ? "(standard input)" : operand; }

struct Totals {
    std::size_t bad_lines = 0;
    std::size_t duplicates = 0;
    bool unreadable_input = false;
};

// Adds the records of one input; complains about every line that is not one.
void load(const std::string& operand, std::uint32_t input, std::vector<Loaded>& out, Totals& totals) {
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

    std::vector<Loaded> loaded;
    Totals totals;
    for (std::size_t i = 0; i < operands.size(); ++i) load(operands[i], static_cast<std::uint32_t>(i), loaded, totals);

    // Stable: of two records of the same file, the one given first is kept.
    std::stable_sort(loaded.begin(), loaded.end(),
                     [](const Loaded& a, const Loaded& b) { return verify::record_before(a.record, b.record); });
    std::map<std::string, std::size_t> statuses;
    std::string out;
    for (std::size_t i = 0; i < loaded.size(); ++i) {
        const auto& r = loaded[i].record;
        if (i > 0 && r.path == loaded[i - 1].record.path && r.algorithm == loaded[i - 1].record.algorithm) {
            const auto& kept = loaded[i - 1];
            complain(shown(operands[loaded[i].input]) + ":" + std::to_string(loaded[i].line) + ": '" +
                     escape_name(r.path) + "' (" + r.algorithm + ") is already in " + shown(operands[kept.input]) +
                     ":" + std::to_string(kept.line) + " (do the shards overlap?)");
            ++totals.duplicates;
            continue;
        }
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
