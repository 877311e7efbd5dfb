#include "hashscope/verify/check_job.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include "hashscope/verify/file_digester.hpp"
#include "hashscope/verify/ordered_results.hpp"

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

// The shared state of one check: tasks handed out to workers, results handed back in order.
class Job {
public:
    Job(std::span<const SumsEntry> entries, std::vector<Task> tasks, const CheckOptions& options,
        const CheckProgress& progress, std::stop_token stop, bool rotational, bool disk_takes_turns)
        : entries_(entries),
          tasks_(std::move(tasks)),
          options_(options),
          progress_(progress),
          stop_(std::move(stop)),
          rotational_(rotational),
          disk_turn_(disk_takes_turns ? &disk_mutex_ : nullptr),
          results_(entries.size()) {}

    // Takes files until none is left. With a sink (the caller's thread), hands out what is ready
    // between files, and at the end waits for the other workers' last results.
    void work(const CheckSink* sink = nullptr) {
        std::map<std::string, std::unique_ptr<FileDigester>> digesters;  // per algorithm set
        auto hand_out = [&](std::size_t entry, CheckResult&& result) {
            if (*sink) (*sink)(entry, result);
        };
        for (std::size_t t; (t = next_task_.fetch_add(1)) < tasks_.size();) {
            run(tasks_[t], digesters);
            if (sink != nullptr) results_.drain(hand_out, false);
        }
        if (sink != nullptr) results_.drain(hand_out, true);
    }

private:
    void publish(std::size_t entry, CheckResult result) { results_.publish(entry, std::move(result)); }

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

    FileDigester* digester_for(const std::vector<const AlgorithmInfo*>& algorithms,
                               std::map<std::string, std::unique_ptr<FileDigester>>& cache, std::string& error) {
        std::string key;
        for (const auto* a : algorithms) key.append(a->id).push_back(',');
        auto& slot = cache[key];
        if (!slot) {
            DigestOptions digest_options;
            digest_options.registry = options_.registry;
            digest_options.impl = options_.impl;
            digest_options.threads = options_.threads;
            digest_options.disk_turn = disk_turn_;
            digest_options.rotational = rotational_;
            auto made = FileDigester::make(algorithms, digest_options);
            if (!made) {
                error = made.error().message;
                cache.erase(key);
                return nullptr;
            }
            slot = std::move(made.value());
        }
        return slot.get();
    }

    // Reads the task's file for `algorithms` and settles the entries in `open` that match; the
    // rest stay open. Returns false when the file could not be read (entries then settled).
    bool pass(const Task& task, const std::vector<const AlgorithmInfo*>& algorithms, std::vector<std::size_t>& open,
              std::map<std::string, std::unique_ptr<FileDigester>>& cache, CheckResult& last) {
        std::string error;
        FileDigester* digester = digester_for(algorithms, cache, error);
        if (digester == nullptr) {
            for (auto entry : open) publish(entry, {Verdict::unreadable, error});
            return false;
        }
        const std::size_t first = task.entries.front();
        const auto file = digester->digest(
            task.path,
            [&](std::uint64_t done, std::uint64_t total) {
                if (!progress_) return;
                const std::lock_guard lock(progress_mutex_);
                progress_(first, done, total);
            },
            stop_);
        if (file.status != FileStatus::ok) {
            CheckResult failure{verdict_of(file.status, task.path), file.message};
            failure.bytes = file.bytes;
            failure.outside = task.outside;
            for (auto entry : open) publish(entry, failure);
            return false;
        }
        last = {Verdict::failed, {}, nullptr, digester->implementations().front(), file.bytes, task.outside};
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
                publish(entry,
                        {Verdict::ok, {}, algorithms[i], digester->implementations()[i], file.bytes, task.outside});
            }
            if (!matched) still_open.push_back(entry);
        }
        open = std::move(still_open);
        return true;
    }

    void run(const Task& task, std::map<std::string, std::unique_ptr<FileDigester>>& cache) {
        if (stop_.stop_requested()) return publish_all(task, {Verdict::cancelled, "cancelled"});
        if (task.outside && options_.strict) {
            CheckResult refused{Verdict::refused,
                                "refused by --strict: the name leads outside the checksum file's folder"};
            refused.outside = true;
            return publish_all(task, refused);
        }
        // First pass: each entry's likeliest algorithm. Second: every other candidate of the
        // entries that did not match, all from one more read.
        std::vector<std::size_t> open = task.entries;
        std::vector<const AlgorithmInfo*> first;
        for (auto entry : open) {
            const auto* a = preferred(entries_[entry]);
            if (std::find(first.begin(), first.end(), a) == first.end()) first.push_back(a);
        }
        CheckResult last;
        if (!pass(task, first, open, cache, last)) return;
        std::vector<const AlgorithmInfo*> second;
        for (auto entry : open) {
            for (const auto* a : entries_[entry].candidates) {
                if (std::find(first.begin(), first.end(), a) == first.end() &&
                    std::find(second.begin(), second.end(), a) == second.end()) {
                    second.push_back(a);
                }
            }
        }
        if (!second.empty() && !pass(task, second, open, cache, last)) return;
        for (auto entry : open) publish(entry, last);  // no candidate matched
    }

    std::span<const SumsEntry> entries_;
    std::vector<Task> tasks_;
    const CheckOptions& options_;
    const CheckProgress& progress_;
    std::stop_token stop_;
    bool rotational_;
    std::mutex disk_mutex_;  // the turn of a rotational disk
    std::mutex* disk_turn_;

    std::atomic<std::size_t> next_task_{0};
    std::mutex mutex_;           // learned_
    std::mutex progress_mutex_;  // one progress call at a time
    OrderedResults<CheckResult> results_;
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
        case Verdict::cancelled:
            return "CANCELLED";
    }
    return "?";
}

std::string CheckPlan::describe() const {
    std::string text = std::to_string(parallel_files) + (parallel_files == 1 ? " file at a time" : " files at a time");
    if (disk_takes_turns) text += "; a spinning disk: reads from it take turns, cached files go in parallel";
    return text + " (" + storage.how + ")";
}

CheckPlan check_entries(const fs::path& base, std::span<const SumsEntry> entries, const CheckOptions& options,
                        const CheckSink& sink, const CheckProgress& progress, std::stop_token stop) {
    CheckPlan plan;
    plan.storage = storage_of(base.empty() ? fs::path(".") : base);
    const unsigned cores = std::max(1U, std::thread::hardware_concurrency());
    const unsigned threads = options.threads == 0 ? cores : options.threads;
    auto tasks = group_by_file(base, entries);
    const unsigned wanted = options.parallel_files != 0 ? options.parallel_files : threads;
    plan.parallel_files = static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(wanted, tasks.size())));
    const bool rotational = plan.storage.kind == StorageKind::rotational;
    plan.disk_takes_turns = rotational && plan.parallel_files > 1;
    const auto workers = plan.parallel_files;
    Job job(entries, std::move(tasks), options, progress, std::move(stop), rotational, plan.disk_takes_turns);
    {
        std::vector<std::jthread> helpers;
        for (std::size_t i = 1; i < workers; ++i) helpers.emplace_back([&] { job.work(); });
        job.work(&sink);  // the caller works too, and hands out every result in entry order
    }
    return plan;
}

}  // namespace hashscope::verify
