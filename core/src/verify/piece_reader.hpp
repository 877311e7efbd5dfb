// The split read of a large file: several threads each take whole pieces, read them with pread
// and feed them to every algorithm's SplitDigest piece. Reading itself goes parallel too, which is
// what lets a CRC of a cached file run faster than one thread can copy it out of the page cache.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stop_token>

#include "hashscope/file_hash.hpp"
#include "hashscope/split_digest.hpp"
#include "verify/digest_hooks.hpp"
#include "verify/read_outcome.hpp"

namespace hashscope::verify {

// Reads bytes [0, size) of `fd` as pieces of `piece_size` on `threads` threads (the caller is one).
// A read that ends before `size` (the file shrank) ends as short_read. With `mapped` (the file's
// MappedFile bytes) the pieces are hashed from the mapping instead of read with `pread_fn`.
ReadOutcome run_piece_reader(int fd, PreadFn pread_fn, const std::byte* mapped, std::uint64_t size,
                             std::uint64_t piece_size, std::span<SplitDigest* const> splits, unsigned threads,
                             std::size_t block_size, const ProgressFn& progress, const std::stop_token& stop);

}  // namespace hashscope::verify
