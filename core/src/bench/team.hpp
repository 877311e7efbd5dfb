// A team of threads that start a batch together and report the wall time it took all of them.
#pragma once

#include <barrier>
#include <cstddef>
#include <functional>
#include <thread>
#include <vector>

namespace hashscope::bench::detail {

class Team {
public:
    explicit Team(unsigned size);
    ~Team();
    Team(const Team&) = delete;
    Team& operator=(const Team&) = delete;

    [[nodiscard]] unsigned size() const { return size_; }
    // Runs work(thread_index) on every member at once; returns the nanoseconds from the earliest
    // start to the latest finish. A team of one runs on the calling thread.
    double run(const std::function<void(unsigned)>& work);

private:
    void member(unsigned index);

    unsigned size_;
    std::barrier<> start_;
    std::barrier<> end_;
    const std::function<void(unsigned)>* work_ = nullptr;
    bool quit_ = false;
    std::vector<double> began_, ended_;  // per member, ns on the steady clock
    std::vector<std::jthread> members_;
};

}  // namespace hashscope::bench::detail
