// `hashscope-cli sum`: digests of files, printed as sha256sum / sha256sum --tag print them.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>

#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/file_hash.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/sums_format.hpp"
#include "hashscope/verify/file_digester.hpp"
#include "hashscope/verify/folder_walk.hpp"
#include "hashscope/verify/ordered_results.hpp"
#include "hashscope/verify/storage.hpp"
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
    unsigned threads = 0;  // files at once; 0: decided from the storage
};

// Adds the files below `folder`, in name order so that output is reproducible. Symlinked folders
// are not followed (that is how loops are avoided); what is left out is said on stderr.
bool walk(const fs::path& folder, std::vector<Target>& out) {
    bool ok = true;
    verify::walk_folder(folder, {}, [&](verify::WalkItem&& item) {
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

Outcome hash_one(const Target& target, const Settings& settings, verify::FileDigester& digester) {
    Outcome outcome;
    const auto result = target.is_stdin ? digester.digest_descriptor(STDIN_FILENO) : digester.digest(target.name);
    if (result.status != FileStatus::ok) {
        std::string reason = result.message;
        if (result.status == FileStatus::not_regular && fs::is_directory(target.name))
            reason = "Is a directory (use -r to walk it)";
        outcome.errors = "hashscope-cli: " + target.name + ": " + reason + "\n";
        outcome.ok = false;
        return outcome;
    }
    const bool bsd = settings.tag || settings.algorithms.size() > 1;
    for (std::size_t i = 0; i < result.digests.size(); ++i) {
        const auto hex = result.digests[i].hex();
        outcome.text += bsd ? bsd_line(settings.algorithms[i]->bsd_tag, target.name, hex) : gnu_line(hex, target.name);
    }
    return outcome;
}

// A spinning disk must serve one file at a time (parallel reads make it seek); files already in
// the page cache may still be hashed in parallel. Judged from the first file's folder.
bool on_rotational_disk(const std::vector<Target>& targets) {
    if (targets.empty() || targets.front().is_stdin) return false;
    const auto folder = fs::path(targets.front().name).parent_path();
    return verify::storage_of(folder.empty() ? fs::path(".") : folder).kind == verify::StorageKind::rotational;
}

// Hashes the targets on several workers (the caller is one) and prints each file's lines in the
// order given, as soon as they and everything before them are known.
bool hash_all(const std::vector<Target>& targets, const Settings& settings) {
    verify::OrderedResults<Outcome> outcomes(targets.size());
    std::atomic<std::size_t> next{0};
    bool all_ok = true;
    auto print = [&](std::size_t, Outcome&& outcome) {
        std::cout << outcome.text << std::flush;
        std::cerr << outcome.errors;
        all_ok = all_ok && outcome.ok;
    };
    const unsigned files_at_once =
        settings.threads != 0 ? settings.threads : std::max(1U, std::thread::hardware_concurrency());
    const auto workers = std::min<std::size_t>(files_at_once, targets.size());
    std::mutex disk;
    const bool rotational = on_rotational_disk(targets);
    auto work = [&](bool prints) {
        verify::DigestOptions options;
        options.impl = settings.impl;
        options.rotational = rotational;
        if (rotational && workers > 1) options.disk_turn = &disk;
        auto digester = verify::FileDigester::make(settings.algorithms, options);  // validated before
        for (std::size_t i; (i = next.fetch_add(1)) < targets.size();) {
            outcomes.publish(i, hash_one(targets[i], settings, *digester.value()));
            if (prints) outcomes.drain(print, false);
        }
        if (prints) outcomes.drain(print, true);
    };
    std::vector<std::jthread> helpers;
    for (std::size_t t = 1; t < workers; ++t) helpers.emplace_back([&] { work(false); });
    work(true);
    return all_ok;
}

std::optional<Settings> read_settings(const Arguments& args) {
    Settings s;
    for (const auto& id : split_list(args.value("algo").value_or("sha256"))) {
        const auto* algorithm = find_algorithm(id);
        if (algorithm == nullptr) {
            complain("unknown algorithm '" + id + "' (see: hashscope-cli list)");
            return std::nullopt;
        }
        s.algorithms.push_back(algorithm);
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
    const auto threads = parse_thread_count(args);
    if (!threads) return std::nullopt;
    s.threads = *threads;
    return s;
}

}  // namespace

int run_sum(int argc, char** argv, int first) {
    const Arguments args(
        argc, argv, first,
        {{"algo", 'a', true}, {"impl", 0, true}, {"tag", 0, false}, {"recursive", 'r', false}, {"threads", 0, true}});
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
            targets.push_back({"-", true});
        } else if (settings->recursive && fs::is_directory(operand, ec)) {
            ok = walk(operand, targets) && ok;
        } else {
            targets.push_back({operand});
        }
    }
    ok = hash_all(targets, *settings) && ok;
    return ok ? exit_ok : exit_failed;
}

}  // namespace hashscope::cli
