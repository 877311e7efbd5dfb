// `hashscope-cli sum`: digests of files, printed as sha256sum / sha256sum --tag print them.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
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
    unsigned threads = 1;
};

// Adds the regular files below `folder`, in name order so that output is reproducible. Symlinks to
// folders are not followed (that is how loops are avoided); symlinks to files are hashed.
bool walk(const fs::path& folder, std::vector<Target>& out) {
    std::error_code ec;
    std::vector<fs::directory_entry> entries;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) entries.push_back(*it);
    if (ec) {
        complain(folder.string() + ": " + ec.message());
        return false;
    }
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.path() < b.path(); });
    bool ok = true;
    for (const auto& entry : entries) {
        std::error_code type_ec;
        const bool is_link = entry.is_symlink(type_ec);
        const bool is_dir = entry.is_directory(type_ec);
        if (is_dir && is_link) {
            complain(entry.path().string() + ": symbolic link to a folder, not followed");
        } else if (is_dir) {
            ok = walk(entry.path(), out) && ok;
        } else {
            out.push_back({entry.path().string()});
        }
    }
    return ok;
}

struct Outcome {
    std::string text;    // lines for stdout
    std::string errors;  // lines for stderr
    bool ok = true;
};

Outcome hash_one(const Target& target, const Settings& settings) {
    Outcome outcome;
    std::vector<HasherPtr> owned;
    std::vector<Hasher*> hashers;
    for (const auto* algorithm : settings.algorithms) {
        auto hasher = Registry::host().make_hasher(algorithm->id, settings.impl);
        owned.push_back(std::move(hasher.value()));  // validated before any file is read
        hashers.push_back(owned.back().get());
    }
    const auto result = target.is_stdin ? hash_descriptor(STDIN_FILENO, hashers) : hash_file(target.name, hashers);
    if (result.status != FileStatus::ok) {
        std::string reason = result.message;
        if (result.status == FileStatus::not_regular && fs::is_directory(target.name)) reason = "Is a directory (use -r to walk it)";
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

// Hashes the targets on `threads` workers and prints each file's lines in the order given.
bool hash_all(const std::vector<Target>& targets, const Settings& settings) {
    std::vector<std::optional<Outcome>> outcomes(targets.size());
    std::mutex mutex;
    std::condition_variable ready;
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < targets.size();) {
            auto outcome = hash_one(targets[i], settings);
            const std::lock_guard lock(mutex);
            outcomes[i] = std::move(outcome);
            ready.notify_all();
        }
    };
    std::vector<std::jthread> pool;
    const auto workers = std::min<std::size_t>(settings.threads, targets.size());
    if (workers <= 1) {
        worker();  // no threads for the common case
    } else {
        for (std::size_t t = 0; t < workers; ++t) pool.emplace_back(worker);
    }

    bool all_ok = true;
    for (std::size_t i = 0; i < targets.size(); ++i) {
        std::unique_lock lock(mutex);
        ready.wait(lock, [&] { return outcomes[i].has_value(); });
        const Outcome outcome = std::move(*outcomes[i]);
        lock.unlock();
        std::cout << outcome.text << std::flush;
        std::cerr << outcome.errors;
        all_ok = all_ok && outcome.ok;
    }
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
    for (const auto* algorithm : s.algorithms) {
        if (auto probe = Registry::host().make_hasher(algorithm->id, s.impl); !probe) {
            complain(probe.error().message);
            return std::nullopt;
        }
    }
    s.tag = args.has("tag");
    s.recursive = args.has("recursive");
    if (auto threads = args.value("threads")) {
        try {
            s.threads = static_cast<unsigned>(std::stoul(*threads));
        } catch (const std::exception&) {
            s.threads = 0;
        }
        if (s.threads == 0 || s.threads > 1024) {
            complain("--threads wants a whole number from 1 to 1024, not '" + *threads + "'");
            return std::nullopt;
        }
    }
    return s;
}

}  // namespace

int run_sum(int argc, char** argv, int first) {
    const Arguments args(argc, argv, first,
                         {{"algo", 'a', true}, {"impl", 0, true}, {"tag", 0, false}, {"recursive", 'r', false},
                          {"threads", 0, true}});
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
