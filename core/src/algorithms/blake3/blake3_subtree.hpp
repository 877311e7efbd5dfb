// BLAKE3 (hash mode) as independent subtrees: a message cut at multiples of a power-of-two number
// of chunks is hashed piece by piece, on any threads, and the pieces' chaining values are joined
// into the root. This is what makes BLAKE3 splittable (hashscope/split_digest.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "algorithms/blake3/blake3_kernel.hpp"
#include "algorithms/blake3/blake3_portable.hpp"
#include "algorithms/blake3/blake3_tree.hpp"

namespace hashscope::blake3 {

// The chaining value of one subtree of a message's tree, fed with its bytes, which start at chunk
// `first_chunk`. Such subtrees are, for instance, 2^k whole chunks starting at a multiple of 2^k,
// or the message's tail after a run of those. The value is never the root's: the subtree must not
// be the whole message. Whole subtrees inside it go to `kernel` (the fastest the CPU has, or the
// portable one), so each piece of a split message hashes at full speed on its thread.
class SubtreeHasher {
public:
    SubtreeHasher(const Kernel& kernel, std::uint64_t first_chunk) : tree_(TreeHasher::subtree(kernel, first_chunk)) {}

    void update(const std::uint8_t* data, std::size_t len) { tree_.update(data, len); }  // any split: same result
    // The subtree's chaining value (non-root); needs at least one byte fed. Does not change the state.
    [[nodiscard]] detail::ChainingValue chaining_value() const { return tree_.chaining_value(); }
    [[nodiscard]] std::uint64_t size() const { return tree_.size(); }  // bytes fed so far

private:
    TreeHasher tree_;
};

// The default 32-byte BLAKE3 hash of a message whose subtrees have the chaining values `cvs`, in
// order: every subtree the same power-of-two number of chunks, except the last, which may be
// shorter (at least one byte). Needs at least two values (a single one would be the root).
std::array<std::uint8_t, out_size> root_from_subtrees(std::span<const detail::ChainingValue> cvs);

}  // namespace hashscope::blake3
