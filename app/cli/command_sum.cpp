// `hashscope-cli sum`: digests of files, printed as sha256sum / sha256sum --tag print them.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>

#include "algorithm_option.hpp"
#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/file_hash.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/sums_format.hpp"
#include "hashscope/verify/file_digester.hpp"
#include "hashscope/verify/folder_walk.hpp"
#include "hashscope/verify/multi_file_hasher.hpp"
#include "object_values.hpp"
#include "records.hpp"
#include "thread_count.hpp"

namespace hashscope::cli {
namespace {

namespace fs = std::filesystem;

struct Target {
    std::string name;  // as printed: the operand, or the walked path
    bool is_stdin = false;
};

struct Settings {
    std::vector<const AlgorithmInfo*> algorithms;
    std::string impl = "best";
    bool tag = false;
    bool recursive = false;
    LineStyle style;       // -b / -z
    bool base64 = false;   // digests in base64, as cksum --base64
    unsigned threads = 0;  // files at once; 0: the multi-file hasher decides
    verify::Shard shard;   // --shard: the files this process takes
    bool json = false;     // --json: a record per file and algorithm instead of the lines
    S3Settings s3;         // --s3: what S3 would show, not the digest
};

// Adds the files below `folder` that belong to `shard`, in name order so that output is
// reproducible. Symlinked folders are not followed (that is how loops are avoided); what is left
// out is said on stderr, by the shard the path belongs to.
bool walk(const fs::path& folder, const verify::Shard& shard, std::vector<Target>& out) {
    bool ok = true;
    verify::WalkOptions options;
    if (shard.count > 1) options.wanted = [&shard](std::string_view path) { return shard.takes(path); };
    verify::walk_folder(folder, options, [&](verify::WalkItem&& item) {
        if (item.skipped) {
            complain(item.path.string() + ": " + item.reason);
            // A skipped symlink or special file is a choice, not a failure; a folder that cannot
            // be read is.
            ok = ok && item.reason.find("link") != std::string::npos;
        } else {
            out.push_back({item.path.string()});
        }
        return true;
    });
    return ok;
}

struct Outcome {
    std::string text;    // lines for stdout
    std::string errors;  // lines for stderr
    bool ok = true;
};

Outcome hash_one(const Target& target, const Settings& settings, verify::FileReader& reader) {
    Outcome outcome;
    const auto start = std::chrono::steady_clock::now();
    const auto result =
        target.is_stdin ? reader.read_descriptor(STDIN_FILENO, settings.algorithms) : reader.read(settings.algorithms);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    if (result.status != FileStatus::ok) {
        std::string reason = result.message;
        if (result.status == FileStatus::not_regular && fs::is_directory(target.name))
            reason = "Is a directory (use -r to walk it)";
        outcome.errors = "hashscope-cli: " + target.name + ": " + reason + "\n";
        outcome.ok = false;
    }
    if (settings.json) {
        outcome.text =
            json_lines(sum_records(target.name, settings.algorithms, result, reader.implementations(), took.count()));
        return outcome;
    }
    if (!outcome.ok) return outcome;
    const bool bsd = settings.tag || settings.algorithms.size() > 1;
    for (std::size_t i = 0; i < result.digests.size(); ++i) {
        const auto& digest = result.digests[i];
        const auto text = settings.base64 ? to_base64(digest.bytes()) : digest.hex();
        outcome.text += bsd ? bsd_line(settings.algorithms[i]->bsd_tag, target.name, text, settings.style)
                            : gnu_line(text, target.name, settings.style);
    }
    return outcome;
}

// Hashes the targets several at once (the multi-file hasher decides how, from the storage) and
// prints each file's lines in the order given, as soon as they and everything before them are known.
bool hash_all(const std::vector<Target>& targets, const Settings& settings) {
    std::vector<fs::path> files;
    files.reserve(targets.size());
    for (const auto& target : targets) files.push_back(target.is_stdin ? fs::path() : fs::path(target.name));
    std::vector<Outcome> outcomes(targets.size());
    bool all_ok = true;
    verify::MultiHashOptions options;
    options.impl = settings.impl;
    options.parallel_files = settings.threads;
    verify::hash_files(
        files, options,
        [&](std::size_t i, verify::FileReader& reader) { outcomes[i] = hash_one(targets[i], settings, reader); },
        [&](std::size_t i) {
            const Outcome outcome = std::move(outcomes[i]);
            std::cout << outcome.text << std::flush;
            std::cerr << outcome.errors;
            all_ok = all_ok && outcome.ok;
        });
    return all_ok;
}

// Options of `check` that coreutils refuses without --check, with its words.
bool refuse_check_options(const Arguments& args) {
    for (const char* option : {"ignore-missing", "quiet", "status", "strict", "warn"}) {
        if (args.has(option)) {
            complain_usage(std::string("the --") + option + " option is meaningful only when verifying checksums");
            return false;
        }
    }
    if (args.has("tag") && args.last_of({"binary", "text"}) == "text") {
        complain_usage("--tag does not support --text mode");
        return false;
    }
    return true;
}

std::optional<Settings> read_settings(const Arguments& args) {
    if (!refuse_check_options(args)) return std::nullopt;
    Settings s;
    for (const auto& id : split_list(args.value("algo").value_or("sha256"))) {
        const auto* algorithm = find_algorithm(id);
        if (algorithm == nullptr) {
            complain("unknown algorithm '" + id + "' (see: hashscope-cli list)");
            return std::nullopt;
        }
        const auto sized = apply_length_option(args, *algorithm);
        if (!sized) return std::nullopt;
        s.algorithms.push_back(*sized);
    }
    if (s.algorithms.empty()) {
        complain("no algorithm given");
        return std::nullopt;
    }
    s.impl = args.value("impl").value_or("best");
    verify::DigestOptions probe_options;
    probe_options.impl = s.impl;
    if (auto probe = verify::FileDigester::make(s.algorithms, probe_options); !probe) {
        complain(probe.error().message);
        return std::nullopt;
    }
    s.tag = args.has("tag");
    s.recursive = args.has("recursive");
    // -b / -t: coreutils' binary and text modes read the same bytes on Linux; -b shows in the '*'.
    s.style.binary = args.last_of({"binary", "text"}) == "binary";
    s.style.zero = args.has("zero");
    s.base64 = args.has("base64");
    const auto threads = parse_thread_count(args);
    if (!threads) return std::nullopt;
    s.threads = *threads;
    const auto shard = parse_shard_option(args);
    if (!shard) return std::nullopt;
    s.shard = *shard;
    s.json = args.has("json");
    const auto s3 = parse_s3_options(args);
    if (!s3) return std::nullopt;
    s.s3 = *s3;
    if (!s.s3.enabled && s.s3.part_size != 0) {
        complain_usage("--part-size goes with --s3");
        return std::nullopt;
    }
    if (s.s3.enabled && (s.json || s.base64 || s.tag)) {
        complain_usage("--s3 prints values as S3 shows them: not with --json, --base64 or --tag");
        return std::nullopt;
    }
    return s;
}

}  // namespace

int run_sum(int argc, char** argv, int first) {
    const Arguments args(argc, argv, first,
                         {{"algo", 'a', true},
                          {"length", 'l', true},
                          {"impl", 0, true},
                          {"tag", 0, false},
                          {"recursive", 'r', false},
                          {"threads", 0, true},
                          {"shard", 0, true},
                          {"json", 0, false},
                          {"s3", 0, false},
                          {"part-size", 0, true},
                          {"s3-type", 0, true},
                          // coreutils' md5sum / sha256sum / b2sum / cksum options
                          {"binary", 'b', false},
                          {"text", 't', false},
                          {"zero", 'z', false},
                          {"base64", 0, false},
                          {"ignore-missing", 0, false},
                          {"quiet", 0, false},
                          {"status", 0, false},
                          {"strict", 0, false},
                          {"warn", 'w', false}});
    if (!args.ok()) {
        complain(args.error());
        return exit_usage;
    }
    const auto settings = read_settings(args);
    if (!settings) return exit_usage;

    std::vector<Target> targets;
    bool ok = true;
    std::vector<std::string> operands = args.operands();
    if (operands.empty()) operands.emplace_back("-");  // like sha256sum: no operand means stdin
    for (const auto& operand : operands) {
        std::error_code ec;
        if (operand == "-") {
            targets.push_back({"-", true});  // each process has its own standard input: never sharded
        } else if (settings->recursive && fs::is_directory(operand, ec)) {
            ok = walk(operand, settings->shard, targets) && ok;
        } else if (settings->shard.takes(operand)) {
            targets.push_back({operand});
        }
    }
    if (settings->s3.enabled) {
        std::vector<std::string> files;
        for (const auto& target : targets) {
            if (target.is_stdin) {
                complain_usage("--s3 reads parts of a file at once: give a file, not standard input");
                return exit_usage;
            }
            files.push_back(target.name);
        }
        const int status = print_s3_values(files, settings->algorithms, settings->s3, settings->impl, settings->style);
        return status == exit_ok && !ok ? exit_failed : status;
    }
    ok = hash_all(targets, *settings) && ok;
    return ok ? exit_ok : exit_failed;
}

}  // namespace hashscope::cli
