// BLAKE3 on a kernel (blake3_kernel.hpp): whole subtrees of the input go to the kernel, many chunks
// and then many parents at a time; a partial chunk, the few parents left on the stack and the root
// use the portable code. Same interface as the portable Hasher, which checks it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "algorithms/blake3/blake3_kernel.hpp"
#include "algorithms/blake3/blake3_portable.hpp"

namespace hashscope::blake3 {

class TreeHasher {
public:
    explicit TreeHasher(const Kernel& kernel);  // hash mode
    static TreeHasher keyed(const Kernel& kernel, std::span<const std::uint8_t, key_size> key);
    static TreeHasher derive_key(const Kernel& kernel, std::string_view context);
    // Hash mode, for a subtree of a longer message whose first chunk is chunk `first_chunk` of
    // that message (blake3_subtree.hpp): chaining_value() is then what the subtree contributes.
    static TreeHasher subtree(const Kernel& kernel, std::uint64_t first_chunk);

    void update(const void* data, std::size_t len);  // any split gives the same result
    // The root's output from byte `seek` of the XOF stream. Does not change the state.
    void finalize(std::span<std::uint8_t> out, std::uint64_t seek = 0) const;
    // The chaining value of everything fed so far as a non-root node; needs at least one byte.
    [[nodiscard]] detail::ChainingValue chaining_value() const;
    void reset();  // back to the empty message, same mode, key and first chunk

    [[nodiscard]] std::uint64_t size() const { return size_; }  // bytes fed since the start
    [[nodiscard]] const Kernel& kernel() const { return *kernel_; }

private:
    TreeHasher(const Kernel& kernel, const detail::ChainingValue& key, std::uint32_t mode_flags,
               std::uint64_t first_chunk);

    // The node at the top of what was fed, not yet compressed: it may be the root.
    [[nodiscard]] detail::Output top() const;
    // Merges the stack down to the subtrees complete before chunk `chunks_before` of this tree.
    void merge_stack(std::uint64_t chunks_before);
    // Pushes the chaining value of a subtree that follows `chunks_before` chunks of this tree.
    void push_cv(const detail::ChainingValue& cv, std::uint64_t chunks_before);

    const Kernel* kernel_;
    detail::ChainingValue key_{};
    std::uint32_t flags_ = 0;
    std::uint64_t first_chunk_ = 0;
    std::uint64_t size_ = 0;
    detail::ChunkState chunk_;  // its counter counts from the start of the whole message
    // Chaining values of completed subtrees, largest (leftmost) first, merged lazily: a subtree is
    // merged only once a later one exists, so the root is never compressed as a non-root parent.
    // A subtree pushes its two children, hence one entry more than the portable Hasher's stack.
    std::array<detail::ChainingValue, detail::max_cv_stack_depth + 1> stack_{};
    std::size_t stack_len_ = 0;
};

}  // namespace hashscope::blake3
