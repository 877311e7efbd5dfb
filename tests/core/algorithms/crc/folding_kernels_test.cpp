// The folding kernels (x86-64: PCLMULQDQ, VPCLMULQDQ on AVX2 and AVX-512; aarch64: PMULL) against the byte-table
// reference: every length 0..4096 at every pointer alignment 0..63, messages fed in random pieces,
// buffers that end (or start) at an unmapped page, and the catalogue check values. Skipped, with
// the reason, on CPUs without the needed instructions.
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "algorithms/crc/crc_table.hpp"
#if defined(HASHSCOPE_X86_KERNELS)
#include "algorithms/crc/crc_pclmul.hpp"
#include "algorithms/crc/crc_pclmul_avx2.hpp"
#include "algorithms/crc/crc_vpclmul.hpp"
#endif
#if defined(HASHSCOPE_AARCH64_KERNELS)
#include <sys/auxv.h>

#include "algorithms/crc/crc_pmull.hpp"
#endif

namespace hashscope::crc {
namespace {

using Extend = std::uint64_t (*)(std::uint64_t, const std::byte*, std::size_t);

std::uint64_t ref_crc32(std::uint64_t v, const std::byte* p, std::size_t n) {
    return crc32_table_extend(static_cast<std::uint32_t>(v), p, n);
}
std::uint64_t ref_crc32c(std::uint64_t v, const std::byte* p, std::size_t n) {
    return crc32c_table_extend(static_cast<std::uint32_t>(v), p, n);
}
std::uint64_t ref_crc64nvme(std::uint64_t v, const std::byte* p, std::size_t n) {
    return crc64nvme_table_extend(v, p, n);
}
std::uint64_t ref_crc64xz(std::uint64_t v, const std::byte* p, std::size_t n) { return crc64xz_table_extend(v, p, n); }

// pmull_crc: PMULL and the CRC32 instructions (crc32c's PMULL kernel).
enum class Isa { pclmul, vpclmul_avx2, vpclmul, pmull, pmull_crc };

struct Kernel {
    std::string name;
    Isa isa;
    Extend fn;
    Extend ref;
    std::uint64_t check;  // CRC of "123456789"
    std::uint64_t mask;
};

// Why this CPU cannot run the kernel, or empty.
std::string missing([[maybe_unused]] Isa isa) {
    std::string why;
    [[maybe_unused]] const auto need = [&why](bool have, const char* what) {
        if (!have) why += std::string(why.empty() ? "" : ", ") + what;
    };
#if defined(HASHSCOPE_AARCH64_KERNELS)
    // Read here from the kernel's bits, not from the program's detection, which is under test too.
    const auto caps = getauxval(AT_HWCAP);
    need((caps & HWCAP_PMULL) != 0, "PMULL");
    if (isa == Isa::pmull_crc) need((caps & HWCAP_CRC32) != 0, "CRC32");
#endif
#if defined(HASHSCOPE_X86_KERNELS)
    __builtin_cpu_init();
    need(__builtin_cpu_supports("sse4.2"), "SSE4.2");
    need(__builtin_cpu_supports("pclmul"), "PCLMULQDQ");
    if (isa == Isa::vpclmul_avx2) {
        need(__builtin_cpu_supports("avx2"), "AVX2");
        need(__builtin_cpu_supports("vpclmulqdq"), "VPCLMULQDQ");
    }
    if (isa == Isa::vpclmul) {
        need(__builtin_cpu_supports("avx512f"), "AVX512F");
        need(__builtin_cpu_supports("avx512bw"), "AVX512BW");
        need(__builtin_cpu_supports("avx512vl"), "AVX512VL");
        need(__builtin_cpu_supports("vpclmulqdq"), "VPCLMULQDQ");
    }
#endif
    return why;
}

const std::vector<Kernel>& kernels() {
    static const std::vector<Kernel> k = {
#if defined(HASHSCOPE_AARCH64_KERNELS)
        {"pmull_crc32", Isa::pmull, extend_crc32_pmull, ref_crc32, 0xcbf43926U, 0xFFFFFFFFU},
        {"pmull_crc32c", Isa::pmull_crc, extend_crc32c_pmull, ref_crc32c, 0xe3069283U, 0xFFFFFFFFU},
        {"pmull_crc64nvme", Isa::pmull, extend_crc64nvme_pmull, ref_crc64nvme, 0xae8b14860a799888ULL, ~0ULL},
        {"pmull_crc64xz", Isa::pmull, extend_crc64xz_pmull, ref_crc64xz, 0x995dc9bbdf1939faULL, ~0ULL},
#endif
#if defined(HASHSCOPE_X86_KERNELS)
        {"pclmul_crc32", Isa::pclmul, extend_crc32_pclmul, ref_crc32, 0xcbf43926U, 0xFFFFFFFFU},
        {"pclmul_crc32c", Isa::pclmul, extend_crc32c_pclmul, ref_crc32c, 0xe3069283U, 0xFFFFFFFFU},
        {"pclmul_crc64nvme", Isa::pclmul, extend_crc64nvme_pclmul, ref_crc64nvme, 0xae8b14860a799888ULL, ~0ULL},
        {"pclmul_crc64xz", Isa::pclmul, extend_crc64xz_pclmul, ref_crc64xz, 0x995dc9bbdf1939faULL, ~0ULL},
        {"vpclmul_avx2_crc32", Isa::vpclmul_avx2, extend_crc32_vpclmul_avx2, ref_crc32, 0xcbf43926U, 0xFFFFFFFFU},
        {"vpclmul_avx2_crc32c", Isa::vpclmul_avx2, extend_crc32c_vpclmul_avx2, ref_crc32c, 0xe3069283U, 0xFFFFFFFFU},
        {"vpclmul_avx2_crc64nvme", Isa::vpclmul_avx2, extend_crc64nvme_vpclmul_avx2, ref_crc64nvme,
         0xae8b14860a799888ULL, ~0ULL},
        {"vpclmul_avx2_crc64xz", Isa::vpclmul_avx2, extend_crc64xz_vpclmul_avx2, ref_crc64xz, 0x995dc9bbdf1939faULL,
         ~0ULL},
#endif
#if defined(HASHSCOPE_AVX512_KERNELS)  // cmake -DHASHSCOPE_AVX512=OFF builds without them
        {"vpclmul_crc32", Isa::vpclmul, extend_crc32_vpclmul, ref_crc32, 0xcbf43926U, 0xFFFFFFFFU},
        {"vpclmul_crc32c", Isa::vpclmul, extend_crc32c_vpclmul, ref_crc32c, 0xe3069283U, 0xFFFFFFFFU},
        {"vpclmul_full_rate_crc32c", Isa::vpclmul, extend_crc32c_vpclmul_full_rate, ref_crc32c, 0xe3069283U,
         0xFFFFFFFFU},
        {"vpclmul_blocks_crc32c", Isa::vpclmul, extend_crc32c_vpclmul_blocks, ref_crc32c, 0xe3069283U, 0xFFFFFFFFU},
        {"vpclmul_fold_crc32c", Isa::vpclmul, extend_crc32c_vpclmul_fold, ref_crc32c, 0xe3069283U, 0xFFFFFFFFU},
        {"vpclmul_crc64nvme", Isa::vpclmul, extend_crc64nvme_vpclmul, ref_crc64nvme, 0xae8b14860a799888ULL, ~0ULL},
        {"vpclmul_crc64xz", Isa::vpclmul, extend_crc64xz_vpclmul, ref_crc64xz, 0x995dc9bbdf1939faULL, ~0ULL},
        {"vpclmul_no_prefetch_crc32", Isa::vpclmul, extend_crc32_vpclmul_no_prefetch, ref_crc32, 0xcbf43926U,
         0xFFFFFFFFU},
        {"vpclmul_no_prefetch_crc64nvme", Isa::vpclmul, extend_crc64nvme_vpclmul_no_prefetch, ref_crc64nvme,
         0xae8b14860a799888ULL, ~0ULL},
        {"vpclmul_no_prefetch_crc64xz", Isa::vpclmul, extend_crc64xz_vpclmul_no_prefetch, ref_crc64xz,
         0x995dc9bbdf1939faULL, ~0ULL},
#endif
    };
    return k;
}

// The PMULL kernels run under qemu-aarch64 in the tests, where a pass over every alignment, or over
// the x86-64 kernels' size switches, takes minutes. They have no alignment-dependent branch
// (unaligned loads only), and their paths chosen by size all start below 4 KiB (16 lanes; crc32c's
// blocks with CRC32C streams from 1344 bytes): every seventh alignment (each residue of 8) at every
// length up to 4096, and the long messages, cover them.
bool emulated_in_tests(Isa isa) { return isa == Isa::pmull || isa == Isa::pmull_crc; }

class FoldingKernelTest : public ::testing::TestWithParam<Kernel> {
protected:
    void SetUp() override {
        const std::string why = missing(GetParam().isa);
        if (!why.empty()) GTEST_SKIP() << GetParam().name << ": this CPU lacks " << why;
    }
};

std::vector<std::byte> random_bytes(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::byte> v(n);
    for (auto& b : v) b = static_cast<std::byte>(rng());
    return v;
}

TEST_P(FoldingKernelTest, CheckValue) {
    const Kernel& k = GetParam();
    const char* s = "123456789";
    EXPECT_EQ(k.fn(0, reinterpret_cast<const std::byte*>(s), 9), k.check);
    EXPECT_EQ(k.fn(0, nullptr, 0), 0U);
    EXPECT_EQ(k.fn(0x1234, nullptr, 0), 0x1234U);
}

TEST_P(FoldingKernelTest, EveryLengthUpTo4096AtEveryAlignment) {
    const Kernel& k = GetParam();
    constexpr std::size_t kMax = 4096;
    const std::vector<std::byte> msg = random_bytes(kMax, 1);
    // references for every prefix, from the empty CRC and from an arbitrary running value
    const std::uint64_t inits[] = {0, 0x0123456789ABCDEFULL & k.mask};
    std::vector<std::uint64_t> want[2];
    for (int i = 0; i < 2; ++i) {
        want[i].resize(kMax + 1);
        want[i][0] = inits[i];
        for (std::size_t n = 0; n < kMax; ++n) want[i][n + 1] = k.ref(want[i][n], msg.data() + n, 1);
    }
    std::vector<std::byte> storage(kMax + 64 + 64);
    auto* const aligned =
        reinterpret_cast<std::byte*>((reinterpret_cast<std::uintptr_t>(storage.data()) + 63) & ~std::uintptr_t{63});
    const std::size_t align_step = emulated_in_tests(k.isa) ? 7 : 1;
    for (std::size_t align = 0; align < 64; align += align_step) {
        std::byte* const p = aligned + align;
        std::memcpy(p, msg.data(), kMax);
        for (std::size_t n = 0; n <= kMax; ++n) {
            for (int i = 0; i < 2; ++i) {
                const std::uint64_t got = k.fn(inits[i], p, n);
                if (got != want[i][n]) {
                    FAIL() << k.name << ": length " << n << ", alignment " << align << ", init " << std::hex << inits[i]
                           << ": got " << got << ", want " << want[i][n];
                }
            }
        }
    }
}

TEST_P(FoldingKernelTest, LongMessages) {
    const Kernel& k = GetParam();
    const std::vector<std::byte> msg = random_bytes((1U << 20) + 4096 + 64, 2);
    std::mt19937_64 rng(3);
    for (std::size_t n : {std::size_t{8191}, std::size_t{8192}, std::size_t{65536}, std::size_t{65536 + 15},
                          std::size_t{100003}, std::size_t{1} << 20, (std::size_t{1} << 20) + 4095}) {
        const std::size_t off = rng() % 64;
        EXPECT_EQ(k.fn(0, msg.data() + off, n), k.ref(0, msg.data() + off, n)) << n;
    }
}

// Messages far beyond L2 (the other tests stop near 1 MiB), where crc32c's kernel streams at any
// size: every kernel, whole and continued from a value.
TEST_P(FoldingKernelTest, MessagesBeyondL2) {
    const Kernel& k = GetParam();
    if (emulated_in_tests(k.isa)) GTEST_SKIP() << k.name << ": no path chosen by size (LongMessages covers it)";
    const std::vector<std::byte> msg = random_bytes((std::size_t{20} << 20) + 1064, 4);
    for (std::size_t n : {(std::size_t{8} << 20) - 1, (std::size_t{8} << 20) + 300, (std::size_t{12} << 20) + 7,
                          (std::size_t{20} << 20) + 1000}) {
        const std::size_t off = n % 61;
        const std::uint64_t whole = k.ref(0, msg.data() + off, n);
        EXPECT_EQ(k.fn(0, msg.data() + off, n), whole) << n;
        const std::size_t first = n / 3;
        EXPECT_EQ(k.fn(k.fn(0, msg.data() + off, first), msg.data() + off + first, n - first), whole) << n << " split";
    }
}

// crc32c switches between its interleaved stream (512-byte iterations, CRC32 chains injected
// into vector lines) and its blocks by size: at 704 KiB and 1664 KiB; its shape for a full-rate
// multiplier takes its first block (19,456 bytes and 256 on each side, in whole lanes) from 19,953
// bytes and a second from 39,409. Every length across those switches (every residue of the
// iteration and of a lane) at two alignments, from a value.
TEST_P(FoldingKernelTest, EveryLengthAcrossTheSizeSwitches) {
    const Kernel& k = GetParam();
    if (emulated_in_tests(k.isa)) GTEST_SKIP() << k.name << ": no size switches";
    constexpr std::size_t kSpan = 1400;
    const std::uint64_t init = 0x89ABCDEF01234567ULL & k.mask;
    for (const std::size_t from : {std::size_t{19953} - 700, std::size_t{39409} - 700, (std::size_t{704} << 10) - 700,
                                   (std::size_t{1664} << 10) - 700}) {
        const std::vector<std::byte> msg = random_bytes(from + kSpan + 64, 7);
        for (const std::size_t off : {std::size_t{0}, std::size_t{37}}) {
            const std::byte* const p = msg.data() + off;
            std::uint64_t want = k.ref(init, p, from);
            for (std::size_t n = from; n <= from + kSpan; ++n) {
                const std::uint64_t got = k.fn(init, p, n);
                if (got != want)
                    FAIL() << k.name << ": length " << n << ", offset " << off << ": got " << std::hex << got
                           << ", want " << want;
                want = k.ref(want, p + n, 1);
            }
        }
    }
}

TEST_P(FoldingKernelTest, MessagesFedInRandomPieces) {
    const Kernel& k = GetParam();
    std::mt19937_64 rng(4);
    const std::vector<std::byte> msg = random_bytes(40000, 5);
    for (int round = 0; round < 300; ++round) {
        const std::size_t n = rng() % (round < 200 ? 2000 : msg.size());
        const std::size_t off = rng() % (msg.size() - n + 1);
        const std::uint64_t want = k.ref(0, msg.data() + off, n);
        std::uint64_t v = 0;
        std::size_t done = 0;
        while (done < n) {
            // mostly short pieces, sometimes empty ones, sometimes long ones
            std::size_t piece;
            switch (rng() % 4) {
                case 0:
                    piece = rng() % 17;
                    break;
                case 1:
                    piece = rng() % 300;
                    break;
                case 2:
                    piece = rng() % 5000;
                    break;
                default:
                    piece = rng() % 70;
                    break;
            }
            piece = std::min(piece, n - done);
            v = k.fn(v, msg.data() + off + done, piece);
            done += piece;
        }
        ASSERT_EQ(v, want) << "round " << round << ", length " << n;
    }
}

// Messages that end exactly where an unmapped page begins, or begin exactly where one ends:
// a kernel reading even one byte outside the message faults.
TEST_P(FoldingKernelTest, NoReadOutsideTheMessage) {
    const Kernel& k = GetParam();
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    const std::size_t span = 2 * page;  // two readable pages between two guard pages
    void* const map = mmap(nullptr, span + 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(map, MAP_FAILED);
    auto* const base = static_cast<std::byte*>(map);
    ASSERT_EQ(mprotect(base, page, PROT_NONE), 0);
    ASSERT_EQ(mprotect(base + page + span, page, PROT_NONE), 0);
    std::byte* const lo = base + page;  // first readable byte
    std::byte* const hi = lo + span;    // one past the last
    const std::vector<std::byte> msg = random_bytes(span, 6);
    std::memcpy(lo, msg.data(), span);
    for (std::size_t n = 0; n <= 1100; ++n) {
        ASSERT_EQ(k.fn(0, hi - n, n), k.ref(0, hi - n, n)) << "ending at a guard page, length " << n;
        ASSERT_EQ(k.fn(0, lo, n), k.ref(0, lo, n)) << "starting after a guard page, length " << n;
    }
    for (std::size_t n = span - 300; n <= span; ++n) ASSERT_EQ(k.fn(0, lo, n), k.ref(0, lo, n)) << n;
    munmap(map, span + 2 * page);
}

INSTANTIATE_TEST_SUITE_P(Kernels, FoldingKernelTest, ::testing::ValuesIn(kernels()),
                         [](const ::testing::TestParamInfo<Kernel>& param_info) { return param_info.param.name; });

}  // namespace
}  // namespace hashscope::crc
