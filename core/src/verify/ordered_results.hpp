// OrderedResults: results computed by several threads in any order, handed out in index order on
// one thread (the one that prints them). The consumer is woken only when the result it waits for
// arrives, so that 10,000 small files do not cost 10,000 thread wake-ups; the intended use is that
// the consumer also does work and drains what is ready between its own items.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

namespace hashscope::verify {

template <class T>
class OrderedResults {
public:
    explicit OrderedResults(std::size_t count) : slots_(count) {}

    // Any thread, once per index.
    void publish(std::size_t index, T value) {
        const std::lock_guard lock(mutex_);
        slots_[index] = std::move(value);
        if (waiting_ && index == next_) ready_.notify_one();
    }

    // Hands every result that is ready, in order, to sink(index, T&&), on the calling thread.
    // With wait_for_all, blocks until every index has been handed out.
    template <class Sink>
    void drain(Sink&& sink, bool wait_for_all) {
        std::unique_lock lock(mutex_);
        while (next_ < slots_.size()) {
            if (!slots_[next_]) {
                if (!wait_for_all) return;
                waiting_ = true;
                ready_.wait(lock, [&] { return slots_[next_].has_value(); });
                waiting_ = false;
            }
            T value = std::move(*slots_[next_]);
            slots_[next_].reset();
            const std::size_t index = next_++;
            lock.unlock();
            sink(index, std::move(value));
            lock.lock();
        }
    }

private:
    std::mutex mutex_;
    std::condition_variable ready_;
    std::vector<std::optional<T>> slots_;
    std::size_t next_ = 0;  // the next index to hand out
    bool waiting_ = false;  // the consumer sleeps until slots_[next_] is filled
};

}  // namespace hashscope::verify
