// `hashscope-cli audit`: compare a folder with a checksum file, as `hashdeep -a -x` does, and say
// for every path what became of it: OK, CHANGED, MISSING, NEW, MOVED (and UNREADABLE / SKIPPED).
#include <filesystem>
#include <iostream>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "algorithm_option.hpp"
#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/sums_format.hpp"
#include "hashscope/verify/audit.hpp"
#include "hashscope/verify/sums_file.hpp"
#include "interrupt.hpp"
#include "thread_count.hpp"

namespace hashscope::cli {
namespace {

namespace fs = std::filesystem;
using verify::AuditStatus;

struct Settings {
    const AlgorithmInfo* algorithm = nullptr;
    verify::AuditOptions audit;
    bool quiet = false;  // no OK lines
};

// "STATUS  PATH" or "MOVED  NEW <- OLD". Names holding a backslash, newline or carriage return
// are escaped the GNU way (the rule of checksum lines), and the line then starts with '\'.
std::string audit_line(const verify::AuditResult& r) {
    const bool escaped = needs_escaping(r.path) || needs_escaping(r.old_path);
    const auto name = [&](const std::string& n) { return escaped ? escape_name(n) : n; };
    std::string line = escaped ? "\\" : "";
    line += verify::to_string(r.status);
    line += "  " + name(r.path);
    if (r.status == AuditStatus::moved) line += " <- " + name(r.old_path);
    return line + '\n';
}

std::string summary(const verify::AuditCounts& c) {
    std::string text = std::to_string(c.ok) + " OK, " + std::to_string(c.changed) + " CHANGED, " +
                       std::to_string(c.missing) + " MISSING, " + std::to_string(c.added) + " NEW, " +
                       std::to_string(c.moved) + " MOVED";
    if (c.unreadable > 0) text += ", " + std::to_string(c.unreadable) + " UNREADABLE";
    if (c.skipped > 0) text += ", " + std::to_string(c.skipped) + " SKIPPED";
    if (c.skipped_by_user > 0) text += ", " + std::to_string(c.skipped_by_user) + " SKIPPED-BY-USER";
    if (c.cancelled) text += " (interrupted: not every path was audited)";
    return text;
}

std::optional<Settings> read_settings(const Arguments& args) {
    const auto algorithm = parse_algorithm_option(args);
    if (!algorithm) return std::nullopt;
    const auto threads = parse_thread_count(args);
    if (!threads) return std::nullopt;
    Settings s;
    s.algorithm = *algorithm;
    s.audit.impl = args.value("impl").value_or("best");
    s.audit.threads = *threads;
    s.quiet = args.has("quiet");
    return s;
}

}  // namespace

int run_audit(int argc, char** argv, int first) {
    const Arguments args(argc, argv, first,
                         {{"algo", 'a', true}, {"impl", 0, true}, {"quiet", 0, false}, {"threads", 0, true}});
    if (!args.ok()) {
        complain(args.error());
        return exit_usage;
    }
    const auto settings = read_settings(args);
    if (!settings) return exit_usage;
    const auto& operands = args.operands();
    if (operands.empty() || operands.size() > 2) {
        complain(operands.empty() ? "audit: missing operand: the checksum file (and the folder)"
                                  : "audit: too many operands: one checksum file and one folder");
        return exit_usage;
    }
    const std::string& manifest = operands[0];
    if (manifest == "-" && operands.size() < 2) {
        complain("audit: a checksum file from standard input needs the folder too");
        return exit_usage;
    }
    const fs::path base = manifest == "-" ? fs::path() : fs::path(manifest).parent_path();
    const fs::path root = operands.size() == 2 ? fs::path(operands[1]) : (base.empty() ? fs::path(".") : base);
    std::error_code ec;
    if (!fs::is_directory(root, ec)) {
        complain(root.string() + ": not a folder");
        return exit_usage;
    }

    verify::SumsReadOptions read_options;
    read_options.algorithm = settings->algorithm;
    auto sums = verify::read_sums_file(manifest, read_options);
    if (!sums) {
        complain(manifest + ": " + sums.error().message);
        return exit_usage;
    }
    for (const auto& note : sums->notes) complain(manifest + ": " + note);
    for (const auto& d : sums->diagnostics) complain(manifest + ": " + std::to_string(d.line) + ": " + d.reason);
    if (sums->entries.empty()) {
        complain(manifest + ": no properly formatted checksum lines found");
        return exit_usage;
    }

    std::stop_source stop;
    const InterruptToStop interrupt(stop);
    const auto counts = verify::audit_tree(
        base, sums->entries, root, manifest == "-" ? fs::path() : fs::path(manifest), settings->audit,
        [&](const verify::AuditResult& r) {
            if (r.status == AuditStatus::unreadable || r.status == AuditStatus::skipped) {
                std::cout.flush();
                complain(r.path + ": " + r.message);
            }
            if (!(settings->quiet && r.status == AuditStatus::ok)) std::cout << audit_line(r) << std::flush;
        },
        {}, stop.get_token());
    complain("audit: " + summary(counts));
    if (!sums->diagnostics.empty()) {
        complain("WARNING: " + std::to_string(sums->diagnostics.size()) +
                 (sums->diagnostics.size() == 1 ? " line is" : " lines are") + " improperly formatted");
    }
    return counts.all_ok() ? exit_ok : exit_failed;
}

}  // namespace hashscope::cli
