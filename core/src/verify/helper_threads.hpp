// The threads that help their caller with one job (the pieces of a split read, the mapping of a
// file ahead of its hash), and their move
// to another core when the kernel left them waiting behind their caller.
#pragma once

#include <sched.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

namespace hashscope::verify {

// Starts `count` threads, each running `work()`, while the caller goes on with its own
// share and calls settle() between its steps. A helper that has not started running 200 µs after
// it was made is waiting behind a busy core, most likely its caller's: settle() moves it to a core
// other than the caller's (the next ones this process may use), and once it runs it may go
// anywhere again. A kernel that packs new threads onto busy cores (the Zen 4 guest's:
// `kernel.sched_vcpu_pack`) queued the helper of a two-thread BLAKE3 read behind its caller for up
// to a scheduler tick while the other core idled: the digest of a cached 256 MiB file took 29-41
// ms a run (docs/performance.md). Where helpers start at once, as the usual kernel places them on
// idle cores, none is moved, and settle() costs a load. The caller never waits for a start.
class HelperThreads {
public:
    // `cores`: where the helpers may run once started; by default where the caller may.
    HelperThreads(unsigned count, const std::function<void()>& work, const cpu_set_t* cores = nullptr);
    HelperThreads(const HelperThreads&) = delete;
    HelperThreads& operator=(const HelperThreads&) = delete;
    ~HelperThreads();  // joins them

    // For the caller alone, between its own steps.
    void settle();
    // Whether every helper has started or been moved: until then the caller's steps should be
    // short (a tenth of the 200 µs or so), so that settle() comes soon enough.
    [[nodiscard]] bool settled() const { return settled_; }

private:
    cpu_set_t allowed_{};   // where the helpers may run once started
    bool settled_ = false;  // every helper started or moved
    std::chrono::steady_clock::time_point made_;
    std::vector<std::shared_ptr<std::atomic<int>>> starts_;
    std::vector<std::jthread> threads_;
};

}  // namespace hashscope::verify
