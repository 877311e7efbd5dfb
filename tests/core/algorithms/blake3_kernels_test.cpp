// The BLAKE3 kernel tiers (SSE4.1, AVX2, AVX-512 or NEON and the portable one): lane by
// lane against the portable compression, the official vectors in every mode through every tier,
// large inputs fed the ways the verifier and streams feed them, and dispatch on smaller CPUs.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "algorithms/blake3/blake3_kernel.hpp"
#include "algorithms/blake3/blake3_portable.hpp"
#include "algorithms/blake3/blake3_tree.hpp"
#include "blake3_vectors.hpp"
#include "hashscope/registry.hpp"

namespace hashscope {
namespace {

namespace b3 = blake3;
using b3::detail::ChainingValue;
using namespace test::blake3_vectors;
using F = CpuFeature;

// The kernels this CPU can run, widest first, the portable one included.
std::vector<const b3::Kernel*> host_kernels() {
    std::vector<const b3::Kernel*> out;
    for (const auto* row : Registry::host().implementations_of("blake3")) {
        const b3::Kernel* kernel = b3::kernel_for(row->id);
        if (kernel != nullptr && Registry::host().available(*row)) out.push_back(kernel);
    }
    return out;
}

Bytes random_bytes(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Bytes out(n);
    for (auto& b : out) b = static_cast<std::uint8_t>(rng());
    return out;
}

std::array<std::uint8_t, b3::key_size> test_key() {
    std::array<std::uint8_t, b3::key_size> key{};
    std::copy_n(vectors().key.begin(), key.size(), key.begin());
    return key;
}

b3::TreeHasher tree_hasher(const b3::Kernel& kernel, Mode mode) {
    switch (mode) {
        case Mode::hash:
            return b3::TreeHasher(kernel);
        case Mode::keyed_hash:
            return b3::TreeHasher::keyed(kernel, test_key());
        case Mode::derive_key:
            return b3::TreeHasher::derive_key(kernel, vectors().context);
    }
    throw std::logic_error("bad mode");
}

b3::Hasher portable_hasher(Mode mode) {
    switch (mode) {
        case Mode::hash:
            return b3::Hasher();
        case Mode::keyed_hash:
            return b3::Hasher::keyed(test_key());
        case Mode::derive_key:
            return b3::Hasher::derive_key(vectors().context);
    }
    throw std::logic_error("bad mode");
}

template <typename H>
Bytes output(const H& hasher, std::size_t len, std::uint64_t seek = 0) {
    Bytes out(len);
    hasher.finalize(out, seek);
    return out;
}

TEST(Blake3Kernels, HostRunsTheExpectedTiers) {
    const auto kernels = host_kernels();
    ASSERT_FALSE(kernels.empty());
    EXPECT_EQ(kernels.back()->id, "portable");
#if defined(HASHSCOPE_AARCH64_KERNELS)
    // Every aarch64 Linux CPU has Advanced SIMD, QEMU's models included: the NEON tier runs here.
    EXPECT_EQ(kernels.front()->id, "neon");
#endif
    for (std::size_t i = 1; i < kernels.size(); ++i) EXPECT_GT(kernels[i - 1]->degree, kernels[i]->degree);
}

// Every count from 0 to past two batches of the widest tier, chunks and parents, with counters
// whose low words wrap inside a batch, in keyed mode, from an odd address: each output is what
// the portable compression gives for that input alone.
TEST(Blake3Kernels, HashManyMatchesThePortableCompressionLaneByLane) {
    const Bytes data = random_bytes(41 * b3::chunk_size + 1, 1);
    const std::uint8_t* input = data.data() + 1;
    const ChainingValue key = b3::detail::load_key(test_key());
    for (const auto* kernel : host_kernels()) {
        for (std::size_t count = 0; count <= 40; ++count) {
            for (const std::uint64_t counter :
                 {std::uint64_t{0}, (std::uint64_t{1} << 32) - 7, std::uint64_t{5} << 40}) {
                std::vector<ChainingValue> got(count + 1), want(count + 1);
                got[count] = want[count] = ChainingValue{1, 2, 3};  // must stay untouched
                kernel->hash_chunks(input, count, key, counter, b3::detail::keyed_hash, got.data());
                b3::detail::hash_many_portable(input, b3::chunk_size, count, b3::chunk_size / b3::block_size, key,
                                               counter, true, b3::detail::keyed_hash, b3::detail::chunk_start,
                                               b3::detail::chunk_end, want.data());
                EXPECT_EQ(got, want) << kernel->id << ": " << count << " chunks from counter " << counter;
            }
            std::vector<ChainingValue> got(count), want(count);
            const auto* children = reinterpret_cast<const ChainingValue*>(data.data());  // 64-byte pairs
            kernel->hash_parents(children, count, key, b3::detail::keyed_hash, got.data());
            b3::detail::hash_many_portable(data.data(), b3::block_size, count, 1, key, 0, false,
                                           b3::detail::keyed_hash | b3::detail::parent, 0, 0, want.data());
            EXPECT_EQ(got, want) << kernel->id << ": " << count << " parents";
        }
    }
}

// All three columns of the official vectors, with their full extended output, fed at once, in
// random pieces, and read back at offsets.
TEST(Blake3Kernels, OfficialVectorsThroughEveryTierInEveryMode) {
    std::mt19937 rng(7);
    for (const auto* kernel : host_kernels()) {
        for (const auto& c : vectors().cases) {
            const Bytes input = make_input(c.input_len);
            for (Mode mode : all_modes) {
                SCOPED_TRACE(testing::Message()
                             << kernel->id << " input_len=" << c.input_len << " " << mode_name(mode));
                const Bytes& expected = c.expected(mode);
                b3::TreeHasher whole = tree_hasher(*kernel, mode);
                whole.update(input.data(), input.size());
                EXPECT_EQ(output(whole, b3::out_size), Bytes(expected.begin(), expected.begin() + b3::out_size));
                EXPECT_EQ(output(whole, expected.size()), expected);
                for (const std::size_t seek : {std::size_t{1}, std::size_t{63}, std::size_t{64}, std::size_t{100}}) {
                    EXPECT_EQ(output(whole, expected.size() - seek, seek),
                              Bytes(expected.begin() + seek, expected.end()));
                }
                b3::TreeHasher pieces = tree_hasher(*kernel, mode);
                for (std::size_t at = 0; at < input.size();) {
                    const std::size_t n = std::min<std::size_t>(input.size() - at, rng() % 3000);
                    pieces.update(input.data() + at, n);
                    at += n;
                }
                EXPECT_EQ(output(pieces, expected.size()), expected);
            }
        }
    }
}

// Messages of many chunks fed the ways they arrive: at once, in the verifier's 1 MiB blocks, after
// an odd first piece (so no subtree is aligned to the input), in random pieces, with a digest
// taken half way; each against the portable Hasher.
TEST(Blake3Kernels, LargeInputsFedAnyWayGiveThePortableDigest) {
    const Bytes data = random_bytes(3 * 1024 * 1024 + 777, 3);
    std::mt19937_64 rng(11);
    for (const std::size_t size : {std::size_t{64 * 1024}, std::size_t{1024 * 1024}, std::size_t{1024 * 1024 + 1024},
                                   std::size_t{2 * 1024 * 1024 - 1}, data.size()}) {
        for (Mode mode : {Mode::hash, Mode::keyed_hash}) {
            b3::Hasher reference = portable_hasher(mode);
            reference.update(data.data(), size);
            const Bytes want = output(reference, 131);
            for (const auto* kernel : host_kernels()) {
                SCOPED_TRACE(testing::Message() << kernel->id << " " << size << " bytes " << mode_name(mode));
                b3::TreeHasher once = tree_hasher(*kernel, mode);
                once.update(data.data(), size);
                EXPECT_EQ(output(once, 131), want);

                b3::TreeHasher blocks = tree_hasher(*kernel, mode);
                for (std::size_t at = 0; at < size; at += 1024 * 1024) {
                    blocks.update(data.data() + at, std::min<std::size_t>(1024 * 1024, size - at));
                }
                EXPECT_EQ(output(blocks, 131), want);

                b3::TreeHasher odd = tree_hasher(*kernel, mode);
                odd.update(data.data(), 1);
                odd.update(data.data() + 1, 3070);
                odd.update(data.data() + 3071, size - 3071);
                EXPECT_EQ(output(odd, 131), want);

                b3::TreeHasher random = tree_hasher(*kernel, mode);
                for (std::size_t at = 0; at < size;) {
                    const std::size_t n = std::min<std::size_t>(size - at, rng() % 2 ? rng() % 70000 : rng() % 300);
                    random.update(data.data() + at, n);
                    at += n;
                }
                EXPECT_EQ(output(random, 131), want);

                b3::TreeHasher midway = tree_hasher(*kernel, mode);
                midway.update(data.data(), 64 * 1024);  // ends on a subtree: its root stays open
                b3::Hasher prefix = portable_hasher(mode);
                prefix.update(data.data(), 64 * 1024);
                EXPECT_EQ(output(midway, 32), output(prefix, 32));
                midway.update(data.data() + 64 * 1024, size - 64 * 1024);
                EXPECT_EQ(output(midway, 131), want);
                midway.reset();
                midway.update(data.data(), size);
                EXPECT_EQ(output(midway, 131), want);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Dispatch on smaller CPUs

struct Tier {
    const char* cpu;
    CpuFeatureSet features;
    const char* expected;
};

#if defined(HASHSCOPE_X86_KERNELS)
constexpr CpuFeatureSet kNehalem{F::sse41, F::sse42};
constexpr CpuFeatureSet kWestmere{F::sse41, F::sse42, F::pclmulqdq};
constexpr CpuFeatureSet kHaswell{F::sse41, F::sse42, F::pclmulqdq, F::avx2, F::bmi2};
constexpr CpuFeatureSet kSkylakeX{F::sse41, F::sse42,   F::pclmulqdq, F::avx2,
                                  F::bmi2,  F::avx512f, F::avx512bw,  F::avx512vl};

#if defined(HASHSCOPE_AVX512_KERNELS)
constexpr const char* kWidest = "avx512";
#else
constexpr const char* kWidest = "avx2";
#endif

const Tier kTiers[] = {
    {"no SIMD", CpuFeatureSet{}, "portable"},
    {"AVX2 without SSE4.1 (not a real CPU)", CpuFeatureSet{F::avx2}, "portable"},
    {"Nehalem", kNehalem, "sse41"},
    {"Westmere", kWestmere, "sse41"},
    {"Haswell", kHaswell, "avx2"},
    {"AVX-512F without VL", CpuFeatureSet{F::sse41, F::avx2, F::avx512f}, "avx2"},
    {"Skylake-X", kSkylakeX, kWidest},
};
#elif defined(HASHSCOPE_AARCH64_KERNELS)
// NEON wherever Advanced SIMD is declared (every ARMv8-A CPU Linux runs on); the portable tier
// only for a feature set without it, which no real CPU has.
const Tier kTiers[] = {
    {"no extensions (not a real CPU)", CpuFeatureSet{}, "portable"},
    {"ARMv8.0 without CRC32 or crypto", CpuFeatureSet{F::arm_asimd}, "neon"},
    {"Cortex-A53 with crypto", CpuFeatureSet{F::arm_asimd, F::arm_crc32, F::arm_pmull, F::arm_sha1, F::arm_sha2},
     "neon"},
    {"Neoverse V2",
     CpuFeatureSet{F::arm_asimd, F::arm_crc32, F::arm_pmull, F::arm_sha1, F::arm_sha2, F::arm_sha3, F::arm_sha512,
                   F::arm_sve2},
     "neon"},
};
#else
// No BLAKE3 kernels of our own on this architecture: the portable tier on every CPU.
const Tier kTiers[] = {
    {"no extensions", CpuFeatureSet{}, "portable"},
};
#endif

TEST(Blake3Dispatch, PicksTheWidestTierTheCpuHas) {
    for (const auto& tier : kTiers) {
        const Registry registry{tier.features};
        const Implementation* best = registry.best("blake3");
        ASSERT_NE(best, nullptr);
        EXPECT_EQ(best->id, tier.expected) << tier.cpu;
        for (const auto* row : registry.implementations_of("blake3")) {
            EXPECT_EQ(registry.make_hasher("blake3", row->id).ok(), registry.available(*row))
                << tier.cpu << " " << row->id;
        }
    }
}

// What each of those CPUs would run, run here where this CPU can: its "best" hasher gives the
// official hashes.
TEST(Blake3Dispatch, EachTierUnderAReducedFeatureSetGivesTheOfficialHashes) {
    int ran = 0;
    for (const auto& tier : kTiers) {
        if (!Registry::host().features().contains(tier.features)) continue;
        ++ran;
        const Registry registry{tier.features};
        auto hasher = registry.make_hasher("blake3", "best");
        ASSERT_TRUE(hasher.ok()) << hasher.error().message;
        for (const auto& c : vectors().cases) {
            const Bytes input = make_input(c.input_len);
            hasher.value()->reset();
            hasher.value()->update(std::as_bytes(std::span(input)));
            const Digest d = hasher.value()->finish();
            EXPECT_EQ(d, Digest("blake3", std::span(c.hash).first(b3::out_size))) << tier.cpu << " " << c.input_len;
        }
    }
    EXPECT_GT(ran, 0);
}

}  // namespace
}  // namespace hashscope
