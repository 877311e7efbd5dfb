// The BLAKE3 compression of many inputs at once, written once for every SIMD width: state word j
// of all inputs lives in one vector (input i in lane i), so each step of G is one instruction over
// all lanes and no shuffling happens inside the rounds. An ISA file gives the vector operations as
// a struct (Reg, lanes, set1, load, add, xor_, rot16/12/8/7, load_transposed, store_transposed)
// and instantiates hash_lanes with it.
//
// Include this ONLY from the ISA files, each compiled with its own flags, and instantiate it
// only with a struct from that file's anonymous namespace: every function here is a template of
// that struct, so no copy built with one ISA's instructions can be merged with another's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "algorithms/blake3/blake3_kernel.hpp"

namespace hashscope::blake3::lanes {

// schedule[r][i]: the message word used at position i of round r (the spec's permutation applied
// r times), so the message vectors are read in place, never permuted.
inline constexpr std::uint8_t kSchedule[7][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8},
    {3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1}, {10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6},
    {12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4}, {9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7},
    {11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13},
};

inline constexpr std::uint32_t kIv[4] = {0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au};

// One round: G on the four columns, then on the four diagonals. The four G's of a half-round
// advance step by step together, which gives the CPU four independent chains to overlap.
template <class Isa, std::size_t R>
[[gnu::always_inline]] inline void round(typename Isa::Reg (&v)[16], const typename Isa::Reg (&m)[16]) {
    constexpr const std::uint8_t* s = kSchedule[R];
    v[0] = Isa::add(Isa::add(v[0], v[4]), m[s[0]]);
    v[1] = Isa::add(Isa::add(v[1], v[5]), m[s[2]]);
    v[2] = Isa::add(Isa::add(v[2], v[6]), m[s[4]]);
    v[3] = Isa::add(Isa::add(v[3], v[7]), m[s[6]]);
    v[12] = Isa::rot16(Isa::xor_(v[12], v[0]));
    v[13] = Isa::rot16(Isa::xor_(v[13], v[1]));
    v[14] = Isa::rot16(Isa::xor_(v[14], v[2]));
    v[15] = Isa::rot16(Isa::xor_(v[15], v[3]));
    v[8] = Isa::add(v[8], v[12]);
    v[9] = Isa::add(v[9], v[13]);
    v[10] = Isa::add(v[10], v[14]);
    v[11] = Isa::add(v[11], v[15]);
    v[4] = Isa::rot12(Isa::xor_(v[4], v[8]));
    v[5] = Isa::rot12(Isa::xor_(v[5], v[9]));
    v[6] = Isa::rot12(Isa::xor_(v[6], v[10]));
    v[7] = Isa::rot12(Isa::xor_(v[7], v[11]));
    v[0] = Isa::add(Isa::add(v[0], v[4]), m[s[1]]);
    v[1] = Isa::add(Isa::add(v[1], v[5]), m[s[3]]);
    v[2] = Isa::add(Isa::add(v[2], v[6]), m[s[5]]);
    v[3] = Isa::add(Isa::add(v[3], v[7]), m[s[7]]);
    v[12] = Isa::rot8(Isa::xor_(v[12], v[0]));
    v[13] = Isa::rot8(Isa::xor_(v[13], v[1]));
    v[14] = Isa::rot8(Isa::xor_(v[14], v[2]));
    v[15] = Isa::rot8(Isa::xor_(v[15], v[3]));
    v[8] = Isa::add(v[8], v[12]);
    v[9] = Isa::add(v[9], v[13]);
    v[10] = Isa::add(v[10], v[14]);
    v[11] = Isa::add(v[11], v[15]);
    v[4] = Isa::rot7(Isa::xor_(v[4], v[8]));
    v[5] = Isa::rot7(Isa::xor_(v[5], v[9]));
    v[6] = Isa::rot7(Isa::xor_(v[6], v[10]));
    v[7] = Isa::rot7(Isa::xor_(v[7], v[11]));

    // Diagonals: (0,5,10,15) (1,6,11,12) (2,7,8,13) (3,4,9,14).
    v[0] = Isa::add(Isa::add(v[0], v[5]), m[s[8]]);
    v[1] = Isa::add(Isa::add(v[1], v[6]), m[s[10]]);
    v[2] = Isa::add(Isa::add(v[2], v[7]), m[s[12]]);
    v[3] = Isa::add(Isa::add(v[3], v[4]), m[s[14]]);
    v[15] = Isa::rot16(Isa::xor_(v[15], v[0]));
    v[12] = Isa::rot16(Isa::xor_(v[12], v[1]));
    v[13] = Isa::rot16(Isa::xor_(v[13], v[2]));
    v[14] = Isa::rot16(Isa::xor_(v[14], v[3]));
    v[10] = Isa::add(v[10], v[15]);
    v[11] = Isa::add(v[11], v[12]);
    v[8] = Isa::add(v[8], v[13]);
    v[9] = Isa::add(v[9], v[14]);
    v[5] = Isa::rot12(Isa::xor_(v[5], v[10]));
    v[6] = Isa::rot12(Isa::xor_(v[6], v[11]));
    v[7] = Isa::rot12(Isa::xor_(v[7], v[8]));
    v[4] = Isa::rot12(Isa::xor_(v[4], v[9]));
    v[0] = Isa::add(Isa::add(v[0], v[5]), m[s[9]]);
    v[1] = Isa::add(Isa::add(v[1], v[6]), m[s[11]]);
    v[2] = Isa::add(Isa::add(v[2], v[7]), m[s[13]]);
    v[3] = Isa::add(Isa::add(v[3], v[4]), m[s[15]]);
    v[15] = Isa::rot8(Isa::xor_(v[15], v[0]));
    v[12] = Isa::rot8(Isa::xor_(v[12], v[1]));
    v[13] = Isa::rot8(Isa::xor_(v[13], v[2]));
    v[14] = Isa::rot8(Isa::xor_(v[14], v[3]));
    v[10] = Isa::add(v[10], v[15]);
    v[11] = Isa::add(v[11], v[12]);
    v[8] = Isa::add(v[8], v[13]);
    v[9] = Isa::add(v[9], v[14]);
    v[5] = Isa::rot7(Isa::xor_(v[5], v[10]));
    v[6] = Isa::rot7(Isa::xor_(v[6], v[11]));
    v[7] = Isa::rot7(Isa::xor_(v[7], v[8]));
    v[4] = Isa::rot7(Isa::xor_(v[4], v[9]));
}

