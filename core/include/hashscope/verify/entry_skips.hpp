// EntrySkips: the entries of a checksum file that the user skipped while its check runs (the
// Verify page's Skip on one of its rows). One check reads many files under one stop token; this
// is the state that lets a single entry go without stopping the others. skip() may be called from
// any thread at any time; check_entries() reads it before each file and while reading one.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <span>
#include <stop_token>
#include <unordered_set>
#include <vector>

namespace hashscope::verify {

class EntrySkips {
public:
    // Skips entry `entry` (an index into the entries given to check_entries). A read of its file
    // that is under way stops within a block once no other entry naming the same file still
    // wants it.
    void skip(std::size_t entry);
    [[nodiscard]] bool skipped(std::size_t entry) const;

    // For the check: while the returned Watch lives, `source` is stopped as soon as every one of
    // `entries` is skipped (at once when they already are).
    class Watch {
    public:
        Watch() = default;
        ~Watch();
        Watch(const Watch&) = delete;
        Watch& operator=(const Watch&) = delete;
        Watch(Watch&& other) noexcept;
        Watch& operator=(Watch&& other) noexcept;

    private:
        friend class EntrySkips;
        Watch(EntrySkips* owner, std::size_t id) : owner_(owner), id_(id) {}
        EntrySkips* owner_ = nullptr;
        std::size_t id_ = 0;
    };
    [[nodiscard]] Watch watch(std::span<const std::size_t> entries, std::stop_source source);

private:
    struct Watched {
        std::vector<std::size_t> entries;
        std::stop_source source;
    };
    [[nodiscard]] bool all_skipped(const std::vector<std::size_t>& entries) const;  // under mutex_
    void unwatch(std::size_t id);

    mutable std::mutex mutex_;
    std::unordered_set<std::size_t> skipped_;
    std::map<std::size_t, Watched> watches_;  // the files being read, by watch id
    std::size_t next_id_ = 0;
};

}  // namespace hashscope::verify
