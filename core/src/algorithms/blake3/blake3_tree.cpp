// TreeHasher: the BLAKE3 tree (spec 2.1) around a kernel that compresses many nodes at once.
#include "algorithms/blake3/blake3_tree.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <utility>

namespace hashscope::blake3 {
namespace {

using detail::ChainingValue;

// Chunks whose chaining values are computed before their parents: 256 KiB of input, 8 KiB of
// chaining values that stay in the L1 cache while the kernel reduces them level by level.
constexpr std::uint64_t kWideChunks = 256;

// The two children of a subtree of `chunks` whole chunks (a power of two, 2..kWideChunks) starting
// at chunk `counter`: all chunks in batches, then each level of parents in batches, down to two.
void wide_children(const Kernel& kernel, const std::uint8_t* input, std::uint64_t chunks, const ChainingValue& key,
                   std::uint64_t counter, std::uint32_t flags, ChainingValue* out) {
    std::array<ChainingValue, kWideChunks> level;
    std::array<ChainingValue, kWideChunks / 2> next;
    const auto n = static_cast<std::size_t>(chunks);
    kernel.hash_chunks(input, n, key, counter, flags, level.data());
    ChainingValue* from = level.data();
    ChainingValue* to = next.data();
    for (std::size_t count = n; count > 2; count /= 2) {
        kernel.hash_parents(from, count / 2, key, flags, to);
        std::swap(from, to);
    }
    out[0] = from[0];
    out[1] = from[1];
}

// The same for any power of two of chunks: halves bigger than kWideChunks recurse, and their
// roots (the two children here) are one more batch of two parents.
void subtree_children(const Kernel& kernel, const std::uint8_t* input, std::uint64_t chunks, const ChainingValue& key,
                      std::uint64_t counter, std::uint32_t flags, ChainingValue* out) {
    if (chunks <= kWideChunks) {
        wide_children(kernel, input, chunks, key, counter, flags, out);
        return;
    }
    const std::uint64_t half = chunks / 2;
    std::array<ChainingValue, 4> grandchildren;
    subtree_children(kernel, input, half, key, counter, flags, grandchildren.data());
    subtree_children(kernel, input + half * chunk_size, half, key, counter + half, flags, grandchildren.data() + 2);
    kernel.hash_parents(grandchildren.data(), 2, key, flags, out);
}

}  // namespace

TreeHasher::TreeHasher(const Kernel& kernel) : TreeHasher(kernel, detail::hash_mode_key(), 0, 0) {}

TreeHasher::TreeHasher(const Kernel& kernel, const ChainingValue& key, std::uint32_t mode_flags,
                       std::uint64_t first_chunk)
    : kernel_(&kernel),
      key_(key),
      flags_(mode_flags),
      first_chunk_(first_chunk),
      chunk_(key, first_chunk, mode_flags) {}

TreeHasher TreeHasher::keyed(const Kernel& kernel, std::span<const std::uint8_t, key_size> key) {
    return TreeHasher(kernel, detail::load_key(key), detail::keyed_hash, 0);
}

TreeHasher TreeHasher::derive_key(const Kernel& kernel, std::string_view context) {
    return TreeHasher(kernel, detail::derive_key_context_key(context), detail::derive_key_material, 0);
}

TreeHasher TreeHasher::subtree(const Kernel& kernel, std::uint64_t first_chunk) {
    return TreeHasher(kernel, detail::hash_mode_key(), 0, first_chunk);
}

void TreeHasher::merge_stack(std::uint64_t chunks_before) {
    // The completed subtrees before that point are the set bits of `chunks_before`: merge down to
    // that many entries (now that something follows them).
    const auto keep = static_cast<std::size_t>(std::popcount(chunks_before));
    while (stack_len_ > keep) {
        ChainingValue& left = stack_[stack_len_ - 2];
        left = detail::parent_output(left, stack_[stack_len_ - 1], key_, flags_).chaining_value(kernel_->compress);
        --stack_len_;
    }
}

void TreeHasher::push_cv(const ChainingValue& cv, std::uint64_t chunks_before) {
    merge_stack(chunks_before);
    assert(stack_len_ < stack_.size());
    stack_[stack_len_++] = cv;
}

void TreeHasher::update(const void* data, std::size_t len) {
    const auto* in = static_cast<const std::uint8_t*>(data);
    size_ += len;
    // Fill a started chunk first. It is closed only once input follows it: the last chunk of the
    // message may be the root.
    if (chunk_.len() > 0) {
        const std::size_t take = std::min(chunk_size - chunk_.len(), len);
        chunk_.update(in, take, kernel_->compress);
        in += take;
        len -= take;
        if (len == 0) return;
        push_cv(detail::chunk_output(chunk_).chaining_value(kernel_->compress), chunk_.chunk_counter - first_chunk_);
        chunk_ = detail::ChunkState(key_, chunk_.chunk_counter + 1, flags_);
    }
    // Then whole subtrees straight from the input: the largest power of two of chunks that fits
    // and that the position allows (a subtree starts at a multiple of its size). Its two children
    // go on the stack, so input that ends exactly with a subtree still leaves its root open.
    std::uint64_t counter = chunk_.chunk_counter;
    while (len > chunk_size) {
        const std::uint64_t done = counter - first_chunk_;
        std::uint64_t chunks = std::bit_floor(static_cast<std::uint64_t>(len / chunk_size));
        while ((done & (chunks - 1)) != 0) chunks /= 2;
        if (chunks == 1) {
            ChainingValue cv;
            kernel_->hash_chunks(in, 1, key_, counter, flags_, &cv);
            push_cv(cv, done);
        } else {
            std::array<ChainingValue, 2> children;
            subtree_children(*kernel_, in, chunks, key_, counter, flags_, children.data());
            push_cv(children[0], done);
            push_cv(children[1], done + chunks / 2);
        }
        counter += chunks;
        in += chunks * chunk_size;
        len -= static_cast<std::size_t>(chunks * chunk_size);
    }
    if (counter != chunk_.chunk_counter) chunk_ = detail::ChunkState(key_, counter, flags_);
    if (len > 0) {
        chunk_.update(in, len, kernel_->compress);
        // A chunk follows whatever is stacked, so every stacked pair is now known not to be the
        // root: merge them, which leaves top() a plain right-to-left fold.
        merge_stack(counter - first_chunk_);
    }
}

detail::Output TreeHasher::top() const {
    // With bytes in the chunk (or nothing at all: the empty message is one empty chunk), the chunk
    // is the rightmost node; otherwise the last two stacked values are. Then fold right to left.
    std::size_t i = stack_len_;
    const bool chunk_is_last = chunk_.len() > 0 || stack_len_ == 0;
    detail::Output out = chunk_is_last ? detail::chunk_output(chunk_)
                                       : detail::parent_output(stack_[i - 2], stack_[i - 1], key_, flags_);
    if (!chunk_is_last) i -= 2;
    while (i > 0) {
        --i;
        out = detail::parent_output(stack_[i], out.chaining_value(kernel_->compress), key_, flags_);
    }
    return out;
}

void TreeHasher::finalize(std::span<std::uint8_t> out, std::uint64_t seek) const {
    top().root_bytes(out, seek, kernel_->compress);
}

ChainingValue TreeHasher::chaining_value() const {
    assert(size_ > 0 && "an empty subtree has no chaining value");
    return top().chaining_value(kernel_->compress);
}

void TreeHasher::reset() {
    chunk_ = detail::ChunkState(key_, first_chunk_, flags_);
    stack_len_ = 0;
    size_ = 0;
}

}  // namespace hashscope::blake3
