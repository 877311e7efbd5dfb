// crc32c's VPCLMULQDQ kernel: the folding kernel of crc_vpclmul_kernel.hpp with the SSE4.2
// CRC32 instruction taking over part of the data beside the vector loop, from 1 KiB up.
// Compiled with -mavx512f -mavx512bw -mavx512vl -mvpclmulqdq -mpclmul -msse4.2.
//
// Why: VPCLMULQDQ issues once per 2 cycles on Zen 4 and CRC32 once per cycle, on other ports, so
// pure folding leaves CRC32 throughput unused. Two layouts share the data between them:
//   stream  (stream_iterations; the default) one front-to-back stream of 512-byte iterations, 2 x
//           [3 vector lines, 1 line for a CRC32 chain from zero]; a chain's register is xored into
//           the line after it, which the vector loop folds anyway. 1/4 of the data in CRC32.
//   blocks  (hybrid_blocks, HybridShape) N iterations of 256 vector bytes followed by three
//           regions of Step N bytes for three scalar streams, whose registers are multiplied
//           into the accumulators one block later (3/11 of the data with HybridLarge's 32-byte
//           steps). Four places read at once:
//           slower than the stream, except where the data just overflows L2 (704 KiB..1.6 MiB).
// Where VPCLMULQDQ issues every cycle (Intel Xeon), three more entry points: the stream with four
// vector lines a group (a fifth of the data in CRC32; extend_crc32c_vpclmul_full_rate), blocks with
// 16-byte steps (HybridFullRate, 3/19 of the data; extend_crc32c_vpclmul_blocks), and folding
// alone (extend_crc32c_vpclmul_fold). Which wins depends on the core and the size, so the registry
// lists all four and calibration chooses (docs/performance.md has the figures).
#include "algorithms/crc/crc_vpclmul.hpp"
#include "algorithms/crc/crc_vpclmul_kernel.hpp"

