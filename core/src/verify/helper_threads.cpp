#include "verify/helper_threads.hpp"

#include <pthread.h>

#include <algorithm>

namespace hashscope::verify {
namespace {

// A helper's start, shared by the helper and its caller. The caller may move a helper only
// before it starts (waiting -> moving -> moved); a helper that finds itself being moved waits
// for the move to be done before it lets itself go anywhere again, or the move would pin it.
enum Start : int { waiting, started, moving, moved };

constexpr auto kStartLimit = std::chrono::microseconds(200);

// The next CPU after `cpu` in `allowed`, cyclically, other than `caller`; -1 if there is none.
int next_cpu(const cpu_set_t& allowed, int cpu, int caller) {
    for (int step = 1; step <= CPU_SETSIZE; ++step) {
        const int candidate = (cpu + step + CPU_SETSIZE) % CPU_SETSIZE;
        if (candidate != caller && CPU_ISSET(candidate, &allowed)) return candidate;
    }
    return -1;
}

}  // namespace

HelperThreads::HelperThreads(unsigned count, const std::function<void()>& work, const cpu_set_t* cores)
    : made_(std::chrono::steady_clock::now()) {
    if (cores != nullptr) {
        allowed_ = *cores;
    } else if (::sched_getaffinity(0, sizeof allowed_, &allowed_) != 0) {
        CPU_ZERO(&allowed_);
    }
    settled_ = CPU_COUNT(&allowed_) < 2;
    threads_.reserve(count);
    for (unsigned i = 0; i < count; ++i) {
        auto start = starts_.emplace_back(std::make_shared<std::atomic<int>>(waiting));
        threads_.emplace_back([start, allowed = allowed_, work] {
            int expected = waiting;
            if (!start->compare_exchange_strong(expected, started)) {
                for (int now; (now = start->load()) != moved;) start->wait(now);
                ::pthread_setaffinity_np(::pthread_self(), sizeof allowed, &allowed);
            }
            work();
        });
    }
}

HelperThreads::~HelperThreads() = default;  // threads_, declared last, is joined first

void HelperThreads::settle() {
    if (settled_) return;
    if (std::all_of(starts_.begin(), starts_.end(), [](const auto& s) { return s->load() != waiting; })) {
        settled_ = true;
        return;
    }
    if (std::chrono::steady_clock::now() - made_ < kStartLimit) return;
    const int caller = ::sched_getcpu();
    int cpu = caller;
    for (std::size_t i = 0; i < threads_.size(); ++i) {
        int expected = waiting;
        if (!starts_[i]->compare_exchange_strong(expected, moving)) continue;
        cpu = next_cpu(allowed_, cpu, caller);
        if (cpu >= 0) {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(cpu, &one);
            ::pthread_setaffinity_np(threads_[i].native_handle(), sizeof one, &one);
        }
        starts_[i]->store(moved);
        starts_[i]->notify_one();
    }
    settled_ = true;
}

}  // namespace hashscope::verify
