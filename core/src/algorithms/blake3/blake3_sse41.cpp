// BLAKE3, 4 inputs at once in SSE4.1 registers (compiled with -msse4.1 on this file only); what
// is left over goes a block at a time (blake3_sse41_rows.cpp).
#include <immintrin.h>

#include "algorithms/blake3/blake3_kernel.hpp"
#include "algorithms/blake3/blake3_lanes.hpp"
#include "algorithms/blake3/blake3_sse41_rotations.hpp"
#include "algorithms/blake3/blake3_x86_words.hpp"

namespace hashscope::blake3 {
namespace {

struct Sse41 : lanes::Words128<Sse41> {
    static Reg rot16(Reg x) { return sse41::rot<16>(x); }
    static Reg rot12(Reg x) { return sse41::rot<12>(x); }
    static Reg rot8(Reg x) { return sse41::rot<8>(x); }
    static Reg rot7(Reg x) { return sse41::rot<7>(x); }
};

}  // namespace

namespace detail {

void hash_many_sse41(const std::uint8_t* input, std::size_t stride, std::size_t count, std::size_t blocks,
                     const ChainingValue& key, std::uint64_t counter, bool increment_counter, std::uint32_t flags,
                     std::uint32_t flags_start, std::uint32_t flags_end, ChainingValue* out) {
    const std::size_t done = lanes::hash_batches<Sse41>(input, stride, count, blocks, key, counter, increment_counter,
                                                        flags, flags_start, flags_end, out);
    lanes::hash_rest(hash_rows_sse41, done, input, stride, count, blocks, key, counter, increment_counter, flags,
                     flags_start, flags_end, out);
}

}  // namespace detail

}  // namespace hashscope::blake3
