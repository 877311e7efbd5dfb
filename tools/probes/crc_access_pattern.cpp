// Why crc32c's fused kernel (core/src/algorithms/crc/crc32c_vpclmul.cpp) loses ~6% once its input
// leaves L2 while a plain read does not: its blocks read four places at once (8 KiB of vector
// lanes and three 768-byte regions for the CRC32 streams), and out of L2 that pattern alone is
// slower than one sequential stream. This probe times only the loads (XOR for the vector part,
// the CRC32 instruction chains for the scalar part, no folding), best of 300 runs per size:
//
//   build/bin/hashscope-crc-access-pattern
//
// Not a test and not part of any result file; it is here so that the figures docs/performance.md
// gives for that load pattern (the fused kernel's loss out of L2, 1 to 8 MiB) can be reproduced.
#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace {

constexpr std::size_t kIterations = 32;            // as HybridLarge: 32 iterations of 256 vector bytes
constexpr std::size_t kRegion = 24 * kIterations;  // and three scalar regions of 24 bytes per iteration
constexpr std::size_t kBlock = 256 * kIterations + 3 * kRegion;

// XOR of a vector's eight words (through memory: GCC 12's _mm512_reduce_* trips -Wuninitialized).
__attribute__((target("avx512f"))) std::uint64_t fold_words(__m512i v) {
    alignas(64) std::uint64_t w[8];
    _mm512_store_si512(w, v);
    return w[0] ^ w[1] ^ w[2] ^ w[3] ^ w[4] ^ w[5] ^ w[6] ^ w[7];
}

__attribute__((target("avx512f"))) std::uint64_t one_stream(const std::byte* p, std::size_t n) {
    __m512i a = _mm512_setzero_si512(), b = a, c = a, d = a;
    for (std::size_t i = 0; i + 256 <= n; i += 256) {
        a = _mm512_xor_si512(a, _mm512_loadu_si512(p + i));
        b = _mm512_xor_si512(b, _mm512_loadu_si512(p + i + 64));
        c = _mm512_xor_si512(c, _mm512_loadu_si512(p + i + 128));
        d = _mm512_xor_si512(d, _mm512_loadu_si512(p + i + 192));
    }
    return fold_words(_mm512_xor_si512(_mm512_xor_si512(a, b), _mm512_xor_si512(c, d)));
}

std::uint64_t load64(const std::byte* p) {
    std::uint64_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
}

// The fused kernel's block layout, with (as the kernel does) or without the scalar regions of
// the next block prefetched.
template <bool Prefetch>
__attribute__((target("avx512f,sse4.2"))) std::uint64_t block_layout(const std::byte* p, std::size_t n) {
    __m512i a = _mm512_setzero_si512(), b = a, c = a, d = a;
    std::uint64_t s0 = 0, s1 = 0, s2 = 0;
    for (std::size_t at = 0; at + kBlock <= n; at += kBlock) {
        const std::byte* v = p + at;
        const std::byte* s = v + 256 * kIterations;
        for (std::size_t i = 0; i < kIterations; ++i) {
            if constexpr (Prefetch) {
                for (std::size_t line = 0; line < 2; ++line) {
                    _mm_prefetch(reinterpret_cast<const char*>(s + kBlock + (2 * i + line) * 64), _MM_HINT_T0);
                }
            }
            a = _mm512_xor_si512(a, _mm512_loadu_si512(v + 256 * i));
            b = _mm512_xor_si512(b, _mm512_loadu_si512(v + 256 * i + 64));
            c = _mm512_xor_si512(c, _mm512_loadu_si512(v + 256 * i + 128));
            d = _mm512_xor_si512(d, _mm512_loadu_si512(v + 256 * i + 192));
            for (std::size_t k = 0; k < 24; k += 8) {
                s0 = _mm_crc32_u64(s0, load64(s + 24 * i + k));
                s1 = _mm_crc32_u64(s1, load64(s + kRegion + 24 * i + k));
                s2 = _mm_crc32_u64(s2, load64(s + 2 * kRegion + 24 * i + k));
            }
        }
    }
    return fold_words(_mm512_xor_si512(_mm512_xor_si512(a, b), _mm512_xor_si512(c, d))) ^ s0 ^ s1 ^ s2;
}

template <class F>
double best_gb_per_s(F f, std::size_t n) {
    double best_ns = 1e300;
    for (int run = 0; run < 300; ++run) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        const auto t1 = std::chrono::steady_clock::now();
        best_ns = std::min(best_ns, std::chrono::duration<double, std::nano>(t1 - t0).count());
    }
    return static_cast<double>(n) / best_ns;
}

}  // namespace

int main() {
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("sse4.2")) {
        std::puts("this probe needs AVX-512F and SSE4.2");
        return 0;
    }
    std::puts("size     one stream   block layout   block layout + scalar prefetch   (GB/s, best of 300)");
    for (const std::size_t mib : {std::size_t{1}, std::size_t{2}, std::size_t{4}, std::size_t{8}}) {
        const std::size_t n = mib << 20;
        const std::size_t padded = n + 2 * kBlock;  // the prefetches reach one block past the end
        auto* p = static_cast<std::byte*>(std::aligned_alloc(64, padded));
        if (p == nullptr) return 1;
        for (std::size_t i = 0; i < padded; ++i) p[i] = static_cast<std::byte>(i * 131);
        volatile std::uint64_t sink = 0;
        const double plain = best_gb_per_s([&] { sink = one_stream(p, n); }, n);
        const double layout = best_gb_per_s([&] { sink = block_layout<false>(p, n); }, n);
        const double prefetched = best_gb_per_s([&] { sink = block_layout<true>(p, n); }, n);
        std::printf("%zu MiB %12.1f %14.1f %32.1f\n", mib, plain, layout, prefetched);
        std::free(p);
    }
    return 0;
}
