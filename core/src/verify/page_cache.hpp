// Whether a file's bytes are already in memory (the page cache), so that reading it in parallel
// pieces costs no disk seeks even when the file lives on a spinning disk.
#pragma once

#include <cstdint>

namespace hashscope::verify {

// Samples pages spread over [0, size) with mincore(); true when every sampled page is resident.
// A sample, not a proof: a file evicted in between is still read correctly, only slower.
bool looks_cached(int fd, std::uint64_t size);

}  // namespace hashscope::verify
