#include "hashscope/verify/audit.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <deque>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "hashscope/verify/check_job.hpp"
#include "hashscope/verify/folder_walk.hpp"
#include "hashscope/verify/multi_file_hasher.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kCheckBatch = 8192;

bool below(const fs::path& relative) {
    return !relative.empty() && *relative.begin() != ".." && !relative.is_absolute();
}

// True when a relative name is already in normal form: no empty, "." or ".." component, no
// leading or trailing '/'. Nearly every name is; they skip the costly lexical normalisation.
bool is_plain(std::string_view name) {
    if (name.empty() || name.front() == '/' || name.back() == '/') return false;
    for (std::size_t start = 0;;) {
        const auto end = name.find('/', start);
        const auto part = name.substr(start, end == std::string_view::npos ? end : end - start);
        if (part.empty() || part == "." || part == "..") return false;
        if (end == std::string_view::npos) return true;
        start = end + 1;
    }
}

// A path found by the walk that the manifest does not list.
struct Found {
    fs::path path;     // as the walk found it, for reading
    std::string key;   // relative to the manifest's folder, for printing and matching
    std::string skip;  // non-empty: not a file to hash, and why
};

// The manifest's names, looked up by key. Keys point into the entries' own names when those are
// already normal (nearly always), so a name is held once.
class Listing {
public:
    Listing(std::span<const SumsEntry> entries, const fs::path& absolute_base) {
        index_.reserve(entries.size());
        for (std::size_t i = 0; i < entries.size(); ++i) {
            const std::string& name = entries[i].name;
            const std::string_view view = is_plain(name)
                                              ? std::string_view(name)
                                              : std::string_view(keys_.emplace_back(audit_key(name, absolute_base)));
            index_.try_emplace(view, i);
        }
    }
    [[nodiscard]] bool contains(std::string_view key) const { return index_.contains(key); }

private:
    std::deque<std::string> keys_;  // the keys that differ from their names
    std::unordered_map<std::string_view, std::size_t> index_;
};

// Where the walk's paths are, as seen from the manifest's folder.
class Keys {
public:
    Keys(const fs::path& root, const fs::path& absolute_base)
        : root_(root), absolute_root_(fs::absolute(root).lexically_normal()) {
        const fs::path prefix = absolute_root_.lexically_relative(absolute_base);
        inside_ = below(prefix) || prefix == ".";
        prefix_ = prefix == "." ? fs::path() : prefix;
        start_ = (inside_ ? prefix_ : absolute_root_).generic_string();
        if (!start_.empty() && start_.back() != '/') start_ += '/';
    }

    [[nodiscard]] std::string of(const fs::path& found) const {
        // The walk gives the root, a '/', then a plain relative path: joined as strings.
        const std::string& text = found.native();
        const std::string& root = root_.native();
        const bool separated = root.empty() || root.back() == '/';
        if (text.size() > root.size() + 1 && text.compare(0, root.size(), root) == 0 &&
            (separated || text[root.size()] == '/')) {
            const auto relative = std::string_view(text).substr(root.size() + (separated ? 0 : 1));
            if (is_plain(relative)) return start_ + std::string(relative);
        }
        fs::path relative = found.lexically_relative(root_);
        if (relative == ".") relative.clear();
        const fs::path start = inside_ ? prefix_ : absolute_root_;
        return (relative.empty() ? start : start / relative).lexically_normal().generic_string();
    }

private:
    fs::path root_;
    fs::path absolute_root_;
    fs::path prefix_;  // the root relative to the manifest's folder ("" when the same)
    bool inside_ = true;
    std::string start_;  // how a found path's key starts: the prefix or the absolute root, then a slash
};

// The missing entries (indices into the manifest, in manifest order), looked up by digest through
// a sorted index of their positions: 8 bytes per entry, and the digests stay in the entries.
class Missing {
public:
    // An entry in `skips` when a new file is hashed is no longer looked for.
    Missing(std::span<const SumsEntry> entries, const EntrySkips* skips) : entries_(entries), skips_(skips) {}
    void add(std::size_t entry) { missing_.push_back(entry); }
    [[nodiscard]] bool empty() const { return missing_.empty(); }

