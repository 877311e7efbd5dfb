// BLAKE3, 8 inputs at once in AVX2 registers (compiled with -mavx2 on this file only).
#include <immintrin.h>

#include "algorithms/blake3/blake3_kernel.hpp"
#include "algorithms/blake3/blake3_lanes.hpp"
#include "algorithms/blake3/blake3_x86_words.hpp"

namespace hashscope::blake3 {
namespace {

// Whole chunks of eight inputs: each input's next block is prefetched (Words256).
struct Avx2 : lanes::Words256<Avx2, true> {
    // AVX2 has no rotate: whole-byte rotations are a byte shuffle, the others two shifts and an or.
    static Reg rot16(Reg x) {
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,  //
                                                       2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
    }
    static Reg rot12(Reg x) { return _mm256_or_si256(_mm256_srli_epi32(x, 12), _mm256_slli_epi32(x, 20)); }
    static Reg rot8(Reg x) {
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12,  //
                                                       1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12));
    }
    static Reg rot7(Reg x) { return _mm256_or_si256(_mm256_srli_epi32(x, 7), _mm256_slli_epi32(x, 25)); }
};

}  // namespace

namespace detail {

void hash_many_avx2(const std::uint8_t* input, std::size_t stride, std::size_t count, std::size_t blocks,
                    const ChainingValue& key, std::uint64_t counter, bool increment_counter, std::uint32_t flags,
                    std::uint32_t flags_start, std::uint32_t flags_end, ChainingValue* out) {
    const std::size_t done = lanes::hash_batches<Avx2>(input, stride, count, blocks, key, counter, increment_counter,
                                                       flags, flags_start, flags_end, out);
    lanes::hash_rest(hash_many_sse41, done, input, stride, count, blocks, key, counter, increment_counter, flags,
                     flags_start, flags_end, out);
}

}  // namespace detail

}  // namespace hashscope::blake3
