// EventBatcher: how a worker talks to the GUI thread without flooding it. Events are collected
// and handed over at most every 40 ms (or when a batch is full), and progress events only count
// in their latest state: a 2 GiB file read in 2,048 blocks costs the GUI ~25 updates a second,
// not 2,048. Thread-safe: a checksum-file check reports from several reader threads.
#pragma once

#include <QHash>
#include <QVector>
#include <chrono>
#include <functional>
#include <mutex>
#include <utility>

namespace hashscope::ui {

template <class Event>
class EventBatcher {
public:
    using Deliver = std::function<void(QVector<Event>&&)>;
    static constexpr std::chrono::milliseconds kInterval{40};
    static constexpr qsizetype kMaxBatch = 1000;

    explicit EventBatcher(Deliver deliver) : deliver_(std::move(deliver)) {}
    ~EventBatcher() { flush(); }
    EventBatcher(const EventBatcher&) = delete;
    EventBatcher& operator=(const EventBatcher&) = delete;

    // An event that must arrive (started, finished, found); it makes `key`'s pending progress stale.
    void add(Event event, quint64 key) {
        std::unique_lock lock(mutex_);
        progress_.remove(key);
        batch_.push_back(std::move(event));
        if (due()) flushLocked(lock);
    }
    void add(Event event) {
        std::unique_lock lock(mutex_);
        batch_.push_back(std::move(event));
        if (due()) flushLocked(lock);
    }
    // Progress of `key`: replaces what was pending for it.
    void progress(Event event, quint64 key) {
        std::unique_lock lock(mutex_);
        progress_[key] = std::move(event);
        if (due()) flushLocked(lock);
    }
    // Hands over everything pending now (at the end of the work, before waiting on something).
    void flush() {
        std::unique_lock lock(mutex_);
        flushLocked(lock);
    }

private:
    [[nodiscard]] bool due() const {
        return batch_.size() + progress_.size() >= kMaxBatch || std::chrono::steady_clock::now() - last_ >= kInterval;
    }

    void flushLocked(std::unique_lock<std::mutex>& /*held*/) {
        last_ = std::chrono::steady_clock::now();
        if (batch_.isEmpty() && progress_.isEmpty()) return;
        QVector<Event> events = std::move(batch_);
        batch_ = {};
        for (auto it = progress_.begin(); it != progress_.end(); ++it) events.push_back(std::move(it.value()));
        progress_.clear();
        // Delivered under the lock (it only posts an event), so batches arrive in the order made.
        deliver_(std::move(events));
    }

    Deliver deliver_;
    std::mutex mutex_;
    QVector<Event> batch_;
    QHash<quint64, Event> progress_;
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace hashscope::ui