    // The algorithms any missing entry may use; builds the digest index.
    std::vector<const AlgorithmInfo*> prepare() {
        std::vector<const AlgorithmInfo*> algorithms;
        by_digest_.resize(missing_.size());
        claimed_.assign(missing_.size(), false);
        for (std::size_t m = 0; m < missing_.size(); ++m) {
            by_digest_[m] = m;
            for (const auto* a : entries_[missing_[m]].candidates) {
                if (std::find(algorithms.begin(), algorithms.end(), a) == algorithms.end()) algorithms.push_back(a);
            }
        }
        // Stable: equal digests keep manifest order, so the first listed is claimed first.
        std::stable_sort(by_digest_.begin(), by_digest_.end(),
                         [&](std::size_t a, std::size_t b) { return Order::less(expected(a), expected(b)); });
        return algorithms;
    }

    // The first unclaimed missing entry (in manifest order), not skipped by the user, that one of
    // these digests matches.
    std::optional<std::size_t> claim(std::span<const AlgorithmInfo* const> algorithms,
                                     const std::vector<Digest>& digests) {
        for (std::size_t a = 0; a < algorithms.size() && a < digests.size(); ++a) {
            const auto bytes = digests[a].bytes();
            const std::span<const std::uint8_t> digest(bytes.data(), bytes.size());
            const auto [first, last] = std::equal_range(by_digest_.begin(), by_digest_.end(), digest, Order{this});
            for (auto it = first; it != last; ++it) {
                const auto& entry = entries_[missing_[*it]];
                const bool candidate = std::find(entry.candidates.begin(), entry.candidates.end(), algorithms[a]) !=
                                       entry.candidates.end();
                if (!claimed_[*it] && candidate && !skipped_by_user(missing_[*it])) {
                    claimed_[*it] = true;
                    return missing_[*it];
                }
            }
        }
        return std::nullopt;
    }

    template <typename Fn>
    void for_each_unclaimed(Fn&& fn) const {
        for (std::size_t m = 0; m < missing_.size(); ++m) {
            if (m >= claimed_.size() || !claimed_[m]) fn(missing_[m]);
        }
    }

    [[nodiscard]] bool skipped_by_user(std::size_t entry) const { return skips_ != nullptr && skips_->skipped(entry); }

private:
    [[nodiscard]] std::span<const std::uint8_t> expected(std::size_t m) const { return entries_[missing_[m]].expected; }

    // Compares an index position with a digest, both ways, for equal_range.
    struct Order {
        const Missing* self;
        static bool less(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
            return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
        }
        bool operator()(std::size_t m, std::span<const std::uint8_t> digest) const {
            return less(self->expected(m), digest);
        }
        bool operator()(std::span<const std::uint8_t> digest, std::size_t m) const {
            return less(digest, self->expected(m));
        }
    };

    std::span<const SumsEntry> entries_;
    const EntrySkips* skips_;
    std::vector<std::size_t> missing_;    // entry indices, manifest order
    std::vector<std::size_t> by_digest_;  // positions in missing_, sorted by expected digest
    std::vector<bool> claimed_;           // per position in missing_
};

AuditResult found_result(AuditStatus status, std::string path, std::string message = {}, std::uint64_t bytes = 0) {
    AuditResult result;
    result.status = status;
    result.path = std::move(path);
    result.message = std::move(message);
    result.bytes = bytes;
    return result;
}

void count(AuditCounts& counts, AuditStatus status) {
    switch (status) {
        case AuditStatus::ok:
            ++counts.ok;
            break;
        case AuditStatus::changed:
            ++counts.changed;
            break;
        case AuditStatus::missing:
            ++counts.missing;
            break;
        case AuditStatus::added:
            ++counts.added;
            break;
        case AuditStatus::moved:
            ++counts.moved;
            break;
        case AuditStatus::unreadable:
            ++counts.unreadable;
            break;
        case AuditStatus::skipped:
            ++counts.skipped;
            break;
        case AuditStatus::skipped_by_user:
            ++counts.skipped_by_user;
            break;
        case AuditStatus::cancelled:
            counts.cancelled = true;
            break;
    }
}

