// `hashscope-cli check`: verify the files a checksum file lists, printing what `sha256sum -c`
// prints for the lines it accepts ("NAME: OK", "NAME: FAILED", "NAME: FAILED open or read") and
// going beyond it on the formats it refuses (BSD tags of any algorithm, SFV, PGP wrappers, ...).
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "algorithm_option.hpp"
#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/sums_format.hpp"
#include "hashscope/verify/check_job.hpp"
#include "hashscope/verify/signature.hpp"
#include "hashscope/verify/sums_file.hpp"
#include "records.hpp"
#include "thread_count.hpp"

namespace hashscope::cli {
namespace {

namespace fs = std::filesystem;
using verify::Verdict;

struct Settings {
    const AlgorithmInfo* algorithm = nullptr;
    verify::CheckOptions check;
    // --quiet, --status and --warn override each other, the last one given wins (as in coreutils).
    bool quiet = false;           // no "OK" lines
    bool status = false;          // no output but what coreutils prints even then: the exit status says it
    bool ignore_missing = false;  // a missing file is neither printed nor a failure
    bool warn = false;            // "NAME: LINE: improperly formatted ... checksum line" for each unusable line
    bool verbose = false;         // why each unusable line was not used, and a summary
    verify::Shard shard;          // --shard: the lines this process takes
    bool json = false;            // --json: a record per line instead of "NAME: OK"
    bool no_signature = false;    // --no-signature: digests only
    verify::SignatureOptions signature;
};

// Counts for the closing warnings, worded as sha256sum words them.
struct Tally {
    std::size_t unreadable = 0;
    std::size_t mismatched = 0;
    std::size_t changed = 0;
    std::size_t refused = 0;
    std::size_t outside = 0;                      // names that are absolute or climb out with ".." (honoured, reported)
    std::size_t verified = 0;                     // files read and compared
    std::map<std::string, std::size_t> inferred;  // algorithm display name -> lines matched by length
};

// As sha256sum -c prints a name: raw, unless it holds a newline; then escaped, behind a '\'.
std::string printable(const std::string& name) {
    return name.find('\n') == std::string::npos ? name : "\\" + escape_name(name);
}

// A name in a message, quoted as coreutils' quotef() quotes it for a shell: as it is when it holds
// only characters a shell leaves alone, else in single quotes.
std::string quoted(const std::string& name) {
    const bool plain = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
               std::string_view("%+,-./:=@^_").find(c) != std::string_view::npos;
    });
    if (plain) return name;
    std::string out = "'";
    for (char c : name) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string plural(std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Prints one entry's line (and its reason on stderr); returns false when it counts as a failure.
bool report(const verify::SumsEntry& entry, const verify::CheckResult& result, const Settings& s, Tally& tally) {
    const std::string name = printable(entry.name);
    if (result.outside && result.verdict != Verdict::refused) ++tally.outside;
    auto out = [&](const std::string& text) {
        if (!s.status && !s.json) std::cout << name << ": " << text << '\n';
    };
    switch (result.verdict) {
        case Verdict::ok:
            ++tally.verified;
            if (entry.candidates.size() > 1) ++tally.inferred[std::string(result.matched->display)];
            if (!s.quiet) out("OK");
            return true;
        case Verdict::failed:
            ++tally.verified;
            ++tally.mismatched;
            out("FAILED");
            return false;
        case Verdict::missing:
            if (s.ignore_missing) return true;
            [[fallthrough]];
        case Verdict::unreadable:
        case Verdict::not_regular:
            // Said even under --status, as coreutils says it.
            ++tally.unreadable;
            complain(quoted(entry.name) + ": " + result.message);
            out("FAILED open or read");
            return false;
        case Verdict::changed:
            ++tally.changed;
            complain(quoted(entry.name) + ": " + result.message);
            out("FAILED changed while read");
            return false;
        case Verdict::refused:
            ++tally.refused;
            if (!s.status) complain(quoted(entry.name) + ": " + result.message);
            out("FAILED refused");
            return false;
        case Verdict::skipped:  // only a caller with EntrySkips skips; the command line has none
        case Verdict::cancelled:
            return false;
    }
    return false;
}

// The records --json prints: what the text lines would show.
bool wanted_record(Verdict verdict, const Settings& s) {
    if (s.status) return false;
    if (verdict == Verdict::ok) return !s.quiet;
    return verdict != Verdict::missing || !s.ignore_missing;
}

void closing_warnings(const std::string& sums_name, std::size_t bad_lines, const Tally& t, const Settings& s) {
    if (s.status) return;
    if (bad_lines > 0) complain("WARNING: " + plural(bad_lines, "line is", "lines are") + " improperly formatted");
    if (t.unreadable > 0)
        complain("WARNING: " + plural(t.unreadable, "listed file", "listed files") + " could not be read");
    if (t.mismatched > 0) {
        complain("WARNING: " + plural(t.mismatched, "computed checksum", "computed checksums") + " did NOT match");
    }
    if (t.changed > 0) complain("WARNING: " + plural(t.changed, "file", "files") + " changed while being read");
    if (t.outside > 0) {
        complain("WARNING: " + plural(t.outside, "name leads", "names lead") +
                 " outside the checksum file's folder (absolute or '..'); --strict refuses them");
    }
    if (t.refused > 0) complain("WARNING: " + plural(t.refused, "name was", "names were") + " refused by --strict");
    for (const auto& [algorithm, count] : t.inferred) {
        complain(quoted(sums_name) + ": " + plural(count, "digest", "digests") + " matched as " + algorithm +
                 " (the algorithm was inferred from the digest length)");
    }
}

// The signature verdicts, one line each, before the file lines. On stdout, where the file lines
// are, so that one reading the output sees who vouches for the digests; printed only when a
// signature is there, so a plain checksum file gives sha256sum's output unchanged. --json keeps
// stdout for records, and puts them on stderr.
void report_signature(const std::string& sums_name, const verify::SignatureCheck& check, const Settings& s) {
    if (s.status) return;
    for (const auto& note : check.notes) complain(quoted(sums_name) + ": " + note);
    for (const auto& v : check.verdicts) {
        const std::string line = printable(sums_name) + ": signature: " + verify::signature_verdict_text(v);
        if (s.json) {
            complain(line);
        } else {
            std::cout << line << '\n';
        }
    }
    if (check.verdicts.empty() && s.verbose) complain(quoted(sums_name) + ": no signature found: digests only");
    std::cout.flush();
}

// Lines checked per batch: a checksum file of millions of lines is streamed, in bounded memory.
constexpr std::size_t kBatchLines = 8192;

// Checks one checksum file; returns false when anything failed.
bool check_one(const std::string& sums_name, const Settings& s) {
    verify::SumsReadOptions read_options;
    read_options.algorithm = s.algorithm;
    if (sums_name != "-") read_options.file_name = fs::path(sums_name).filename().string();
    const fs::path base = sums_name == "-" ? fs::path() : fs::path(sums_name).parent_path();

    std::optional<verify::SignatureCheck> signature;
    if (s.no_signature) {
        if (!s.status) complain(quoted(sums_name) + ": signature not checked (--no-signature): digests only");
    } else if (sums_name != "-") {
        signature = verify::check_sums_signature(sums_name, s.signature);
        report_signature(sums_name, *signature, s);
    } else if (!s.signature.signature.empty()) {
        complain(quoted(sums_name) + ": a signature cannot be checked for standard input");
        return false;
    }
    const bool signature_ok = !signature || signature->verdicts.empty() || verify::signatures_pass(signature->verdicts);

    Tally tally;
    bool ok = true;
    std::size_t entries = 0;  // usable lines
    std::size_t taken = 0;    // of those, the lines of this process's shard
    std::size_t bad_lines = 0;
    verify::CheckPlan plan;
    // coreutils names the algorithm ("improperly formatted MD5 checksum line") when it is fixed.
    const std::string line_kind = s.algorithm != nullptr ? std::string(s.algorithm->bsd_tag) + " " : "";
    auto check_batch = [&](verify::SumsFile& batch) {
        if (!s.status) {
            for (const auto& note : batch.notes) complain(quoted(sums_name) + ": " + note);
        }
        for (const auto& d : batch.diagnostics) {
            const std::string where = quoted(sums_name) + ": " + std::to_string(d.line) + ": ";
            if (s.warn) complain(where + "improperly formatted " + line_kind + "checksum line");
            if (s.verbose && !s.status) complain(where + d.reason);
        }
        bad_lines += batch.diagnostics.size();
        entries += batch.entries.size();
        std::erase_if(batch.entries, [&](const verify::SumsEntry& e) { return !s.shard.takes(e.name); });
        taken += batch.entries.size();
        if (batch.entries.empty()) return;
        plan = verify::check_entries(base, batch.entries, s.check, [&](std::size_t i, const verify::CheckResult& r) {
            ok = report(batch.entries[i], r, s, tally) && ok;
            if (s.json && wanted_record(r.verdict, s))
                std::cout << verify::to_json_line(check_record(batch.entries[i], r)) << '\n';
            if (!s.status) std::cout.flush();
        });
    };
    Result<bool> read = true;
    if (signature && signature->clear_signed) {
        // Only the signed text supplies checksum lines.
        verify::SumsFile signed_part = verify::parse_signed_sums(*signature, read_options);
        check_batch(signed_part);
    } else {
        read = verify::read_sums_file_in_batches(sums_name, read_options, kBatchLines, check_batch);
    }
    if (!read) {
        complain(quoted(sums_name) + ": " + read.error().message);
        return false;
    }
    if (entries == 0) {
        complain(
            quoted(sums_name) + ": no properly formatted checksum lines found" +
            std::string(signature && signature->clear_signed ? " in the signed text" : ""));  // even under --status
        return false;
    }
    if (s.verbose && !s.status) {
        std::string share;
        if (s.shard.count > 1) {
            share = " (shard " + std::to_string(s.shard.index) + "/" + std::to_string(s.shard.count) + " of " +
                    plural(entries, "usable line", "usable lines") + ")";
        }
        complain(quoted(sums_name) + ": " + plural(taken, "line", "lines") + " checked" + share + ", " +
                 plan.describe());
    }
    closing_warnings(sums_name, bad_lines, tally, s);
    if (s.ignore_missing && tally.verified == 0 && tally.unreadable == 0) {
        if (!s.status) complain(quoted(sums_name) + ": no file was verified");
        return false;
    }
    return ok && signature_ok && !(s.check.strict && bad_lines > 0);
}

std::optional<Settings> read_settings(const Arguments& args) {
    Settings s;
    const auto algorithm = parse_algorithm_option(args);
    if (!algorithm) return std::nullopt;
    s.algorithm = *algorithm;
    s.check.impl = args.value("impl").value_or("best");
    s.check.strict = args.has("strict");
    const std::string output = args.last_of({"quiet", "status", "warn"});
    s.quiet = output == "quiet";
    s.status = output == "status";
    s.warn = output == "warn";
    s.ignore_missing = args.has("ignore-missing");
    s.verbose = args.has("verbose");
    const auto threads = parse_thread_count(args);
    if (!threads) return std::nullopt;
    s.check.threads = *threads;
    const auto shard = parse_shard_option(args);
    if (!shard) return std::nullopt;
    s.shard = *shard;
    s.json = args.has("json");
    s.no_signature = args.has("no-signature");
    if (auto signature = args.value("signature")) s.signature.signature = *signature;
    for (const auto& keyring : args.values("keyring")) s.signature.keyrings.emplace_back(keyring);
    if (auto key = args.value("public-key")) s.signature.public_key = *key;
    if (const auto file = args.value("pubkey")) {
        std::ifstream in(*file, std::ios::binary);
        if (!in) {
            complain_usage("cannot read the public key file " + quoted(*file));
            return std::nullopt;
        }
        s.signature.public_key.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    for (const auto& keyring : s.signature.keyrings) {
        std::error_code ec;
        if (!fs::is_regular_file(keyring, ec)) {
            complain_usage("cannot read the keyring " + quoted(keyring.string()));
            return std::nullopt;
        }
    }
    if (s.no_signature &&
        (!s.signature.signature.empty() || !s.signature.keyrings.empty() || !s.signature.public_key.empty())) {
        complain_usage("--no-signature cannot be combined with --signature, --keyring, --pubkey or -P");
        return std::nullopt;
    }
    return s;
}

}  // namespace

int run_check(int argc, char** argv, int first) {
    const Arguments args(argc, argv, first,
                         {{"algo", 'a', true},
                          {"length", 'l', true},
                          {"impl", 0, true},
                          {"strict", 0, false},
                          {"quiet", 0, false},
                          {"status", 0, false},
                          {"ignore-missing", 0, false},
                          {"warn", 'w', false},
                          {"verbose", 'v', false},
                          {"threads", 0, true},
                          {"shard", 0, true},
                          {"json", 0, false},
                          {"no-signature", 0, false},
                          {"signature", 0, true},
                          {"keyring", 0, true},
                          {"pubkey", 0, true},
                          {"public-key", 'P', true},
                          // coreutils' options that only sum takes, refused as coreutils refuses them
                          {"zero", 'z', false}});
    if (!args.ok()) {
        complain(args.error());
        return exit_usage;
    }
    if (args.has("zero")) {
        complain_usage("the --zero option is not supported when verifying checksums");
        return exit_usage;
    }
    const auto settings = read_settings(args);
    if (!settings) return exit_usage;
    std::vector<std::string> operands = args.operands();
    if (operands.empty()) operands.emplace_back("-");  // like sha256sum -c: no operand reads stdin
    bool ok = true;
    for (const auto& operand : operands) ok = check_one(operand, *settings) && ok;
    return ok ? exit_ok : exit_failed;
}

}  // namespace hashscope::cli
