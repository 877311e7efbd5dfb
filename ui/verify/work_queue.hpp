// WorkQueue: tasks for a bounded number of workers that start when there is work and return when
// there is none, so an idle page holds no threads. The count of workers is kept under the same
// lock as the tasks: a task pushed just as the last worker leaves still finds a worker.
#pragma once

#include <algorithm>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <vector>

namespace hashscope::ui {

template <class Task>
class WorkQueue {
public:
    explicit WorkQueue(int maxWorkers) : maxWorkers_(std::max(1, maxWorkers)) {}

    // Adds tasks; returns how many workers the caller must start now (already counted as active).
    int push(std::vector<Task> tasks) {
        const std::lock_guard lock(mutex_);
        for (auto& task : tasks) tasks_.push_back(std::move(task));
        const int wanted =
            static_cast<int>(std::min<std::size_t>(tasks_.size(), static_cast<std::size_t>(maxWorkers_)));
        const int start = std::max(0, wanted - active_);
        active_ += start;
        return start;
    }

    // For a worker: the next task, or nothing, and then the worker must return (it no longer
    // counts as active). `taken(task)` runs under the queue's lock, so that whatever it numbers
    // (a place in a disk's line) is numbered in queue order.
    template <class Taken>
    std::optional<Task> pop(Taken&& taken) {
        const std::lock_guard lock(mutex_);
        if (tasks_.empty()) {
            --active_;
            return std::nullopt;
        }
        Task task = std::move(tasks_.front());
        tasks_.pop_front();
        taken(task);
        return task;
    }

    std::optional<Task> pop() {
        return pop([](const Task&) {});
    }

    // Every task not yet taken by a worker (to cancel them).
    std::vector<Task> takeAll() {
        const std::lock_guard lock(mutex_);
        std::vector<Task> out(std::make_move_iterator(tasks_.begin()), std::make_move_iterator(tasks_.end()));
        tasks_.clear();
        return out;
    }

    // The tasks not yet taken for which `pick(task)` holds; the others keep their order.
    template <class Pick>
    std::vector<Task> takeIf(Pick&& pick) {
        const std::lock_guard lock(mutex_);
        std::vector<Task> out;
        std::deque<Task> keep;
        for (auto& task : tasks_) {
            if (pick(task)) {
                out.push_back(std::move(task));
            } else {
                keep.push_back(std::move(task));
            }
        }
        tasks_ = std::move(keep);
        return out;
    }

    [[nodiscard]] std::size_t waiting() const {
        const std::lock_guard lock(mutex_);
        return tasks_.size();
    }

private:
    mutable std::mutex mutex_;
    std::deque<Task> tasks_;
    int maxWorkers_;
    int active_ = 0;
};

}  // namespace hashscope::ui
