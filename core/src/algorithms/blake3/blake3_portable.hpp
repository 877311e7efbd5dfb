// Portable BLAKE3 (plain C++20, no SIMD): the reference against which faster
// back ends are checked, and the fallback on CPUs without vector units.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace hashscope::blake3 {

inline constexpr std::size_t key_size = 32;
inline constexpr std::size_t out_size = 32;  // default output length
inline constexpr std::size_t chunk_size = 1024;
inline constexpr std::size_t block_size = 64;

namespace detail {

// A chaining value (or key) as eight little-endian 32-bit words.
using ChainingValue = std::array<std::uint32_t, 8>;

// Enough for 2^54 chunks of 1 KiB, i.e. a 2^64-byte message: the stack never
// holds more entries than the bit length of the chunk count.
inline constexpr std::size_t max_cv_stack_depth = 54;

using BlockWords = std::array<std::uint32_t, 16>;

// One compression of a 64-byte block (little-endian words; a short block zero-padded): all 16
// output words, the first 8 being the chaining value. The portable one is the reference; the
// kernels bring faster ones.
using CompressFn = void (*)(const ChainingValue& cv, const std::uint8_t* block, std::uint64_t counter,
                            std::uint32_t block_len, std::uint32_t flags, BlockWords& out);
void compress_portable(const ChainingValue& cv, const std::uint8_t* block, std::uint64_t counter,
                       std::uint32_t block_len, std::uint32_t flags, BlockWords& out);
// Only the chaining value, with the portable code.
ChainingValue compress_block(const ChainingValue& cv, const std::uint8_t* block, std::uint64_t counter,
                             std::uint32_t block_len, std::uint32_t flags);

// The chunk currently being filled. It always keeps its last block buffered
// (uncompressed) because only the final block of a chunk gets CHUNK_END, and
// we cannot know a block is final until more input arrives or finalize() runs.
struct ChunkState {
    ChainingValue cv{};
    std::uint64_t chunk_counter = 0;
    std::array<std::uint8_t, block_size> block{};
    std::size_t block_len = 0;          // bytes buffered in `block`
    std::size_t blocks_compressed = 0;  // blocks of this chunk already folded into `cv`
    std::uint32_t flags = 0;            // mode flags (keyed / derive-key), no chunk flags

    ChunkState() = default;
    ChunkState(const ChainingValue& key, std::uint64_t counter, std::uint32_t mode_flags);

    // Bytes of this chunk consumed so far (0..chunk_size).
    std::size_t len() const { return blocks_compressed * block_size + block_len; }
    // CHUNK_START for the first block of the chunk, 0 otherwise.
    std::uint32_t start_flag() const;
    // Consumes input; the caller never passes more than chunk_size - len() bytes. `compress` is
    // the portable compression unless a faster one is given (blake3_kernel.hpp).
    void update(const std::uint8_t* data, std::size_t len, CompressFn compress = compress_portable);
};

// Domain-separation flags (spec, table 3).
enum Flag : std::uint32_t {
    chunk_start = 1u << 0,
    chunk_end = 1u << 1,
    parent = 1u << 2,
    root = 1u << 3,
    keyed_hash = 1u << 4,
    derive_key_context = 1u << 5,
    derive_key_material = 1u << 6,
};

// A node whose compression has not been done yet, because we don't know
// until the end whether it is the root (which needs the ROOT flag and may be
// compressed many times with increasing counters for extended output).
struct Output {
    ChainingValue input_cv;
    std::array<std::uint8_t, block_size> block;  // zero-padded
    std::uint64_t counter;
    std::uint32_t block_len;
    std::uint32_t flags;

    [[nodiscard]] ChainingValue chaining_value(CompressFn compress = compress_portable) const;
    // The root's output stream from byte `seek`.
    void root_bytes(std::span<std::uint8_t> out, std::uint64_t seek, CompressFn compress = compress_portable) const;
};

// The chunk as a node (its bytes all given to `chunk`), and a parent of two chaining values.
Output chunk_output(const ChunkState& chunk);
Output parent_output(const ChainingValue& left, const ChainingValue& right, const ChainingValue& key,
                     std::uint32_t mode_flags);

// The key a mode starts from (spec 2.3): `context` is hashed first in derive-key mode.
ChainingValue load_key(std::span<const std::uint8_t, key_size> key);
ChainingValue derive_key_context_key(std::string_view context);

// Tree nodes as separate steps, for hashing a message as independent subtrees
// (blake3_subtree.hpp). `key` is the IV in hash mode; `mode_flags` as in ChunkState.
ChainingValue hash_mode_key();
// The chaining value of a parent node that is not the root.
ChainingValue parent_chaining_value(const ChainingValue& left, const ChainingValue& right, const ChainingValue& key,
                                    std::uint32_t mode_flags);
// The output of a parent node that is the root, from byte 0 of the XOF stream.
void parent_root_bytes(const ChainingValue& left, const ChainingValue& right, const ChainingValue& key,
                       std::uint32_t mode_flags, std::span<std::uint8_t> out);

}  // namespace detail

// Incremental BLAKE3 hasher (hash, keyed_hash and derive_key modes, extendable output).
// A value type: copyable, no heap allocation in update(), no globals.
class Hasher {
public:
    Hasher();  // hash mode
    static Hasher keyed(std::span<const std::uint8_t, key_size> key);
    static Hasher derive_key(std::string_view context);  // derive_key mode: hashes the context string first
    void update(const void* data, std::size_t len);      // any split gives the same result
    // Writes out.size() bytes of output starting at byte offset `seek` of the XOF stream.
    // Does not change the state: update() may continue afterwards.
    void finalize(std::span<std::uint8_t> out, std::uint64_t seek = 0) const;
    void reset();  // back to the empty message, same mode/key

private:
    friend detail::ChainingValue detail::derive_key_context_key(std::string_view context);
    Hasher(const detail::ChainingValue& key, std::uint32_t mode_flags);

    // Records the CV of a completed chunk and merges finished subtrees.
    void push_chunk_cv(detail::ChainingValue cv, std::uint64_t total_chunks);

    detail::ChainingValue key_{};  // the IV in hash mode
    std::uint32_t flags_ = 0;      // KEYED_HASH, DERIVE_KEY_CONTEXT or DERIVE_KEY_MATERIAL
    detail::ChunkState chunk_;
    // CVs of completed subtrees, largest (leftmost) first. Merging is lazy: a
    // subtree is only merged once a later chunk exists, so the root node is
    // never compressed as a non-root parent.
    std::array<detail::ChainingValue, detail::max_cv_stack_depth> cv_stack_{};
    std::size_t cv_stack_len_ = 0;
};

}  // namespace hashscope::blake3
