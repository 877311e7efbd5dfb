#include "hashscope/verify/entry_skips.hpp"

#include <algorithm>
#include <utility>

namespace hashscope::verify {

void EntrySkips::skip(std::size_t entry) {
    const std::lock_guard lock(mutex_);
    skipped_.insert(entry);
    for (auto& [id, watched] : watches_) {
        if (all_skipped(watched.entries)) watched.source.request_stop();
    }
}

bool EntrySkips::skipped(std::size_t entry) const {
    const std::lock_guard lock(mutex_);
    return skipped_.contains(entry);
}

bool EntrySkips::all_skipped(const std::vector<std::size_t>& entries) const {
    return std::all_of(entries.begin(), entries.end(), [this](std::size_t e) { return skipped_.contains(e); });
}

EntrySkips::Watch EntrySkips::watch(std::span<const std::size_t> entries, std::stop_source source) {
    const std::lock_guard lock(mutex_);
    Watched watched{{entries.begin(), entries.end()}, std::move(source)};
    if (all_skipped(watched.entries)) watched.source.request_stop();
    const std::size_t id = next_id_++;
    watches_.emplace(id, std::move(watched));
    return {this, id};
}

void EntrySkips::unwatch(std::size_t id) {
    const std::lock_guard lock(mutex_);
    watches_.erase(id);
}

EntrySkips::Watch::~Watch() {
    if (owner_ != nullptr) owner_->unwatch(id_);
}

EntrySkips::Watch::Watch(Watch&& other) noexcept : owner_(std::exchange(other.owner_, nullptr)), id_(other.id_) {}

EntrySkips::Watch& EntrySkips::Watch::operator=(Watch&& other) noexcept {
    if (this != &other) {
        if (owner_ != nullptr) owner_->unwatch(id_);
        owner_ = std::exchange(other.owner_, nullptr);
        id_ = other.id_;
    }
    return *this;
}

}  // namespace hashscope::verify
