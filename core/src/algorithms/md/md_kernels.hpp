// Compression kernels of the Merkle–Damgård digests, for md::BlockHasher (block_hasher.hpp): 64-byte
// blocks and 32-bit words (MD5, SHA-1, SHA-256), 128-byte blocks and 64-bit words (SHA-512). Each
// compresses `blocks` whole blocks into the state, words in the algorithm's own order.
#pragma once

#include <cstddef>
#include <cstdint>

namespace hashscope::detail::md {

// How far ahead of the block being compressed the MD5, SHA-1 and SHA-256 kernels prefetch. The
// file pipeline hands a hasher blocks that its reader thread has just copied on another core; on
// an Intel Xeon (Sapphire Rapids or later) the hardware prefetchers did not bring those lines in
// ahead of the rounds, and SHA-256 of a cached file ran at two thirds of its hot speed. One
// prefetch a block costs nothing measurable when the data is already near (docs/performance.md).
inline constexpr std::ptrdiff_t kPrefetchAhead = 1024;

void compress_md5_portable(std::uint32_t* state, const std::byte* data, std::size_t blocks);
// These two need SSE4.1 and the SHA extensions (the caller dispatches).
void compress_sha1_shani(std::uint32_t* state, const std::byte* data, std::size_t blocks);
void compress_sha256_shani(std::uint32_t* state, const std::byte* data, std::size_t blocks);
// These two need the ARMv8 sha1 or sha2 feature (aarch64 builds only; the caller dispatches).
void compress_sha1_armv8(std::uint32_t* state, const std::byte* data, std::size_t blocks);
void compress_sha256_armv8(std::uint32_t* state, const std::byte* data, std::size_t blocks);
// This one needs the ARMv8.2 sha512 feature (aarch64 builds only; the caller dispatches).
void compress_sha512_armv8(std::uint64_t* state, const std::byte* data, std::size_t blocks);

}  // namespace hashscope::detail::md
