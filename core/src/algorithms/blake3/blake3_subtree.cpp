// BLAKE3 subtrees: the portable Hasher's chunk and merge logic, but starting at any chunk counter
// and ending in a non-root chaining value, plus the join of such values into the root.
#include "algorithms/blake3/blake3_subtree.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace hashscope::blake3 {

using detail::ChainingValue;

SubtreeHasher::SubtreeHasher(std::uint64_t first_chunk, std::uint64_t expected_chunks)
    : first_chunk_(first_chunk), chunk_(detail::hash_mode_key(), first_chunk, 0) {
    // A run of n chunks never stacks more than bit_width(n) values.
    cv_stack_.reserve(static_cast<std::size_t>(std::bit_width(expected_chunks)));
}

void SubtreeHasher::update(const std::uint8_t* data, std::size_t len) {
    size_ += len;
    while (len > 0) {
        // As in Hasher: a chunk is closed only once input follows it, so the last one stays open
        // for chaining_value().
        if (chunk_.len() == chunk_size) {
            ChainingValue cv = detail::chunk_chaining_value(chunk_);
            // Counted from the subtree's own start: its shape does not depend on where it sits.
            std::uint64_t done = chunk_.chunk_counter - first_chunk_ + 1;
            while ((done & 1) == 0) {
                cv = detail::parent_chaining_value(cv_stack_.back(), cv, detail::hash_mode_key(), 0);
                cv_stack_.pop_back();
                done >>= 1;
            }
            cv_stack_.push_back(cv);
            chunk_ = detail::ChunkState(detail::hash_mode_key(), chunk_.chunk_counter + 1, 0);
        }
        const std::size_t take = std::min(chunk_size - chunk_.len(), len);
        chunk_.update(data, take);
        data += take;
        len -= take;
    }
}

ChainingValue SubtreeHasher::chaining_value() const {
    assert(size_ > 0 && "an empty subtree has no chaining value");
    ChainingValue cv = detail::chunk_chaining_value(chunk_);
    for (auto it = cv_stack_.rbegin(); it != cv_stack_.rend(); ++it) {
        cv = detail::parent_chaining_value(*it, cv, detail::hash_mode_key(), 0);
    }
    return cv;
}

namespace {

// The tree rule (spec 2.1) in units of subtrees: the left child takes the largest power of two
// that leaves something for the right. Because all subtrees but the last are full and the same
// power-of-two size, counting them gives the same cut as counting chunks or bytes.
ChainingValue join(std::span<const ChainingValue> cvs) {
    if (cvs.size() == 1) return cvs.front();
    const std::size_t left = std::bit_floor(cvs.size() - 1);
    return detail::parent_chaining_value(join(cvs.first(left)), join(cvs.subspan(left)), detail::hash_mode_key(), 0);
}

}  // namespace

std::array<std::uint8_t, out_size> root_from_subtrees(std::span<const ChainingValue> cvs) {
    assert(cvs.size() >= 2 && "a single subtree is the root itself");
    const std::size_t left = std::bit_floor(cvs.size() - 1);
    std::array<std::uint8_t, out_size> out{};
    detail::parent_root_bytes(join(cvs.first(left)), join(cvs.subspan(left)), detail::hash_mode_key(), 0, out);
    return out;
}

}  // namespace hashscope::blake3
