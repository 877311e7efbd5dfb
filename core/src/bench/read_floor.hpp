// The benchmark's read floor ("memory · read"): every byte of a buffer read with this CPU's widest
// loads and folded into a value, nothing else: the speed no checksum can beat on the same buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "hashscope/cpu_features.hpp"

namespace hashscope::bench::detail {

using ReadFn = std::uint64_t (*)(const std::byte* p, std::size_t size);

// Below this many bytes the narrow reader (below) is the floor: inlined into the caller's loop, it
// reads 64 bytes in 2.2 ns on the Intel Xeon guest of docs/performance.md, where a call to a wider
// reader took 4, longer than the CRC of the same 64 bytes.
inline constexpr std::size_t read_wide_from = 512;

// The widest reader `features` can run (AVX-512, AVX2; else the narrow one), for read_wide_from
// bytes and more.
ReadFn read_wide(CpuFeatureSet features);

// The compiler's generic vector of `Bytes` bytes. (A typedef in a class: GCC 12 drops the
// attribute from a dependent alias template.)
template <std::size_t Bytes>
struct GenericVector {
    typedef std::uint64_t type __attribute__((vector_size(Bytes)));  // NOLINT(modernize-use-using)
};

// Loads of `Bytes` bytes in eight independent chains, so that only the loads set the pace, then
// one at a time, then whole words and bytes; folded into one word. One body for every width: where
// a function compiled for AVX-512 inlines it (read_floor.cpp), its loads are 64 bytes wide.
template <std::size_t Bytes>
[[gnu::always_inline]] inline std::uint64_t read_vectors(const std::byte* p, std::size_t size) {
    using Vector = typename GenericVector<Bytes>::type;
    static_assert(sizeof(Vector) == Bytes);
    Vector a[8] = {};
    std::size_t at = 0;
    for (; at + 8 * Bytes <= size; at += 8 * Bytes) {
#pragma GCC unroll 8
        for (std::size_t j = 0; j < 8; ++j) {
            Vector v;
            std::memcpy(&v, p + at + j * Bytes, Bytes);
            a[j] ^= v;
        }
    }
    for (; at + Bytes <= size; at += Bytes) {
        Vector v;
        std::memcpy(&v, p + at, Bytes);
        a[0] ^= v;
    }
    const Vector all = (a[0] ^ a[1]) ^ (a[2] ^ a[3]) ^ ((a[4] ^ a[5]) ^ (a[6] ^ a[7]));
    std::uint64_t lanes[Bytes / 8];
    std::memcpy(lanes, &all, Bytes);
    std::uint64_t acc = 0;
    for (const std::uint64_t lane : lanes) acc ^= lane;
    for (; at + 8 <= size; at += 8) {
        std::uint64_t w;
        std::memcpy(&w, p + at, sizeof w);
        acc ^= w;
    }
    for (; at < size; ++at) acc ^= static_cast<std::uint8_t>(p[at]);
    return acc;
}

// 16-byte loads: SSE2, which every x86-64 CPU has (Advanced SIMD on aarch64).
inline std::uint64_t read_narrow(const std::byte* p, std::size_t size) { return read_vectors<16>(p, size); }

}  // namespace hashscope::bench::detail