namespace hashscope::crc {
namespace {

// Scalar registers c[j] in the low halves of lanes j.
template <std::size_t S>
HASHSCOPE_CRC_INLINE __m512i lanes_of(const std::uint64_t (&c)[S]) {
    static_assert(S >= 1 && S <= 4);
    const auto at_ = [&c](std::size_t j) { return j < S ? static_cast<long long>(c[j < S ? j : 0]) : 0LL; };
    return _mm512_set_epi64(0, at_(3), 0, at_(2), 0, at_(1), 0, at_(0));
}

// crc32c hybrid loop shape: four accumulators, Iterations iterations of 256 vector bytes per
// block, followed by Streams scalar regions of Step * Iterations bytes each (Step bytes per stream
// and iteration).
template <std::size_t Iterations, std::size_t Streams, std::size_t Step>
struct HybridShape {
    static_assert(Iterations >= 2 && Streams >= 1 && Streams <= 4 && Step % 8 == 0);
    static constexpr std::size_t iterations = Iterations;
    static constexpr std::size_t streams = Streams;
    static constexpr std::size_t step = Step;
    static constexpr std::size_t scalar_bytes = Step * Iterations;  // per stream
    static constexpr std::size_t block = 256 * Iterations + Streams * scalar_bytes;
    static_assert(block % 16 == 0, "a block is whole lanes");
};
using HybridLarge = HybridShape<32, 3, 32>;
// Inputs in [kBlocksFrom, kBlocksBelow) take HybridLarge blocks, others the stream (below).
constexpr std::size_t kBlocksFrom = std::size_t{704} << 10;
constexpr std::size_t kBlocksBelow = std::size_t{1664} << 10;
using HybridSmall = HybridShape<8, 3, 24>;
// Where VPCLMULQDQ issues every cycle (Intel Xeon): 16-byte steps, 6 CRC32 to 8 VPCLMULQDQ an
// iteration, so that neither port waits on the other (3/19 of the data in CRC32); 64 iterations a
// block keep the regions as long as HybridLarge's.
using HybridFullRate = HybridShape<64, 3, 16>;

template <class Shape>
struct HybridConstants {
    alignas(16) std::uint64_t gap[2]{};     // fold across a block's scalar part + 256 bytes
    alignas(64) std::uint64_t inject[8]{};  // scalar register j -> lane j of accumulator 3
};

// Scalar stream j's register s_j == S_j * x^w (S_j its region; the last region ends where the
// next block begins). When it is injected, with the first vector iteration of the next block,
// lane j of accumulator 3 ends D_j = 256 - 16 (3 - j) + (region bytes) (S - 1 - j) bytes after
// S_j. A register zero-extended to 64 bits is the R64 form of s_j * x^(64-w); it must become
// s_j * x^(8 D_j - w) there: multiply by x^(8 D_j - 64), fold_constant(8 D_j - 64). Lanes without
// a stream: 0. (What FoldTables::hybrid_sse_gap/_inject are for the 128-bit kernel, here for any
// block shape; evaluated at compile time only.)
template <class Poly, class Shape>
constexpr HybridConstants<Shape> make_hybrid_constants() {
    HybridConstants<Shape> t;
    const auto gap = Poly::fold_pair(8 * (Shape::streams * Shape::scalar_bytes + 256));
    t.gap[0] = gap[0];
    t.gap[1] = gap[1];
    for (std::size_t j = 0; j < Shape::streams; ++j) {
        const std::uint64_t dj = 256 - 16 * (3 - j) + Shape::scalar_bytes * (Shape::streams - 1 - j);
        t.inject[2 * j] = Poly::fold_constant(8 * dj - 64);
    }
    return t;
}
template <class Poly, class Shape>
inline constexpr HybridConstants<Shape> hybrid_constants = make_hybrid_constants<Poly, Shape>();

// S CRC32 streams over Step bytes each, at s, s + stride, s + 2 stride, ...
template <std::size_t Step, std::size_t S>
HASHSCOPE_CRC_INLINE void scalar_steps(std::uint64_t (&c)[S], std::uintptr_t s, std::size_t stride) {
#pragma GCC unroll 8
    for (std::size_t k = 0; k < Step; k += 8) {
#pragma GCC unroll 4
        for (std::size_t j = 0; j < S; ++j) {
            c[j] = _mm_crc32_u64(c[j], load_le<std::uint64_t>(reinterpret_cast<const std::byte*>(s + j * stride + k)));
        }
    }
}

// One iteration of HybridLarge in assembly, for the same reasons as stream_iteration (below): the
// loads become vpternlogq's memory operands and each stream's CRC32s sit between the folds. Only
// so do 12 CRC32 per iteration (32-byte steps) pay: in intrinsics, more than 9 slowed the folds
// (docs/performance.md has the figures).
#define HASHSCOPE_BFOLD(x, off)              \
    "vpclmulqdq $0x00, %[k], %[" x           \
    "], %[t0]\n\t"                           \
    "vpclmulqdq $0x11, %[k], %[" x "], %[" x \
    "]\n\t"                                  \
    "vpternlogq $0x96, " off "(%[v]), %[t0], %[" x "]\n\t"
#define HASHSCOPE_BCRC3(o0, o1, o2) \
    "crc32q " o0                    \
    "(%[sc]), %[c0]\n\t"            \
    "crc32q " o1                    \
    "(%[sc]), %[c1]\n\t"            \
    "crc32q " o2 "(%[sc]), %[c2]\n\t"
HASHSCOPE_CRC_INLINE void large_block_iteration(__m512i& x0, __m512i& x1, __m512i& x2, __m512i& x3,
                                                std::uint64_t (&c)[3], __m512i k, std::uintptr_t v, std::uintptr_t sc) {
    static_assert(HybridLarge::scalar_bytes == 1024 && HybridLarge::step == 32 && HybridLarge::streams == 3);
    __m512i t0;
    asm(HASHSCOPE_BFOLD("x0", "0") HASHSCOPE_BCRC3("0", "1024", "2048") HASHSCOPE_BFOLD("x1", "64")
            HASHSCOPE_BCRC3("8", "1032", "2056") HASHSCOPE_BFOLD("x2", "128") HASHSCOPE_BCRC3("16", "1040", "2064")
                HASHSCOPE_BFOLD("x3", "192") HASHSCOPE_BCRC3("24", "1048", "2072")
        : [x0] "+v"(x0), [x1] "+v"(x1), [x2] "+v"(x2), [x3] "+v"(x3), [c0] "+r"(c[0]), [c1] "+r"(c[1]), [c2] "+r"(c[2]),
          [t0] "=&v"(t0)
        : [k] "v"(k), [v] "r"(v), [sc] "r"(sc), "m"(*reinterpret_cast<const std::byte(*)[256]>(v)),
          "m"(*reinterpret_cast<const std::byte(*)[2080]>(sc)));
}
// One iteration of HybridFullRate, written the same way: two CRC32 a stream, after the first and
// second folds.
HASHSCOPE_CRC_INLINE void full_rate_block_iteration(__m512i& x0, __m512i& x1, __m512i& x2, __m512i& x3,
                                                    std::uint64_t (&c)[3], __m512i k, std::uintptr_t v,
                                                    std::uintptr_t sc) {
    static_assert(HybridFullRate::scalar_bytes == 1024 && HybridFullRate::step == 16 && HybridFullRate::streams == 3);
    __m512i t0;
    asm(HASHSCOPE_BFOLD("x0", "0") HASHSCOPE_BCRC3("0", "1024", "2048") HASHSCOPE_BFOLD("x1", "64")
            HASHSCOPE_BCRC3("8", "1032", "2056") HASHSCOPE_BFOLD("x2", "128") HASHSCOPE_BFOLD("x3", "192")
        : [x0] "+v"(x0), [x1] "+v"(x1), [x2] "+v"(x2), [x3] "+v"(x3), [c0] "+r"(c[0]), [c1] "+r"(c[1]), [c2] "+r"(c[2]),
          [t0] "=&v"(t0)
        : [k] "v"(k), [v] "r"(v), [sc] "r"(sc), "m"(*reinterpret_cast<const std::byte(*)[256]>(v)),
          "m"(*reinterpret_cast<const std::byte(*)[2064]>(sc)));
}
#undef HASHSCOPE_BFOLD
#undef HASHSCOPE_BCRC3

// crc32c: blocks of the given shape (see the top of the file) while at least a block and 256
// bytes are left; the accumulators then hold the 256 bytes before a, as after the plain loop.
// (The inner loop is deliberately not unrolled: unrolled, GCC groups the CRC32s apart from the
// folds and the two no longer overlap as well.)
template <class Poly, class Shape>
HASHSCOPE_CRC_INLINE void hybrid_blocks(__m512i& x0, __m512i& x1, __m512i& x2, __m512i& x3, std::uintptr_t& a,
                                        std::size_t& left, __m512i k) {
    constexpr std::size_t block_lanes = Shape::block / 16;
    // Lines of the next block's scalar regions to prefetch per iteration, so that all of them are
    // requested over one block.
    constexpr std::size_t scalar_lines =
        (Shape::streams * Shape::scalar_bytes + 64 * (Shape::iterations - 1) - 1) / (64 * (Shape::iterations - 1));
    const __m512i kgap = broadcast(hybrid_constants<Poly, Shape>.gap);
    const __m512i kinject = load_table(hybrid_constants<Poly, Shape>.inject);
    __m512i pending = _mm512_setzero_si512();  // last block's scalar registers, one per lane
    __m512i kfirst = k;                        // the first block follows the accumulators directly
    do {
        const std::uintptr_t s = a + 256 * Shape::iterations;
        std::uint64_t c[Shape::streams] = {};
        x0 = fold_into(x0, kfirst, loadu(at(a)));
        x1 = fold_into(x1, kfirst, loadu(at(a + 64)));
        x2 = fold_into(x2, kfirst, loadu(at(a + 128)));
        x3 = fold_into(x3, kfirst,
                       _mm512_xor_si512(loadu(at(a + 192)), _mm512_clmulepi64_epi128(pending, kinject, 0x00)));
        scalar_steps<Shape::step>(c, s, Shape::scalar_bytes);
        for (std::size_t i = 1; i < Shape::iterations; ++i) {
            const std::uintptr_t v = a + 256 * i;
            // The hardware prefetchers follow the vector region but not the slowly moving
            // scalar ones: fetch the next block's scalar regions. (Software prefetches of the
            // vector region, near or far, only slowed the loop down.)
#pragma GCC unroll 4
            for (std::size_t line = 0; line < scalar_lines; ++line) {
                _mm_prefetch(static_cast<const char*>(at(s + Shape::block + ((i - 1) * scalar_lines + line) * 64)),
                             _MM_HINT_T0);
            }
            if constexpr (std::is_same_v<Shape, HybridLarge>) {
                large_block_iteration(x0, x1, x2, x3, c, k, v, s + Shape::step * i);
            } else if constexpr (std::is_same_v<Shape, HybridFullRate>) {
                full_rate_block_iteration(x0, x1, x2, x3, c, k, v, s + Shape::step * i);
            } else {
                x0 = fold_into(x0, k, loadu(at(v)));
                x1 = fold_into(x1, k, loadu(at(v + 64)));
                x2 = fold_into(x2, k, loadu(at(v + 128)));
                x3 = fold_into(x3, k, loadu(at(v + 192)));
                scalar_steps<Shape::step>(c, s + Shape::step * i, Shape::scalar_bytes);
            }
        }
        pending = lanes_of(c);
        kfirst = kgap;
        a += Shape::block;
        left -= block_lanes;
    } while (left >= block_lanes + 16);
    // across the last block's scalar part: the next 256 bytes, and its registers
    x0 = fold_into(x0, kgap, loadu(at(a)));
    x1 = fold_into(x1, kgap, loadu(at(a + 64)));
    x2 = fold_into(x2, kgap, loadu(at(a + 128)));
    x3 = fold_into(x3, kgap, _mm512_xor_si512(loadu(at(a + 192)), _mm512_clmulepi64_epi128(pending, kinject, 0x00)));
    a += 256;
    left -= 16;
}

// crc32c, one sequential stream (the default from 1 KiB; see Crc32Instructions for the sizes where
// the blocks above win). The blocks read four places at once, which out of L2 reads slower than
// one sequential stream, and inject their CRC32 registers with a multiplication. Here an iteration is two groups of
// three vector lines (one accumulator each) and one 64-byte line for a CRC32 chain. A chain starts from zero, so its
// register r is the CRC state that line leaves; the message's CRC is that of the message with the line zeroed and r
// xored into the 4 bytes that follow it (a CRC register is "xor me into the next bytes"). Those bytes begin the next
// group's first vector line: a chain costs one xor into a load, no multiplication, and the accumulators fold over the
// scalar lines (zeros to them) by the iteration's length. 10.7 CRC32 per 256 vector bytes.
template <std::size_t VectorLines>
struct StreamShape {
    static constexpr std::size_t groups = 2;
    static constexpr std::size_t vector_lines = VectorLines;  // per group
    static constexpr std::size_t accumulators = groups * vector_lines;
    static constexpr std::size_t group_bytes = 64 * (vector_lines + 1);
    static constexpr std::size_t iteration = groups * group_bytes;
    // where accumulator m's line lies in an iteration; the group's chain line follows its last
    static constexpr std::size_t offset(std::size_t m) {
        return (m / vector_lines) * group_bytes + 64 * (m % vector_lines);
    }
    static constexpr std::size_t chain_offset(std::size_t g) { return g * group_bytes + 64 * vector_lines; }
};
// A quarter of the data in CRC32: for Zen 4, whose VPCLMULQDQ issues every other cycle.
using HalfRateStream = StreamShape<3>;
// A fifth: where VPCLMULQDQ issues every cycle (Intel Xeon), 16 of them and 16 CRC32 per 640
// bytes keep both ports equally busy.
using FullRateStream = StreamShape<4>;

template <class S>
struct StreamConstants {
    alignas(16) std::uint64_t step[2]{};                    // one iteration forward
    alignas(16) std::uint64_t enter[4][2]{};                // x_j -> accumulator j's first line
    alignas(16) std::uint64_t leave[S::accumulators][2]{};  // accumulator m -> x_(m mod 4)
};

template <class Poly, class S>
constexpr StreamConstants<S> make_stream_constants() {
    StreamConstants<S> t;
    const auto set = [](std::uint64_t(&dst)[2], std::size_t bytes) {
        const auto pair = Poly::fold_pair(8 * bytes);
        dst[0] = pair[0];
        dst[1] = pair[1];
    };
    set(t.step, S::iteration);
    // x_j holds the line 256 - 64 j bytes before the first iteration; after the last one, x_t is
    // to hold line t of the 256 bytes that follow it.
    for (std::size_t j = 0; j < 4; ++j) set(t.enter[j], 256 - 64 * j + S::offset(j));
    for (std::size_t m = 0; m < S::accumulators; ++m) set(t.leave[m], S::iteration - S::offset(m) + 64 * (m % 4));
    return t;
}
template <class Poly, class S>
inline constexpr StreamConstants<S> stream_constants = make_stream_constants<Poly, S>();

// A CRC32 chain from zero over the 64 bytes at s, as the low 32 bits of a vector.
HASHSCOPE_CRC_INLINE __m512i chain_line(std::uintptr_t s) {
    std::uint64_t c = 0;
#pragma GCC unroll 8
    for (std::size_t k = 0; k < 64; k += 8) {
        c = _mm_crc32_u64(c, load_le<std::uint64_t>(reinterpret_cast<const std::byte*>(s + k)));
    }
    return _mm512_zextsi128_si512(_mm_cvtsi64_si128(static_cast<long long>(c)));
}

// The steady-state iteration is written in assembly. In intrinsics GCC 12 adds register copies
// and separate loads and groups the CRC32s, and the loop ran slower and gained nothing from
// denser CRC32: here the fold's data load is the ternary xor's memory operand, and each group's
// CRC32s sit between its folds. Per group: the first line takes the previous
// chain's register (pend), then a chain from zero runs over the group's scalar line.
#define HASHSCOPE_FOLD_INJECTED(y, off)      \
    "vpxord " off                            \
    "(%[p]), %[pend], %[t1]\n\t"             \
    "vpclmulqdq $0x00, %[k], %[" y           \
    "], %[t0]\n\t"                           \
    "vpclmulqdq $0x11, %[k], %[" y "], %[" y \
    "]\n\t"                                  \
    "vpternlogq $0x96, %[t1], %[t0], %[" y "]\n\t"
#define HASHSCOPE_FOLD(y, off)               \
    "vpclmulqdq $0x00, %[k], %[" y           \
    "], %[t0]\n\t"                           \
    "vpclmulqdq $0x11, %[k], %[" y "], %[" y \
    "]\n\t"                                  \
    "vpternlogq $0x96, " off "(%[p]), %[t0], %[" y "]\n\t"
#define HASHSCOPE_CRC32X4(o0, o1, o2, o3) \
    "crc32q " o0                          \
    "(%[p]), %[c]\n\t"                    \
    "crc32q " o1                          \
    "(%[p]), %[c]\n\t"                    \
    "crc32q " o2                          \
    "(%[p]), %[c]\n\t"                    \
    "crc32q " o3 "(%[p]), %[c]\n\t"

HASHSCOPE_CRC_INLINE void stream_iteration(__m512i (&y)[HalfRateStream::accumulators], __m512i& pending, __m512i k,
                                           std::uintptr_t a) {
    using S = HalfRateStream;
    static_assert(S::iteration == 512 && S::chain_offset(0) == 192 && S::offset(3) == 256 && S::chain_offset(1) == 448,
                  "the offsets written below");
    __m512i t0;
    __m512i t1;
    std::uint64_t c;
    asm(HASHSCOPE_FOLD_INJECTED("y0", "0") "xorl %k[c], %k[c]\n\t" HASHSCOPE_FOLD("y1", "64")
            HASHSCOPE_CRC32X4("192", "200", "208", "216") HASHSCOPE_FOLD("y2", "128")
                HASHSCOPE_CRC32X4("224", "232", "240", "248") "vmovq %[c], %x[pend]\n\t" HASHSCOPE_FOLD_INJECTED(
                    "y3", "256") "xorl %k[c], %k[c]\n\t" HASHSCOPE_FOLD("y4", "320")
                    HASHSCOPE_CRC32X4("448", "456", "464", "472") HASHSCOPE_FOLD("y5", "384")
                        HASHSCOPE_CRC32X4("480", "488", "496", "504") "vmovq %[c], %x[pend]"
        : [y0] "+v"(y[0]), [y1] "+v"(y[1]), [y2] "+v"(y[2]), [y3] "+v"(y[3]), [y4] "+v"(y[4]), [y5] "+v"(y[5]),
          [pend] "+v"(pending), [t0] "=&v"(t0), [t1] "=&v"(t1), [c] "=&r"(c)
        : [k] "v"(k), [p] "r"(a), "m"(*reinterpret_cast<const std::byte(*)[HalfRateStream::iteration]>(a)));
}

// The same with four vector lines a group: the chain's CRC32s between the second, third and fourth
// folds.
HASHSCOPE_CRC_INLINE void stream_iteration(__m512i (&y)[FullRateStream::accumulators], __m512i& pending, __m512i k,
                                           std::uintptr_t a) {
    using S = FullRateStream;
    static_assert(S::iteration == 640 && S::chain_offset(0) == 256 && S::offset(4) == 320 && S::chain_offset(1) == 576,
                  "the offsets written below");
    __m512i t0;
    __m512i t1;
    std::uint64_t c;
    asm(HASHSCOPE_FOLD_INJECTED("y0", "0") "xorl %k[c], %k[c]\n\t" HASHSCOPE_FOLD("y1", "64") HASHSCOPE_CRC32X4(
            "256", "264", "272", "280") HASHSCOPE_FOLD("y2", "128") HASHSCOPE_CRC32X4("288", "296", "304", "312")
            HASHSCOPE_FOLD("y3", "192") "vmovq %[c], %x[pend]\n\t" HASHSCOPE_FOLD_INJECTED(
                "y4", "320") "xorl %k[c], %k[c]\n\t" HASHSCOPE_FOLD("y5", "384")
                HASHSCOPE_CRC32X4("576", "584", "592", "600") HASHSCOPE_FOLD("y6", "448")
                    HASHSCOPE_CRC32X4("608", "616", "624", "632") HASHSCOPE_FOLD("y7", "512") "vmovq %[c], %x[pend]"
        : [y0] "+v"(y[0]), [y1] "+v"(y[1]), [y2] "+v"(y[2]), [y3] "+v"(y[3]), [y4] "+v"(y[4]), [y5] "+v"(y[5]),
          [y6] "+v"(y[6]), [y7] "+v"(y[7]), [pend] "+v"(pending), [t0] "=&v"(t0), [t1] "=&v"(t1), [c] "=&r"(c)
        : [k] "v"(k), [p] "r"(a), "m"(*reinterpret_cast<const std::byte(*)[FullRateStream::iteration]>(a)));
}
#undef HASHSCOPE_FOLD_INJECTED
#undef HASHSCOPE_FOLD
#undef HASHSCOPE_CRC32X4

// Iterations while at least one and 256 bytes are left; the accumulators then hold the 256
// bytes before a, as after the plain loop.
template <class Poly, class S>
HASHSCOPE_CRC_INLINE void stream_iterations(__m512i& x0, __m512i& x1, __m512i& x2, __m512i& x3, std::uintptr_t& a,
                                            std::size_t& left) {
    constexpr std::size_t iteration_lanes = S::iteration / 16;
    const auto& t = stream_constants<Poly, S>;
    __m512i y[S::accumulators];
    __m512i pending = _mm512_setzero_si512();  // the last chain's register, for the next line
    // the first iteration: its lines, and x_0..x_3 carried onto the first four
#pragma GCC unroll 8
    for (std::size_t g = 0; g < S::groups; ++g) {
#pragma GCC unroll 4
        for (std::size_t v = 0; v < S::vector_lines; ++v) {
            const std::size_t m = g * S::vector_lines + v;
            y[m] = loadu(at(a + S::offset(m)));
            if (v == 0) y[m] = _mm512_xor_si512(y[m], pending);
        }
        pending = chain_line(a + S::chain_offset(g));
    }
    y[0] = fold_into(x0, broadcast(t.enter[0]), y[0]);
    y[1] = fold_into(x1, broadcast(t.enter[1]), y[1]);
    y[2] = fold_into(x2, broadcast(t.enter[2]), y[2]);
    y[3] = fold_into(x3, broadcast(t.enter[3]), y[3]);
    a += S::iteration;
    left -= iteration_lanes;
    const __m512i kstep = broadcast(t.step);
    while (left >= iteration_lanes + 16) {
        stream_iteration(y, pending, kstep, a);
        a += S::iteration;
        left -= iteration_lanes;
    }
    // onto the 256 bytes that follow, the last chain's register on their first bytes
    x0 = _mm512_xor_si512(loadu(at(a)), pending);
    x1 = loadu(at(a + 64));
    x2 = loadu(at(a + 128));
    x3 = loadu(at(a + 192));
    __m512i* const x[4] = {&x0, &x1, &x2, &x3};
#pragma GCC unroll 8
    for (std::size_t m = 0; m < S::accumulators; ++m) *x[m % 4] = fold_into(y[m], broadcast(t.leave[m]), *x[m % 4]);
    a += 256;
    left -= 16;
}

// vpclmul_extend_long's Interleave for crc32c: the layout that suits the size. The switches are set
// for Zen 4 (1 MiB L2, 32 MiB L3): the stream wins, except where the data just overflows L2 (a
// front-to-back sweep then evicts each line before it is read again, and the blocks' four places
// fare better). From memory the stream needs no software prefetch: the hardware prefetchers follow
// one sequential stream, and it kept up with ISA-L's folding there where blocks with the next block
// prefetched fell 2-16 % behind (docs/performance.md).
struct Crc32Instructions {
    template <class Poly>
    HASHSCOPE_CRC_INLINE static void fold(__m512i& x0, __m512i& x1, __m512i& x2, __m512i& x3, std::uintptr_t& a,
                                          std::size_t& left, __m512i k) {
        static_assert(has_crc32_instruction<Poly>);
        const std::size_t bytes = 16 * left;
        if (bytes >= kBlocksFrom && bytes < kBlocksBelow) {
            hybrid_blocks<Poly, HybridLarge>(x0, x1, x2, x3, a, left, k);
        } else if (left >= HalfRateStream::iteration / 16 + 16) {
            stream_iterations<Poly, HalfRateStream>(x0, x1, x2, x3, a, left);
        }
        if (left >= HybridSmall::block / 16 + 16) hybrid_blocks<Poly, HybridSmall>(x0, x1, x2, x3, a, left, k);
    }
};

// The Interleave for a full-rate multiplier: the stream of FullRateStream whenever an iteration
// and 256 bytes are left, without the blocks (their size switches above were measured on Zen 4).
struct FullRateCrc32Instructions {
    template <class Poly>
    HASHSCOPE_CRC_INLINE static void fold(__m512i& x0, __m512i& x1, __m512i& x2, __m512i& x3, std::uintptr_t& a,
                                          std::size_t& left, __m512i) {
        static_assert(has_crc32_instruction<Poly>);
        if (left >= FullRateStream::iteration / 16 + 16)
            stream_iterations<Poly, FullRateStream>(x0, x1, x2, x3, a, left);
    }
};

// Blocks for a full-rate multiplier: HybridFullRate whenever a block and 256 bytes are left, the
// rest folded alone. From L2 the stream above falls behind folding alone on the Intel Xeon guest,
// where these blocks, three regions read beside the vector one, run ahead of it.
struct FullRateBlocks {
    template <class Poly>
    HASHSCOPE_CRC_INLINE static void fold(__m512i& x0, __m512i& x1, __m512i& x2, __m512i& x3, std::uintptr_t& a,
                                          std::size_t& left, __m512i k) {
        static_assert(has_crc32_instruction<Poly>);
        if (left >= HybridFullRate::block / 16 + 16) hybrid_blocks<Poly, HybridFullRate>(x0, x1, x2, x3, a, left, k);
    }
};

// The four shapes differ only past 256 bytes. Up to there they run one copy of the code, at the
// start of a cache line, entered the same way from each: with a copy inlined into each shape (one
// of them behind a wrapper's jump), the same code measured 2.1 to 2.8 ns at 16 bytes on the Intel
// Xeon guest of docs/performance.md by where each copy landed, and dispatch chose between copies.
[[gnu::noinline, gnu::aligned(64)]] std::uint64_t up_to_256_bytes(std::uint64_t value, const std::byte* data,
                                                                  std::size_t size) {
    return vpclmul_extend_short<Crc32cPoly>(value, data, size);
}

template <class Interleave>
[[gnu::noinline]] std::uint64_t past_256_bytes(std::uint64_t value, const std::byte* data, std::size_t size) {
    return vpclmul_extend_long<Crc32cPoly, Interleave>(value, data, size);
}

template <class Interleave>
HASHSCOPE_CRC_INLINE std::uint64_t crc32c_shape(std::uint64_t value, const std::byte* data, std::size_t size) {
    if (size <= 16 * FoldTables<Crc32cPoly>::tail_lanes) [[likely]]
        return up_to_256_bytes(value, data, size);
    return past_256_bytes<Interleave>(value, data, size);
}

}  // namespace

std::uint64_t extend_crc32c_vpclmul(std::uint64_t value, const std::byte* data, std::size_t size) {
    return crc32c_shape<Crc32Instructions>(value, data, size);
}

std::uint64_t extend_crc32c_vpclmul_full_rate(std::uint64_t value, const std::byte* data, std::size_t size) {
    return crc32c_shape<FullRateCrc32Instructions>(value, data, size);
}

std::uint64_t extend_crc32c_vpclmul_blocks(std::uint64_t value, const std::byte* data, std::size_t size) {
    return crc32c_shape<FullRateBlocks>(value, data, size);
}

std::uint64_t extend_crc32c_vpclmul_fold(std::uint64_t value, const std::byte* data, std::size_t size) {
    return crc32c_shape<FoldOnly>(value, data, size);
}

}  // namespace hashscope::crc
