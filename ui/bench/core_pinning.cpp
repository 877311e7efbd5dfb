#include "bench/core_pinning.hpp"

#include <pthread.h>
#include <sched.h>

#include <algorithm>

namespace hashscope::ui {
namespace {

std::vector<int> coresOf(const cpu_set_t& set) {
    std::vector<int> cores;
    for (int i = 0; i < CPU_SETSIZE; ++i) {
        if (CPU_ISSET(i, &set)) cores.push_back(i);
    }
    return cores;
}

bool setAffinity(const std::vector<int>& cores) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (const int c : cores) {
        if (c >= 0 && c < CPU_SETSIZE) CPU_SET(c, &set);
    }
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0;
}

}  // namespace

std::vector<int> allowedCores() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (pthread_getaffinity_np(pthread_self(), sizeof set, &set) != 0) return {};
    return coresOf(set);
}

std::optional<int> measuringCoreFor(const std::vector<unsigned>& threadCounts, const std::vector<int>& cores) {
    const bool single = std::all_of(threadCounts.begin(), threadCounts.end(), [](unsigned t) { return t == 1; });
    if (!single || cores.size() < 2) return std::nullopt;
    return cores.back();
}

std::vector<int> coresExcept(const std::vector<int>& all, int core) {
    std::vector<int> rest;
    for (const int c : all) {
        if (c != core) rest.push_back(c);
    }
    return rest;
}

ScopedAffinity::ScopedAffinity(const std::vector<int>& cores) {
    if (cores.empty()) return;
    previous_ = allowedCores();
    pinned_ = !previous_.empty() && setAffinity(cores);
}

ScopedAffinity::~ScopedAffinity() {
    if (pinned_) setAffinity(previous_);
}

}  // namespace hashscope::ui
