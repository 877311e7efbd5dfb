#include "hashscope/verify/check_job.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "hashscope/verify/multi_file_hasher.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

// One file to read, and the entries (lines) that name it.
struct Task {
    fs::path path;
    std::vector<std::size_t> entries;
    bool outside = false;
};

std::vector<Task> group_by_file(const fs::path& base, std::span<const SumsEntry> entries) {
    std::vector<Task> tasks;
    std::unordered_map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const fs::path name(entries[i].name);
        fs::path path = name.is_absolute() ? name : base / name;
        auto [it, inserted] = index.try_emplace(path.native(), tasks.size());
        if (inserted) tasks.push_back({std::move(path), {}, is_outside_name(entries[i].name)});
        tasks[it->second].entries.push_back(i);
    }
    return tasks;
}

Verdict verdict_of(FileStatus status, const fs::path& path) {
    switch (status) {
        case FileStatus::ok:
            return Verdict::ok;
        case FileStatus::cancelled:
            return Verdict::cancelled;
        case FileStatus::not_regular:
            return Verdict::not_regular;
        case FileStatus::changed:
            return Verdict::changed;
        case FileStatus::unreadable:
            break;
    }
    struct stat st {};
    return ::lstat(path.c_str(), &st) != 0 && errno == ENOENT ? Verdict::missing : Verdict::unreadable;
}

bool digest_matches(const Digest& digest, const std::vector<std::uint8_t>& expected) {
    const auto bytes = digest.bytes();
    return std::equal(bytes.begin(), bytes.end(), expected.begin(), expected.end());
}

// The shared state of one check: each file's work settles the entries that name it.
class Job {
public:
    Job(std::span<const SumsEntry> entries, const CheckOptions& options, std::stop_token stop)
        : entries_(entries), options_(options), stop_(std::move(stop)), results_(entries.size()) {}

    // Settles the entries of the task's file, each with the time the file took.
    void run(const Task& task, FileReader& reader) {
        const auto start = std::chrono::steady_clock::now();
        settle(task, reader);
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        for (auto entry : task.entries) {
            if (auto& result = results_[entry]) result->seconds = took.count();
        }
    }

    // The entry's result, once its file's work is done; it is handed out only once (an entry
    // asked for before or twice reads as cancelled, never as undefined).
    CheckResult take(std::size_t entry) {
        auto taken = std::exchange(results_[entry], std::nullopt);
        return taken ? std::move(*taken) : CheckResult{};
    }

private:
    void settle(const Task& task, FileReader& reader) {
        if (stop_.stop_requested()) return publish_all(task, {Verdict::cancelled, "cancelled"});
        if (task.outside && options_.strict) {
            CheckResult refused{Verdict::refused,
                                "refused by --strict: the name leads outside the checksum file's folder"};
            refused.outside = true;
            return publish_all(task, refused);
        }
        // Entries skipped already are not read for; the file's read stops once all of them are.
        std::vector<std::size_t> open;
        for (auto entry : task.entries) {
            if (skipped(entry)) {
                publish(entry, {});
            } else {
                open.push_back(entry);
            }
        }
        if (open.empty()) return;
        // Without skips the file has no stop of its own (and costs nothing for one).
        std::stop_source file_stop{std::nostopstate};
        EntrySkips::Watch watch;
        if (options_.skips != nullptr) {
            file_stop = std::stop_source();
            std::vector<std::size_t> numbers;
            numbers.reserve(task.entries.size());
            for (auto entry : task.entries) numbers.push_back(options_.skips_first + entry);
            watch = options_.skips->watch(numbers, file_stop);
        }
        // First pass: each entry's likeliest algorithm. Second: every other candidate of the
        // entries that did not match, all from one more read.
        std::vector<const AlgorithmInfo*> first;
        for (auto entry : open) {
            const auto* a = preferred(entries_[entry]);
            if (std::find(first.begin(), first.end(), a) == first.end()) first.push_back(a);
        }
        CheckResult last;
        if (!pass(task, reader, file_stop.get_token(), first, open, last)) return;
        std::vector<const AlgorithmInfo*> second;
        for (auto entry : open) {
            for (const auto* a : entries_[entry].candidates) {
                if (std::find(first.begin(), first.end(), a) == first.end() &&
                    std::find(second.begin(), second.end(), a) == second.end()) {
                    second.push_back(a);
                }
            }
        }
        if (!second.empty() && !pass(task, reader, file_stop.get_token(), second, open, last)) return;
        for (auto entry : open) publish(entry, last);  // no candidate matched
    }

    // Each entry is settled by the work of its own file only: no lock needed. An entry skipped
    // before it is settled is skipped, whatever its file's read came to.
    void publish(std::size_t entry, CheckResult result) {
        if (skipped(entry)) {
            result.verdict = Verdict::skipped;
            result.message = "skipped";
            result.matched = nullptr;
        }
        results_[entry] = std::move(result);
    }

