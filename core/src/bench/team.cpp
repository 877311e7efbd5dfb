#include "bench/team.hpp"

#include <algorithm>
#include <chrono>

namespace hashscope::bench::detail {
namespace {

double now_ns() {
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

Team::Team(unsigned size)
    : size_(std::max(1U, size)),
      start_(static_cast<std::ptrdiff_t>(size_ + 1)),
      end_(static_cast<std::ptrdiff_t>(size_ + 1)),
      began_(size_),
      ended_(size_) {
    if (size_ == 1) return;  // the caller's thread does the work
    for (unsigned i = 0; i < size_; ++i) members_.emplace_back([this, i] { member(i); });
}

Team::~Team() {
    if (members_.empty()) return;
    quit_ = true;
    start_.arrive_and_wait();  // the barrier orders quit_ before the members read it
}

void Team::member(unsigned index) {
    for (;;) {
        start_.arrive_and_wait();
        if (quit_) return;
        began_[index] = now_ns();
        (*work_)(index);
        ended_[index] = now_ns();
        end_.arrive_and_wait();
    }
}

double Team::run(const std::function<void(unsigned)>& work) {
    if (members_.empty()) {
        const double begin = now_ns();
        work(0);
        return now_ns() - begin;
    }
    work_ = &work;
    start_.arrive_and_wait();
    end_.arrive_and_wait();
    return *std::max_element(ended_.begin(), ended_.end()) - *std::min_element(began_.begin(), began_.end());
}

}  // namespace hashscope::bench::detail
