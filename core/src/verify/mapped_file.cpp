#include "verify/mapped_file.hpp"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csetjmp>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <mutex>

#include "verify/page_cache.hpp"

namespace hashscope::verify {

MappedFile::MappedFile(int fd, std::uint64_t size) {
    if (size == 0 || size > SIZE_MAX) return;
    void* p = ::mmap(nullptr, static_cast<std::size_t>(size), PROT_READ, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) return;
    // Read front to back: the kernel reads ahead further and drops what was read sooner.
    ::madvise(p, static_cast<std::size_t>(size), MADV_SEQUENTIAL);
    data_ = static_cast<const std::byte*>(p);
    size_ = static_cast<std::size_t>(size);
}

MappedFile::~MappedFile() {
    if (data_ != nullptr) ::munmap(const_cast<std::byte*>(data_), size_);
}

namespace {

// The window a thread is reading now, and where to go back to if it faults. Thread-local: each
// worker of a split read guards its own window.
struct Guard {
    sigjmp_buf* back = nullptr;
    std::uintptr_t begin = 0;
    std::uintptr_t end = 0;
};
thread_local Guard t_guard;

struct sigaction g_previous {};

void on_sigbus(int signal, siginfo_t* info, void* context) {
    const Guard& guard = t_guard;
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    if (guard.back != nullptr && address >= guard.begin && address < guard.end) siglongjmp(*guard.back, 1);
    // Not a mapped read of ours: what would have happened without this handler.
    if ((g_previous.sa_flags & SA_SIGINFO) != 0 && g_previous.sa_sigaction != nullptr) {
        g_previous.sa_sigaction(signal, info, context);
        return;
    }
    if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(signal);
        return;
    }
    // The default action: returning re-runs the faulting access, which now ends the process.
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    ::sigaction(SIGBUS, &fallback, nullptr);
}

void install_handler() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction action {};
        action.sa_sigaction = on_sigbus;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGBUS, &action, &g_previous);
    });
}

void map_ahead(std::span<const std::byte> window) {
    // The kernel's fault-around maps the cached pages of 64 KiB around a fault (its default).
    constexpr std::size_t kFaultAround = std::size_t{64} << 10;
    if (window.empty() || !looks_resident(window, 3)) return;
    // One read in each of the 64 KiB blocks the window touches (the kernel aligns them).
    const auto end = reinterpret_cast<std::uintptr_t>(window.data()) + window.size();
    for (auto at = reinterpret_cast<std::uintptr_t>(window.data()); at < end; at = (at | (kFaultAround - 1)) + 1) {
        (void)*reinterpret_cast<const volatile std::byte*>(at);
    }
}

}  // namespace

namespace detail {

bool run_guarded(std::span<const std::byte> window, void (*touch)(void*), void* context) {
    install_handler();
    Guard& guard = t_guard;
    sigjmp_buf back;
    guard.begin = reinterpret_cast<std::uintptr_t>(window.data());
    guard.end = guard.begin + window.size();
    // No signal mask saved (that is a system call per window): after a jump back, SIGBUS is
    // unblocked by hand below, since the handler ran with it blocked.
    if (sigsetjmp(back, 0) != 0) {
        guard.back = nullptr;
        sigset_t bus;
        sigemptyset(&bus);
        sigaddset(&bus, SIGBUS);
        ::pthread_sigmask(SIG_UNBLOCK, &bus, nullptr);
        return false;
    }
    guard.back = &back;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    map_ahead(window);
    touch(context);
    std::atomic_signal_fence(std::memory_order_seq_cst);
    guard.back = nullptr;
    return true;
}

}  // namespace detail

void release_mapped(std::span<const std::byte> window) {
    static const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    // Whole pages only: a page shared with the next window may still be read by another thread
    // (that would only cost it a fault from the page cache, but there is no need).
    const auto begin = (reinterpret_cast<std::uintptr_t>(window.data()) + page - 1) / page * page;
    const auto end = (reinterpret_cast<std::uintptr_t>(window.data()) + window.size()) / page * page;
    if (begin < end) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
}

ReadOutcome mapped_read_failure(int fd, std::uint64_t end, std::uint64_t bytes) {
    struct stat now {};
    if (::fstat(fd, &now) == 0 && static_cast<std::uint64_t>(now.st_size) < end) {
        return {ReadOutcome::End::short_read, {}, bytes};
    }
    return {ReadOutcome::End::failed, std::string("read error: ") + std::strerror(EIO), bytes};
}

}  // namespace hashscope::verify
