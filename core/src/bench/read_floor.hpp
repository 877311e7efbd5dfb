// The benchmark's read floor ("memory · read"): every byte of a buffer read with this CPU's widest
// loads and folded into a value, nothing else: the speed no checksum can beat on the same buffer.
#pragma once

#include <cstddef>
#include <cstdint>

#include "hashscope/cpu_features.hpp"

namespace hashscope::bench::detail {

using ReadFn = std::uint64_t (*)(const std::byte* p, std::size_t size);

// The widest reader `features` can run: AVX-512, AVX2, SSE2 (every x86-64 CPU), or plain words.
ReadFn read_every_byte(CpuFeatureSet features);

}  // namespace hashscope::bench::detail
