// BLAKE3 subtrees: the join of the pieces' chaining values into the root (the pieces themselves
// are TreeHashers started at their first chunk).
#include "algorithms/blake3/blake3_subtree.hpp"

#include <bit>
#include <cassert>

namespace hashscope::blake3 {

using detail::ChainingValue;

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
