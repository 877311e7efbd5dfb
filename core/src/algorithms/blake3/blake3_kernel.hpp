// BLAKE3 kernels: many inputs compressed at once, one per SIMD lane. A kernel only ever sees
// whole chunks (16 full blocks) or parent nodes (one block of two chaining values); the tree
// around them (blake3_tree.hpp) and every partial or root node stay in the portable code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "algorithms/blake3/blake3_portable.hpp"

namespace hashscope::blake3 {

// Compresses `count` inputs into one chaining value each: input i is `blocks` whole 64-byte blocks
// at `input + i * stride`, started from `key`, with block counter `counter + i` (chunks, when
// `increment_counter`) or `counter` (parents). Every block gets `flags`; the first also
// `flags_start`, the last also `flags_end`. out[i] is input i's chaining value. Any count works:
// a tier does whole batches of its width and narrower batches or single blocks for the rest.
using HashMany = void(const std::uint8_t* input, std::size_t stride, std::size_t count, std::size_t blocks,
                      const detail::ChainingValue& key, std::uint64_t counter, bool increment_counter,
                      std::uint32_t flags, std::uint32_t flags_start, std::uint32_t flags_end,
                      detail::ChainingValue* out);
using HashManyFn = HashMany*;

struct Kernel {
    std::string_view id;  // the registry's implementation id: "portable", "sse41", "avx2", "avx512", "neon"
    std::size_t degree;   // inputs per batch (SIMD lanes)
    HashManyFn hash_many;
    // One block at a time, for what is not a whole chunk or a batch of parents: a partial chunk,
    // the stack's parents, the root and its extended output.
    detail::CompressFn compress;

    // `count` whole chunks from `input`, the first with chunk counter `counter`.
    void hash_chunks(const std::uint8_t* input, std::size_t count, const detail::ChainingValue& key,
                     std::uint64_t counter, std::uint32_t mode_flags, detail::ChainingValue* out) const {
        hash_many(input, chunk_size, count, chunk_size / block_size, key, counter, true, mode_flags,
                  detail::chunk_start, detail::chunk_end, out);
    }
    // The `count` parents of children[2i] and children[2i + 1].
    void hash_parents(const detail::ChainingValue* children, std::size_t count, const detail::ChainingValue& key,
                      std::uint32_t mode_flags, detail::ChainingValue* out) const {
        hash_many(reinterpret_cast<const std::uint8_t*>(children), block_size, count, 1, key, 0, false,
                  mode_flags | detail::parent, 0, 0, out);
    }
};

// The tiers. Each needs the CPU features of its registry row (registry_table.cpp), which on x86
// include SSE4.1: every x86 SIMD tier compresses single blocks with compress_sse41. The aarch64
// tier compresses them with compress_portable.
const Kernel& portable_kernel();
const Kernel& sse41_kernel();
const Kernel& avx2_kernel();
#if defined(HASHSCOPE_AVX512_KERNELS)
const Kernel& avx512_kernel();
#endif
#if defined(HASHSCOPE_AARCH64_KERNELS)
const Kernel& neon_kernel();
#endif

// The kernel of a registry row of blake3 by its implementation id; nullptr for none.
const Kernel* kernel_for(std::string_view implementation_id);

namespace detail {
// One block in SSE4.1 registers, a row of the state in each (the SIMD tiers' `compress`).
void compress_sse41(const ChainingValue& cv, const std::uint8_t* block, std::uint64_t counter, std::uint32_t block_len,
                    std::uint32_t flags, BlockWords& out);
// The tiers' entry points; a tier hands what is narrower than its batches to the SSE4.1 one.
HashMany hash_many_portable;
HashMany hash_many_sse41;
HashMany hash_rows_sse41;  // one input after another, a block at a time (the SSE4.1 batches' rest)
HashMany hash_many_avx2;
HashMany hash_many_avx512;
HashMany hash_many_neon;  // hands what is narrower than its batches to the portable one
}  // namespace detail

}  // namespace hashscope::blake3
