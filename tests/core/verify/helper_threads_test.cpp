// The helpers of a split read: one left waiting behind its busy caller is moved to another core
// and then free to go anywhere; with one core to use there is nothing to move.
#include <gtest/gtest.h>
#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "verify/helper_threads.hpp"

namespace hashscope::verify {
namespace {

using namespace std::chrono_literals;

cpu_set_t own_cores() {
    cpu_set_t cores;
    CPU_ZERO(&cores);
    ::sched_getaffinity(0, sizeof cores, &cores);
    return cores;
}

struct Where {
    int caller = -1;
    int helper = -1;
    int helper_cores = 0;  // where the helper may run once it ran
};

// A caller pinned to its core, which it keeps busy (as a hashing caller does), calling settle()
// until its one helper has run. The helper inherits the caller's one core, so without a move it
// starts there, and only once the kernel preempts the caller.
Where run_behind_a_busy_caller(const cpu_set_t& cores) {
    Where where;
    std::thread caller([&] {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(::sched_getcpu(), &one);
        if (::pthread_setaffinity_np(::pthread_self(), sizeof one, &one) != 0) return;
        std::this_thread::sleep_for(1ms);  // a fresh time slice, so the kernel does not preempt it at once
        where.caller = ::sched_getcpu();
        std::atomic<bool> ran{false};
        HelperThreads helpers(
            1,
            [&] {
                where.helper = ::sched_getcpu();
                cpu_set_t mine;
                ::pthread_getaffinity_np(::pthread_self(), sizeof mine, &mine);
                where.helper_cores = CPU_COUNT(&mine);
                ran = true;
            },
            &cores);
        const auto limit = std::chrono::steady_clock::now() + 2s;
        while (!ran && std::chrono::steady_clock::now() < limit) helpers.settle();
    });
    caller.join();
    return where;
}

TEST(HelperThreads, AHelperWaitingBehindItsBusyCallerIsMovedToAnotherCore) {
    const cpu_set_t cores = own_cores();
    if (CPU_COUNT(&cores) < 2) GTEST_SKIP() << "one core: nowhere to move a helper";
    // A kernel tick that preempts the caller within the first 200 µs lets the helper start on the
    // caller's core before any move is due: three tries. Never moved, it would start there in all.
    Where where;
    for (int attempt = 0; attempt < 3; ++attempt) {
        where = run_behind_a_busy_caller(cores);
        ASSERT_GE(where.caller, 0) << "could not pin the caller";
        if (where.helper != where.caller) break;
    }
    EXPECT_NE(where.helper, -1) << "the helper never ran";
    EXPECT_NE(where.helper, where.caller);
    EXPECT_EQ(where.helper_cores, CPU_COUNT(&cores)) << "a moved helper may go anywhere again";
}

TEST(HelperThreads, WithOneCoreThereIsNothingToMove) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(::sched_getcpu(), &one);
    std::atomic<int> runs{0};
    {
        HelperThreads helpers(
            3, [&] { ++runs; }, &one);
        EXPECT_TRUE(helpers.settled());
        helpers.settle();
    }  // joined
    EXPECT_EQ(runs.load(), 3);
}

}  // namespace
}  // namespace hashscope::verify