AuditResult listed_result(std::size_t index, const SumsEntry& entry, const CheckResult& check) {
    AuditResult result = found_result(AuditStatus::unreadable, entry.name, check.message, check.bytes);
    result.entry = index;
    result.matched = check.matched;
    result.implementation = check.implementation;
    switch (check.verdict) {
        case Verdict::ok:
            result.status = AuditStatus::ok;
            break;
        case Verdict::failed:
            result.status = AuditStatus::changed;
            break;
        case Verdict::missing:
            result.status = AuditStatus::missing;
            break;
        case Verdict::cancelled:
            result.status = AuditStatus::cancelled;
            break;
        case Verdict::skipped:  // only the caller's skips make it
            result.status = AuditStatus::skipped_by_user;
            break;
        case Verdict::changed:
            result.message = "changed while being read: " + check.message;
            break;
        case Verdict::unreadable:
        case Verdict::not_regular:
        case Verdict::refused:
            break;
    }
    return result;
}

bool vanished(const fs::path& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) != 0 && errno == ENOENT;
}

}  // namespace

const char* to_string(AuditStatus status) {
    switch (status) {
        case AuditStatus::ok:
            return "OK";
        case AuditStatus::changed:
            return "CHANGED";
        case AuditStatus::missing:
            return "MISSING";
        case AuditStatus::added:
            return "NEW";
        case AuditStatus::moved:
            return "MOVED";
        case AuditStatus::unreadable:
            return "UNREADABLE";
        case AuditStatus::skipped:
            return "SKIPPED";
        case AuditStatus::skipped_by_user:
            return "SKIPPED-BY-USER";
        case AuditStatus::cancelled:
            return "CANCELLED";
    }
    return "?";
}

std::string audit_key(std::string_view name, const fs::path& absolute_base) {
    if (is_plain(name)) return std::string(name);
    fs::path path = fs::path(name).lexically_normal();
    if (!path.is_absolute() && below(path)) {
        std::string key = path.generic_string();
        if (key.size() > 1 && key.back() == '/') key.pop_back();
        return key;
    }
    if (!path.is_absolute()) path = (absolute_base / path).lexically_normal();
    const fs::path relative = path.lexically_relative(absolute_base);
    return below(relative) ? relative.generic_string() : path.generic_string();
}

