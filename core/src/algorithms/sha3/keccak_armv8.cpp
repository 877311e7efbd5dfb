// Keccak-f[1600] with the ARMv8.2 SHA-3 instructions (compiled with -march=armv8.2-a+sha3, on this
// file only; call it only where the CPU has the sha3 feature). No C++ library functions: an inline
// function compiled here could be the copy the linker keeps for every caller.
//
// One lane per register, in its lower half (the upper halves carry garbage no result reads), as
// the instructions are all lane-wise: the 25 lanes, 5 column parities and 5 θ effects about fill
// the 32 registers, and a round is 10 EOR3 for the parities, 5 RAX1 for θ's D[x] = C[x-1] ^
// rol(C[x+1], 1), 24 XAR (xor with D, then rotate) for θ, ρ and π together (lane 0 only an EOR:
// no rotation), 25 BCAX for χ and one EOR for ι: 70 instructions where plain NEON needs about 180.
#include <arm_neon.h>

#include <utility>

#include "algorithms/sha3/keccak_kernels.hpp"

namespace hashscope::detail::sha3 {
namespace {

using Lanes = uint64x2_t[25];

// FIPS 202 §3.2.5: ι's constants, one a round.
constexpr std::uint64_t kRoundConstants[24] = {
    0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000, 0x000000000000808b,
    0x0000000080000001, 0x8000000080008081, 0x8000000000008009, 0x000000000000008a, 0x0000000000000088,
    0x0000000080008009, 0x000000008000000a, 0x000000008000808b, 0x800000000000008b, 0x8000000000008089,
    0x8000000000008003, 0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
};

// ρ's left rotations of lane x + 5y (FIPS 202 §3.2.2, Table 2).
constexpr int kRho[25] = {
    0,  1,  62, 28, 27,  // y = 0
    36, 44, 6,  55, 20,  // y = 1
    3,  10, 43, 25, 39,  // y = 2
    41, 45, 15, 21, 8,   // y = 3
    18, 2,  61, 56, 14,  // y = 4
};

// π moves lane (x, y) to (y, 2x + 3y mod 5).
constexpr std::size_t pi_destination(std::size_t i) {
    const std::size_t x = i % 5;
    const std::size_t y = i / 5;
    return y + 5 * ((2 * x + 3 * y) % 5);
}

// rol(a ^ d, Rho): XAR rotates right.
template <int Rho>
inline uint64x2_t xor_rotate(uint64x2_t a, uint64x2_t d) {
    if constexpr (Rho == 0) {
        return veorq_u64(a, d);
    } else {
        return vxarq_u64(a, d, 64 - Rho);
    }
}

template <std::size_t... I>
inline __attribute__((always_inline)) void rho_pi(Lanes& b, const Lanes& a, const uint64x2_t (&d)[5],
                                                  std::index_sequence<I...>) {
    ((b[pi_destination(I)] = xor_rotate<kRho[I]>(a[I], d[I % 5])), ...);
}

template <std::size_t... I>
inline __attribute__((always_inline)) void chi(Lanes& a, const Lanes& b, std::index_sequence<I...>) {
    // a[x] = b[x] ^ (~b[x + 1] & b[x + 2]) along each row.
    ((a[I] = vbcaxq_u64(b[I], b[I / 5 * 5 + (I + 2) % 5], b[I / 5 * 5 + (I + 1) % 5])), ...);
}

template <std::size_t... I>
inline __attribute__((always_inline)) void theta_effects(uint64x2_t (&d)[5], const Lanes& a,
                                                         std::index_sequence<I...>) {
    uint64x2_t c[5];
    ((c[I] = veor3q_u64(veor3q_u64(a[I], a[I + 5], a[I + 10]), a[I + 15], a[I + 20])), ...);
    ((d[I] = vrax1q_u64(c[(I + 4) % 5], c[(I + 1) % 5])), ...);
}

inline __attribute__((always_inline)) void permute(Lanes& a) {
    for (const std::uint64_t rc : kRoundConstants) {
        uint64x2_t d[5];
        theta_effects(d, a, std::make_index_sequence<5>{});
        Lanes b;
        rho_pi(b, a, d, std::make_index_sequence<25>{});
        chi(a, b, std::make_index_sequence<25>{});
        a[0] = veorq_u64(a[0], vdupq_n_u64(rc));
    }
}

// A lane of the message in the lower half of a register (upper half zero), from any alignment.
inline uint64x2_t load_lane(const std::byte* p) {
    return vcombine_u64(vreinterpret_u64_u8(vld1_u8(reinterpret_cast<const std::uint8_t*>(p))), vcreate_u64(0));
}

template <std::size_t... I>
inline __attribute__((always_inline)) void absorb_lanes(Lanes& a, const std::byte* block, std::index_sequence<I...>) {
    ((a[I] = veorq_u64(a[I], load_lane(block + 8 * I))), ...);
}

// Inlined into the one entry point, so that the SHA-3 instructions lie in no other function (the
// instruction test looks for them by function).
template <std::size_t RateLanes>
inline __attribute__((always_inline)) void absorb(std::uint64_t* state, const std::byte* data, std::size_t blocks) {
    Lanes a;
    for (std::size_t i = 0; i < 25; ++i) a[i] = vdupq_n_u64(state[i]);
    for (std::size_t block = 0; block < blocks; ++block, data += 8 * RateLanes) {
        absorb_lanes(a, data, std::make_index_sequence<RateLanes>{});
        permute(a);
    }
    for (std::size_t i = 0; i < 25; ++i) state[i] = vgetq_lane_u64(a[i], 0);
}

}  // namespace

void absorb_keccak_armv8(std::uint64_t* state, const std::byte* data, std::size_t blocks, std::size_t rate) {
    switch (rate) {
        case 144:
            absorb<18>(state, data, blocks);
            break;
        case 136:
            absorb<17>(state, data, blocks);
            break;
        case 104:
            absorb<13>(state, data, blocks);
            break;
        case 72:
            absorb<9>(state, data, blocks);
            break;
        default:
            break;  // no SHA-3 rate: nothing is absorbed (the sponge only passes the four)
    }
}

}  // namespace hashscope::detail::sha3
