// The Google Benchmark twin of `hashscope-cli bench --algo crc32c,sha256 --impl isal,openssl`:
// the same kernels, reached through HashScope's own registry the way its engine reaches them
// (core/src/bench/workload.cpp), on the same hot, 64-byte aligned buffers of random bytes.
// scripts/fidelity-check compares the two harnesses' ns/op.
//
// Run one participant per process (--benchmark_filter=^digest/ etc.), as the script does: ISA-L
// 2.30's crc32_iscsi returns from its AVX-512 code (256 bytes and more) without vzeroupper, and
// OpenSSL's SHA-NI SHA-256 (legacy SSE) measured later in the same process is 20-35% slower.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <random>
#include <string>

#include "hashscope/registry.hpp"

namespace {

using hashscope::Registry;

// One hot buffer, reused by every iteration: 64-byte aligned, filled from HashScope's seed for
// thread 0 (core/src/bench/buffers.cpp), so both harnesses hash the very same bytes.
class Buffer {
public:
    explicit Buffer(std::size_t size) : size_(size) {
        const std::size_t padded = (size + 63) / 64 * 64;
        data_.reset(static_cast<std::byte*>(std::aligned_alloc(64, padded)));
        if (!data_) throw std::bad_alloc();
        std::mt19937_64 rng(0x5eed);
        auto* words = reinterpret_cast<std::uint64_t*>(data_.get());
        for (std::size_t i = 0; i < padded / 8; ++i) words[i] = rng();
    }
    [[nodiscard]] const std::byte* data() const { return data_.get(); }
    [[nodiscard]] std::size_t size() const { return size_; }

private:
    struct Free {
        void operator()(std::byte* p) const { std::free(p); }
    };
    std::size_t size_;
    std::unique_ptr<std::byte, Free> data_;
};

// A value checksum: its kernel, called through the registry's function pointer, as
// ValueWorkload does in oneshot mode.
void value_checksum(benchmark::State& state, const char* algorithm, const char* implementation) {
    const auto& registry = Registry::host();
    const auto* row = registry.find(algorithm, implementation);
    if (row == nullptr || row->extend == nullptr || !registry.available(*row)) {
        state.SkipWithError((std::string(algorithm) + " · " + implementation + " has no kernel on this CPU").c_str());
        return;
    }
    const Buffer buffer(static_cast<std::size_t>(state.range(0)));
    const hashscope::ExtendFn extend = row->extend;
    const std::uint64_t initial = row->initial;
    const std::byte* const data = buffer.data();
    const std::size_t size = buffer.size();
    for (auto _ : state) {
        const std::uint64_t value = extend(initial, data, size);
        benchmark::DoNotOptimize(value);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

// A digest: reset, one update of the whole buffer, finish, through the virtual Hasher
// interface, as HasherWorkload does in oneshot mode.
void digest(benchmark::State& state, const char* algorithm, const char* implementation) {
    auto made = Registry::host().make_hasher(algorithm, implementation);
    if (!made) {
        state.SkipWithError(made.error().message.c_str());
        return;
    }
    hashscope::Hasher& hasher = *made.value();
    const Buffer buffer(static_cast<std::size_t>(state.range(0)));
    const std::span<const std::byte> message(buffer.data(), buffer.size());
    for (auto _ : state) {
        hasher.reset();
        hasher.update(message);
        const std::uint8_t first = hasher.finish().bytes()[0];
        benchmark::DoNotOptimize(first);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}

// HashScope times with the steady (wall) clock, so Google Benchmark sizes its runs by real time too.
void sizes(benchmark::internal::Benchmark* b) { b->Arg(64)->Arg(4096)->Arg(1048576)->UseRealTime(); }

BENCHMARK_CAPTURE(value_checksum, crc32c_isal, "crc32c", "isal")->Apply(sizes);
BENCHMARK_CAPTURE(digest, sha256_openssl, "sha256", "openssl")->Apply(sizes);

}  // namespace

BENCHMARK_MAIN();
