// The pipelined read: one reader thread fills a small ring of blocks ahead while workers feed
// every hasher from them. Each hasher (a "lane") sees every block in order; different lanes run
// on different workers at once, so md5 + sha1 + sha256 on two cores take about as long as md5.
#pragma once

#include <cstddef>
#include <span>
#include <stop_token>

#include "hashscope/file_hash.hpp"
#include "hashscope/hasher.hpp"
#include "verify/digest_hooks.hpp"
#include "verify/read_outcome.hpp"

namespace hashscope::verify {

// Reads `fd` from offset 0 to its end with `pread_fn`. `workers` threads hash (the caller is one
// of them); one more thread reads. `expected` is the size hint passed to `progress`.
ReadOutcome run_block_pipeline(int fd, PreadFn pread_fn, std::span<Hasher* const> hashers, unsigned workers,
                               std::size_t block_size, std::uint64_t expected, const ProgressFn& progress,
                               const std::stop_token& stop);

}  // namespace hashscope::verify
