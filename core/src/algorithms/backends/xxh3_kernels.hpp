// XXH3 and XXH128 built from xxHash's own inline implementation (<xxhash.h> with XXH_INLINE_ALL)
// once per instruction set, in files compiled with that set's flags, with a streaming state of our
// own around its primitives (see xxh3_kernels.inc): the library's dispatch entry points call the
// vector loop through a pointer per block, its plain entry points are built for SSE2 only, and its
// streaming functions copy more than a one-update message needs.
//
// The tables below are plain C function pointers over an opaque state, so that no C++ inline code
// (which the linker may take from any file) is ever compiled with AVX flags. Call a table only
// where the CPU has its instruction set (the registry rows declare it).
#pragma once

#include <cstddef>
#include <cstdint>

namespace hashscope::detail::xxh3 {

// Room for any state: XXH3_state_t of xxHash 0.8 (the library rows) or ours (checked where compiled).
inline constexpr std::size_t kStateSize = 576;
inline constexpr std::size_t kStateAlign = 64;

struct Kernels {
    void (*reset)(void* state);  // a fresh message (seed 0, default secret; 64- and 128-bit alike)
    void (*update64)(void* state, const void* data, std::size_t size);
    void (*update128)(void* state, const void* data, std::size_t size);
    std::uint64_t (*digest64)(const void* state);
    void (*digest128)(const void* state, std::uint8_t* canonical16);  // big-endian, as xxhsum prints
};

extern const Kernels kAvx2;    // xxh3_avx2.cpp, -mavx2
extern const Kernels kAvx512;  // xxh3_avx512.cpp, -mavx512f

}  // namespace hashscope::detail::xxh3
