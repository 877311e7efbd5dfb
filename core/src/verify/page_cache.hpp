// Whether a file's bytes are already in memory (the page cache), so that reading it in parallel
// pieces costs no disk seeks even when the file lives on a spinning disk, and a mapping's pages
// can be mapped ahead without waiting for the disk.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace hashscope::verify {

// Samples pages spread over [0, size) with mincore(); true when every sampled page is resident.
// A sample, not a proof: a file evicted in between is still read correctly, only slower.
bool looks_cached(int fd, std::uint64_t size);

// The same question for bytes of a file mapping, sampling up to `samples` pages of it.
bool looks_resident(std::span<const std::byte> mapped, std::uint64_t samples);

}  // namespace hashscope::verify
