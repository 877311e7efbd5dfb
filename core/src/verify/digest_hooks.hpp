// What the FileDigester takes from inside core, below its public surface: how bytes come off a
// file (the fault tests make it fail), how a file waits for a shared spinning disk's turn (set by
// the multi-file hasher), and the digester's and the hasher's factories that accept them.
#pragma once

#include <sys/types.h>
#include <unistd.h>

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <stop_token>

#include "hashscope/hasher.hpp"
#include "hashscope/result.hpp"
#include "hashscope/verify/file_digester.hpp"
#include "hashscope/verify/multi_file_hasher.hpp"

namespace hashscope::verify {

using PreadFn = ssize_t (*)(int fd, void* buffer, std::size_t size, off_t offset);

struct DigestHooks {
    // How bytes come off a file: the kernel's pread. Tests put a function here that fails at a
    // chosen offset, since no portable way makes a disk fail on demand.
    PreadFn pread = &::pread;
    // Set when a spinning disk is shared with other files being read: called before the first
    // read of a file that must go to the disk; returns once the disk is this file's (it stays so
    // for the rest of the file), or false when stopped meanwhile.
    std::function<bool()> wait_for_disk;
    // Ask the page cache alone first (RWF_NOWAIT, mincore) before waiting for the disk. Tests turn
    // it off so that every read counts as one from the disk, wherever the file really is.
    bool ask_cache_first = true;
    // Files the multi-file hasher's workers are reading now, this one included; null for a
    // digester of its own. A file shorter than a split then shares the cores with the others.
    std::atomic<unsigned>* files_reading = nullptr;
};

struct DigesterInternals {
    static Result<std::unique_ptr<FileDigester>> make(std::span<const AlgorithmInfo* const> algorithms,
                                                      DigestOptions options, DigestHooks hooks);
    // A digester over the caller's own hashers, reading on the calling thread alone, with every
    // check digest() makes (hash_file(), the benchmark's file mode). Null when out of memory.
    static std::unique_ptr<FileDigester> serial(std::span<Hasher* const> hashers);
    // Hooks for every digester the session's workers make (wait_for_disk is the session's own).
    static void set_hooks(HashSession& session, DigestHooks hooks);
};

// hash_files() with hooks for every digester it makes (wait_for_disk is its own).
HashPlan hash_files_with(const DigestHooks& hooks, std::span<const std::filesystem::path> files,
                         const MultiHashOptions& options, const FileWork& work, const FileDone& done,
                         const FilesProgress& progress, std::stop_token stop);

}  // namespace hashscope::verify
