// A second thread for a mapped file that one thread hashes: it maps the pages the hash will read
// next and unmaps those it has passed, so that the hashing thread only hashes.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>

#include "verify/helper_threads.hpp"

namespace hashscope::verify {

// Left to the hashing thread, each page fault and each unmapping costs it time it cannot hash in,
// and handing it blocks a reader thread copied costs it too: SHA-256 of a cached 1 GiB file on the
// Zen 4 guest took 680 ms from a mapping it faulted in and unmapped itself, 612 from the block
// pipeline's copy and 605 with this thread doing the mapping (docs/performance.md). The unmapping
// belongs here as well: it is a system call, and it interrupts the process's other running
// threads to flush their TLBs (done by the hash, it cost it 7 ms more in that file).
//
// Pages are mapped with MADV_POPULATE_READ, which reads pages not yet in the page cache from the
// disk, ahead of the hash as a reader thread would, and fails where a read of the mapping would
// raise SIGBUS (a file cut short meanwhile). On any failure, or a kernel older than Linux 5.14,
// this thread maps nothing more and the hash maps its own windows (read_mapped()), which finds
// and reports what went wrong.
class MapAheadThread {
public:
    // `bytes`: a MappedFile's, read front to back by one thread in windows of `step` bytes
    // (a multiple of the page size), which reports each window's end with passed().
    MapAheadThread(std::span<const std::byte> bytes, std::size_t step);
    MapAheadThread(const MapAheadThread&) = delete;
    MapAheadThread& operator=(const MapAheadThread&) = delete;
    ~MapAheadThread();  // stops the thread; what it mapped stays so until the file is unmapped

    // The hash has read every byte before `offset`: the windows before it may be unmapped, and
    // the next ones mapped. For the hashing thread alone, which should also call settle().
    void passed(std::size_t offset);
    // See HelperThreads::settle(): moves this thread off the hashing thread's core if it has not
    // started there.
    void settle() { thread_.settle(); }

private:
    void run();
    // Maps [from, to); false when the kernel will map no more.
    bool populate(std::size_t from, std::size_t to) const;

    static constexpr std::uint64_t kStop = UINT64_MAX;

    std::span<const std::byte> bytes_;
    std::size_t step_;
    std::atomic<std::uint64_t> passed_{0};  // what the hash has read, or kStop
    HelperThreads thread_;                  // last: started once the rest is ready
};

}  // namespace hashscope::verify