AuditCounts audit_tree(const fs::path& base, std::span<const SumsEntry> entries, const fs::path& root,
                       const fs::path& manifest, const AuditOptions& options, const AuditSink& sink,
                       const AuditProgress& progress, std::stop_token stop) {
    AuditCounts counts;
    const auto emit = [&](const AuditResult& result) {
        count(counts, result.status);
        if (sink && result.status != AuditStatus::cancelled) sink(result);
    };
    const fs::path absolute_base = fs::absolute(base.empty() ? fs::path(".") : base).lexically_normal();
    const Listing listing(entries, absolute_base);
    const Keys keys(root, absolute_base);
    const std::string manifest_key =
        manifest.empty() ? std::string() : audit_key(fs::absolute(manifest).native(), absolute_base);

    std::mutex progress_mutex;  // the walk and the check's readers report one at a time
    const auto report = [&](AuditStage stage, std::size_t files, std::uint64_t done, std::uint64_t total) {
        if (!progress) return;
        const std::lock_guard lock(progress_mutex);
        progress(stage, files, done, total);
    };

    // The walk keeps only what the manifest does not list. It runs on a thread of its own beside
    // the check of the listed files: both are mostly system calls, and the listing is only read.
    std::vector<Found> found;
    std::jthread walker([&] {
        std::size_t walked = 0;
        WalkOptions walk_options;
        walk_options.include_hidden = options.include_hidden;
        // A found file is read (if at all) later, and says then that it vanished.
        walk_options.trust_entry_type = true;
        walk_folder(
            root, walk_options,
            [&](WalkItem&& item) {
                std::string key = keys.of(item.path);
                report(AuditStage::walking, ++walked, 0, 0);
                // A listed path the walk skips (a FIFO, say) is still checked by name, and says why.
                if (listing.contains(key) || key == manifest_key) return true;
                found.push_back({std::move(item.path), std::move(key), item.skipped ? std::move(item.reason) : ""});
                return true;
            },
            stop);
    });

    CheckOptions check;
    check.registry = options.registry;
    check.impl = options.impl;
    check.threads = options.threads;
    check.parallel_files = options.parallel_files;
    check.skips = options.skips;
    Missing missing(entries, options.skips);
    std::atomic<std::size_t> checked{0};
    CheckProgress check_progress;
    if (progress) {
        check_progress = [&](std::size_t, std::uint64_t done, std::uint64_t total) {
            report(AuditStage::checking, checked.load(), done, total);
        };
    }
    // In batches, as `check` checks a streamed file: check_entries' own bookkeeping (a few hundred
    // bytes per entry) then stays bounded whatever the manifest's size.
    for (std::size_t first = 0; first < entries.size() && !stop.stop_requested(); first += kCheckBatch) {
        const auto batch = entries.subspan(first, std::min(kCheckBatch, entries.size() - first));
        check.skips_first = first;  // the skips count entries over the whole manifest
        check_entries(
            base, batch, check,
            [&](std::size_t i, const CheckResult& r) {
                ++checked;
                const AuditResult result = listed_result(first + i, batch[i], r);
                if (result.status == AuditStatus::missing) {
                    missing.add(first + i);  // held back: it may turn up under a new name
                } else {
                    emit(result);
                }
            },
            check_progress, stop);
    }
    walker.join();
    if (stop.stop_requested()) {
        counts.cancelled = true;
        return counts;
    }

    // Found files are read only to find the missing ones: with nothing missing, NEW needs no digest.
    const bool look_for_moves =
        !missing.empty() && std::any_of(found.begin(), found.end(), [](const Found& f) { return f.skip.empty(); });
    if (!look_for_moves) {
        for (auto& f : found) {
            if (f.skip.empty()) {
                emit(found_result(AuditStatus::added, std::move(f.key)));
            } else {
                emit(found_result(AuditStatus::skipped, std::move(f.key), std::move(f.skip)));
            }
        }
    } else {
        const auto algorithms = missing.prepare();
        std::vector<fs::path> files;
        files.reserve(found.size());
        for (const auto& f : found) files.push_back(f.skip.empty() ? f.path : fs::path());
        std::vector<std::optional<FileHashResult>> read(found.size());
        std::atomic<std::size_t> done_files{0};
        MultiHashOptions hash;
        hash.registry = options.registry;
        hash.impl = options.impl;
        hash.threads = options.threads;
        hash.parallel_files = options.parallel_files;
        FilesProgress files_progress;
        if (progress) {
            files_progress = [&](std::size_t, std::uint64_t done, std::uint64_t total) {
                report(AuditStage::hashing_new, done_files.load(), done, total);
            };
        }
        hash_files(
            files, hash,
            [&](std::size_t i, FileReader& reader) {
                if (found[i].skip.empty()) read[i] = reader.read(algorithms);
            },
            [&](std::size_t i) {
                ++done_files;
                Found& f = found[i];
                if (!f.skip.empty())
                    return emit(found_result(AuditStatus::skipped, std::move(f.key), std::move(f.skip)));
                const FileHashResult r = std::move(*read[i]);
                read[i].reset();
                if (r.status == FileStatus::cancelled)
                    return emit(found_result(AuditStatus::cancelled, std::move(f.key)));
                if (r.status != FileStatus::ok) {
                    const std::string why = vanished(f.path) ? "vanished while being audited" : r.message;
                    return emit(found_result(AuditStatus::unreadable, std::move(f.key), why, r.bytes));
                }
                AuditResult result = found_result(AuditStatus::added, std::move(f.key), {}, r.bytes);
                if (const auto entry = missing.claim(algorithms, r.digests)) {
                    result.status = AuditStatus::moved;
                    result.old_path = entries[*entry].name;
                    result.entry = *entry;
                }
                emit(result);
            },
            files_progress, stop);
        if (stop.stop_requested()) {
            counts.cancelled = true;
            return counts;
        }
    }
    missing.for_each_unclaimed([&](std::size_t entry) {
        // Held back until now: a skip since its check still counts, as it does for a file being read.
        AuditResult result = missing.skipped_by_user(entry)
                                 ? found_result(AuditStatus::skipped_by_user, entries[entry].name, "skipped")
                                 : found_result(AuditStatus::missing, entries[entry].name, "No such file or directory");
        result.entry = entry;
        emit(result);
    });
    return counts;
}

}  // namespace hashscope::verify
