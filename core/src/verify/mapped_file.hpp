// A regular file mapped read-only for hashing, and reads of the mapping that survive the file
// shrinking beneath it. Hashing straight from the page cache saves the copy that read() makes:
// on a Zen 3 core that copy cost BLAKE3 a quarter of its time (docs/performance.md). The price is
// SIGBUS: a mapped page past the end of a file truncated meanwhile (or one the disk cannot
// deliver) kills the process on access, so every access goes through read_mapped().
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "verify/read_outcome.hpp"

namespace hashscope::verify {

class MappedFile {
public:
    // Maps bytes [0, size) of `fd`; ok() is false when the kernel refuses (then read it instead).
    MappedFile(int fd, std::uint64_t size);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    [[nodiscard]] bool ok() const { return data_ != nullptr; }
    [[nodiscard]] std::span<const std::byte> bytes() const { return {data_, size_}; }

private:
    const std::byte* data_ = nullptr;
    std::size_t size_ = 0;
};

namespace detail {
bool run_guarded(std::span<const std::byte> window, void (*touch)(void*), void* context);
}

// Runs `touch()`, which reads bytes of `window` (part of a MappedFile) and nothing else mapped,
// after mapping the window's pages ahead of it when they are in the page cache (below).
// Returns false, where the process would have died of SIGBUS, when a page of the window can no
// longer be read. `touch` is then abandoned mid-instruction, so it must hold no lock, allocate
// nothing and own nothing whose destructor matters: a hasher's update() qualifies, and the hasher
// must be reset before it is used again.
//
// Mapped ahead: a read every 64 KiB faults the window's cached pages in before `touch` runs, and
// the hash then finds every page mapped. Faulted in as the hash reaches them, 64 KiB at a time
// (the kernel's fault-around), the faults stall it beyond their own cost where the file was
// written by small writes (its pages then sit in folios of one page): BLAKE3 of such a 256 MiB
// file on one Zen 4 core took 104 ms faulting as it went, 84 mapped ahead (docs/performance.md).
// Windows not cached are left alone: faulting them in here would wait for the disk rather than
// let readahead overlap the hashing.
template <class Touch>
bool read_mapped(std::span<const std::byte> window, Touch&& touch) {
    return detail::run_guarded(
        window, [](void* context) { (*static_cast<Touch*>(context))(); }, &touch);
}

// Bytes a thread hashes from a mapping at a time, between releases of its pages (release_mapped),
// which keep resident memory to threads x this. Each release interrupts the process's other
// threads to flush their TLBs, a VM exit under a hypervisor: with 1 MiB steps that cost BLAKE3 of
// a cached 256 MiB file about 9 % of its time on an Intel Xeon guest (docs/performance.md). And a
// step this long is hashed with dispatch's choice for 8 MiB and up, measured from memory, where
// the mapping's bytes come from: on the Zen 4 guest crc32c's choice for 1 MiB in cache (`vpclmul`,
// fused with three crc32 instruction streams) hashed a mapped 256 MiB file in 20 ms on one thread,
// the choice from memory in 11.
inline constexpr std::size_t kMappedStep = std::size_t{8} << 20;

// Unmaps the whole pages of a window once hashed; they stay in the page cache. Otherwise every
// page read stays mapped until the end, and a 10 GiB file would count 10 GiB of resident memory.
void release_mapped(std::span<const std::byte> window);

// Why a read_mapped() of bytes up to `end` failed: the file is now shorter (short_read), or it is
// not and the page could not be read (failed, an I/O error). `bytes`: what was hashed before.
ReadOutcome mapped_read_failure(int fd, std::uint64_t end, std::uint64_t bytes);

}  // namespace hashscope::verify
