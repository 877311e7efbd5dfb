// Hashing one file (or an open descriptor such as standard input) with several hashers at once:
// the file is read once and every hasher is fed from the same block.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include "hashscope/hasher.hpp"

namespace hashscope {

enum class FileStatus {
    ok,           // read to the end; digests are valid
    cancelled,    // the stop token fired; digests are empty
    unreadable,   // could not be opened or read (message says why)
    not_regular,  // a directory, FIFO, device or socket (message says which)
    changed,      // its size or modification time changed while it was read
};

struct FileHashResult {
    FileStatus status = FileStatus::ok;
    std::string message;          // empty when ok
    std::uint64_t bytes = 0;      // bytes read
    std::vector<Digest> digests;  // one per hasher, in order, when ok
};

// Called after each block with the bytes read so far and the expected total (0 if unknown).
using ProgressFn = std::function<void(std::uint64_t done, std::uint64_t total)>;

// Opens `path` read-only (never writes it), resets and feeds every hasher, and finishes them.
// Only regular files are read; others are reported as not_regular without blocking.
FileHashResult hash_file(const std::filesystem::path& path, std::span<Hasher* const> hashers,
                         const ProgressFn& progress = {}, std::stop_token stop = {});

// The same for a descriptor the caller owns (standard input, a pipe): read to end of file.
FileHashResult hash_descriptor(int fd, std::span<Hasher* const> hashers, const ProgressFn& progress = {},
                               std::stop_token stop = {});

}  // namespace hashscope