    [[nodiscard]] bool skipped(std::size_t entry) const {
        return options_.skips != nullptr && options_.skips->skipped(options_.skips_first + entry);
    }

    void publish_all(const Task& task, const CheckResult& result) {
        for (auto entry : task.entries) publish(entry, result);
    }

    // The candidate tried first: the algorithm that matched a digest of this size before.
    const AlgorithmInfo* preferred(const SumsEntry& entry) {
        const std::lock_guard lock(mutex_);
        const auto it = learned_.find(entry.expected.size());
        if (it != learned_.end() &&
            std::find(entry.candidates.begin(), entry.candidates.end(), it->second) != entry.candidates.end()) {
            return it->second;
        }
        return entry.candidates.front();
    }

    void learn(const AlgorithmInfo* algorithm) {
        const std::lock_guard lock(mutex_);
        learned_[algorithm->digest_size] = algorithm;
    }

    // Reads the task's file for `algorithms` and settles the entries in `open` that match; the
    // rest stay open. Returns false when the file could not be read (entries then settled).
    bool pass(const Task& task, FileReader& reader, std::stop_token file_stop,
              const std::vector<const AlgorithmInfo*>& algorithms, std::vector<std::size_t>& open, CheckResult& last) {
        const auto file = reader.read(algorithms, std::move(file_stop));
        if (file.status != FileStatus::ok) {
            CheckResult failure{verdict_of(file.status, task.path), file.message};
            failure.bytes = file.bytes;
            failure.outside = task.outside;
            for (auto entry : open) publish(entry, failure);
            return false;
        }
        const auto& implementations = reader.implementations();
        last = {Verdict::failed, {}, nullptr, implementations.front(), file.bytes, task.outside};
        std::vector<std::size_t> still_open;
        for (auto entry : open) {
            const auto& e = entries_[entry];
            bool matched = false;
            for (std::size_t i = 0; i < algorithms.size() && !matched; ++i) {
                const bool candidate =
                    std::find(e.candidates.begin(), e.candidates.end(), algorithms[i]) != e.candidates.end();
                if (!candidate || !digest_matches(file.digests[i], e.expected)) continue;
                matched = true;
                learn(algorithms[i]);
                publish(entry, {Verdict::ok, {}, algorithms[i], implementations[i], file.bytes, task.outside});
            }
            if (!matched) still_open.push_back(entry);
        }
        open = std::move(still_open);
        return true;
    }

    std::span<const SumsEntry> entries_;
    const CheckOptions& options_;
    std::stop_token stop_;
    std::vector<std::optional<CheckResult>> results_;      // per entry
    std::mutex mutex_;                                     // learned_
    std::map<std::size_t, const AlgorithmInfo*> learned_;  // digest size -> algorithm that matched
};

}  // namespace

const char* to_string(Verdict verdict) {
    switch (verdict) {
        case Verdict::ok:
            return "OK";
        case Verdict::failed:
            return "FAILED";
        case Verdict::missing:
            return "MISSING";
        case Verdict::unreadable:
            return "UNREADABLE";
        case Verdict::not_regular:
            return "SKIPPED";
        case Verdict::changed:
            return "CHANGED";
        case Verdict::refused:
            return "REFUSED";
        case Verdict::skipped:
            return "SKIPPED";
        case Verdict::cancelled:
            return "CANCELLED";
    }
    return "?";
}

CheckPlan check_entries(const fs::path& base, std::span<const SumsEntry> entries, const CheckOptions& options,
                        const CheckSink& sink, const CheckProgress& progress, std::stop_token stop) {
    const auto tasks = group_by_file(base, entries);
    std::vector<fs::path> files;
    std::vector<std::size_t> task_of(entries.size());
    for (std::size_t t = 0; t < tasks.size(); ++t) {
        files.push_back(tasks[t].path);
        for (auto entry : tasks[t].entries) task_of[entry] = t;
    }
    MultiHashOptions hash;
    hash.registry = options.registry;
    hash.impl = options.impl;
    hash.threads = options.threads;
    hash.parallel_files = options.parallel_files;
    Job job(entries, options, stop);
    // Files are numbered by their first entry, so once file t is done, every entry up to the
    // first one of a later file is settled.
    std::size_t next_entry = 0;
    const auto done = [&](std::size_t t) {
        for (; next_entry < entries.size() && task_of[next_entry] <= t; ++next_entry) {
            const auto result = job.take(next_entry);
            if (sink) sink(next_entry, result);
        }
    };
    FilesProgress file_progress;
    if (progress) {
        file_progress = [&](std::size_t t, std::uint64_t bytes, std::uint64_t total) {
            progress(tasks[t].entries.front(), bytes, total);
        };
    }
    return hash_files(
        files, hash, [&](std::size_t t, FileReader& reader) { job.run(tasks[t], reader); }, done, file_progress,
        std::move(stop));
}

}  // namespace hashscope::verify
