// The baseline of the bytewise comparison, measured rather than quoted: a message fed one byte
// at a time, once straight into each library (one library call per byte, what a naive caller
// writes) and once through HashScope's Hasher for the same library (hasher.hpp collects small
// updates). Both sides are timed here by Google Benchmark, on the same 4 KiB buffer, so their
// ratio is the figure docs/performance.md reports:
//
//   build/bin/hashscope-bytewise-reference --benchmark_repetitions=5 --benchmark_report_aggregates_only
#include <benchmark/benchmark.h>
#include <isa-l/crc.h>
#include <libdeflate.h>
#include <openssl/evp.h>
#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "hashscope/registry.hpp"

namespace {

constexpr std::size_t kMessage = 4096;

std::vector<unsigned char> random_message() {
    std::vector<unsigned char> m(kMessage);
    std::mt19937 rng(0x5eed);
    for (auto& b : m) b = static_cast<unsigned char>(rng());
    return m;
}

void finish(benchmark::State& state) {
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * kMessage));
}

void library_zlib_crc32(benchmark::State& state) {
    const auto m = random_message();
    for (auto _ : state) {
        uLong crc = crc32(0, nullptr, 0);
        for (const unsigned char& b : m) crc = crc32(crc, &b, 1);
        benchmark::DoNotOptimize(crc);
    }
    finish(state);
}

void library_isal_crc32c(benchmark::State& state) {
    auto m = random_message();
    for (auto _ : state) {
        std::uint32_t crc = 0xffffffffu;
        for (unsigned char& b : m) crc = crc32_iscsi(&b, 1, crc);
        benchmark::DoNotOptimize(crc);
    }
    finish(state);
}

void library_libdeflate_adler32(benchmark::State& state) {
    const auto m = random_message();
    for (auto _ : state) {
        std::uint32_t adler = 1;
        for (const unsigned char& b : m) adler = libdeflate_adler32(adler, &b, 1);
        benchmark::DoNotOptimize(adler);
    }
    finish(state);
}

void library_openssl_sha256(benchmark::State& state) {
    const auto m = random_message();
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    for (auto _ : state) {
        EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr);
        for (const unsigned char& b : m) EVP_DigestUpdate(ctx.get(), &b, 1);
        EVP_DigestFinal_ex(ctx.get(), out, &len);
        benchmark::DoNotOptimize(out[0]);
    }
    finish(state);
}

// HashScope's Hasher of the same library, fed the same way (as the engine's bytewise mode does).
void hasher(benchmark::State& state, const char* algorithm, const char* implementation) {
    auto made = hashscope::Registry::host().make_hasher(algorithm, implementation);
    if (!made) {
        state.SkipWithError(made.error().message.c_str());
        return;
    }
    hashscope::Hasher& h = *made.value();
    const auto m = random_message();
    const auto* bytes = reinterpret_cast<const std::byte*>(m.data());
    for (auto _ : state) {
        h.reset();
        for (std::size_t i = 0; i < kMessage; ++i) h.update({bytes + i, 1});
        const std::uint8_t first = h.finish().bytes()[0];
        benchmark::DoNotOptimize(first);
    }
    finish(state);
}

BENCHMARK(library_zlib_crc32)->UseRealTime();
BENCHMARK_CAPTURE(hasher, crc32_zlib, "crc32", "zlib")->UseRealTime();
BENCHMARK(library_isal_crc32c)->UseRealTime();
BENCHMARK_CAPTURE(hasher, crc32c_isal, "crc32c", "isal")->UseRealTime();
BENCHMARK(library_libdeflate_adler32)->UseRealTime();
BENCHMARK_CAPTURE(hasher, adler32_libdeflate, "adler32", "libdeflate")->UseRealTime();
BENCHMARK(library_openssl_sha256)->UseRealTime();
BENCHMARK_CAPTURE(hasher, sha256_openssl, "sha256", "openssl")->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