// Exactly Isa::lanes inputs (see HashManyFn for the arguments).
template <class Isa>
void hash_lanes(const std::uint8_t* input, std::size_t stride, std::size_t blocks, const detail::ChainingValue& key,
                std::uint64_t counter, bool increment_counter, std::uint32_t flags, std::uint32_t flags_start,
                std::uint32_t flags_end, detail::ChainingValue* out) {
    using Reg = typename Isa::Reg;
    constexpr std::size_t lanes = Isa::lanes;

    // Each lane's 64-bit block counter, split into low and high words.
    alignas(64) std::uint32_t counter_lo[lanes];
    alignas(64) std::uint32_t counter_hi[lanes];
    for (std::size_t i = 0; i < lanes; ++i) {
        const std::uint64_t c = counter + (increment_counter ? i : 0);
        counter_lo[i] = static_cast<std::uint32_t>(c);
        counter_hi[i] = static_cast<std::uint32_t>(c >> 32);
    }
    const Reg lo = Isa::load(counter_lo);
    const Reg hi = Isa::load(counter_hi);

    Reg h[8] = {Isa::set1(key[0]), Isa::set1(key[1]), Isa::set1(key[2]), Isa::set1(key[3]),
                Isa::set1(key[4]), Isa::set1(key[5]), Isa::set1(key[6]), Isa::set1(key[7])};
    std::uint32_t block_flags = flags | flags_start;
    for (std::size_t b = 0; b < blocks; ++b) {
        if (b + 1 == blocks) block_flags |= flags_end;
        Reg m[16];
        Isa::load_transposed(input, stride, b * block_size, m);
        Reg v[16] = {h[0],
                     h[1],
                     h[2],
                     h[3],
                     h[4],
                     h[5],
                     h[6],
                     h[7],
                     Isa::set1(kIv[0]),
                     Isa::set1(kIv[1]),
                     Isa::set1(kIv[2]),
                     Isa::set1(kIv[3]),
                     lo,
                     hi,
                     Isa::set1(static_cast<std::uint32_t>(block_size)),
                     Isa::set1(block_flags)};
        round<Isa, 0>(v, m);
        round<Isa, 1>(v, m);
        round<Isa, 2>(v, m);
        round<Isa, 3>(v, m);
        round<Isa, 4>(v, m);
        round<Isa, 5>(v, m);
        round<Isa, 6>(v, m);
#pragma GCC unroll 8
        for (std::size_t i = 0; i < 8; ++i) h[i] = Isa::xor_(v[i], v[i + 8]);
        block_flags = flags;
    }
    Isa::store_transposed(h, out);
}

// Whole batches of Isa::lanes inputs; returns how many inputs it did (the rest is the caller's).
template <class Isa>
std::size_t hash_batches(const std::uint8_t* input, std::size_t stride, std::size_t count, std::size_t blocks,
                         const detail::ChainingValue& key, std::uint64_t counter, bool increment_counter,
                         std::uint32_t flags, std::uint32_t flags_start, std::uint32_t flags_end,
                         detail::ChainingValue* out) {
    std::size_t done = 0;
    for (; count - done >= Isa::lanes; done += Isa::lanes) {
        hash_lanes<Isa>(input + done * stride, stride, blocks, key, counter + (increment_counter ? done : 0),
                        increment_counter, flags, flags_start, flags_end, out + done);
    }
    return done;
}

// The inputs from `done` on, which whole batches left, to `narrower`: a hash_many of the same
// signature (a narrower tier, or the one-at-a-time code), with the counter moved on as far.
template <class HashMany>
std::size_t hash_rest(HashMany narrower, std::size_t done, const std::uint8_t* input, std::size_t stride,
                      std::size_t count, std::size_t blocks, const detail::ChainingValue& key, std::uint64_t counter,
                      bool increment_counter, std::uint32_t flags, std::uint32_t flags_start, std::uint32_t flags_end,
                      detail::ChainingValue* out) {
    if (done >= count) return done;
    using Result = decltype(narrower(input, stride, count, blocks, key, counter, increment_counter, flags, flags_start,
                                     flags_end, out));
    const auto rest = [&] {
        return narrower(input + done * stride, stride, count - done, blocks, key,
                        counter + (increment_counter ? done : 0), increment_counter, flags, flags_start, flags_end,
                        out + done);
    };
    if constexpr (std::is_void_v<Result>) {
        rest();
        return count;
    } else {
        return done + rest();
    }
}

}  // namespace hashscope::blake3::lanes
