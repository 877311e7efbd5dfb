// The read floor's readers read every byte: each one this CPU can run, at every size to 1100 bytes
// (past the AVX-512 reader's 512-byte steps and its word and byte tails) and several offsets,
// folds to the same value as a loop over the bytes, and a change to any byte shows.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "bench/read_floor.hpp"
#include "hashscope/cpu.hpp"

namespace hashscope::bench::detail {
namespace {

// Byte i of the whole words goes to bits 8 (i mod 8) and up of the value (little-endian words),
// each byte after the last whole word to the lowest bits.
std::uint64_t plain_fold(const std::byte* p, std::size_t size) {
    const std::size_t in_words = size - size % 8;
    std::uint64_t acc = 0;
    for (std::size_t i = 0; i < size; ++i) {
        const auto byte = std::to_integer<std::uint64_t>(p[i]);
        acc ^= i < in_words ? byte << (8 * (i % 8)) : byte;
    }
    return acc;
}

// Each reader this CPU can run, from the widest down (forcing the features away picks the next),
// and the narrow one.
std::vector<ReadFn> readers() {
    const CpuFeatureSet host = host_cpu().features;
    std::vector<ReadFn> found{read_narrow};
    for (const CpuFeatureSet features :
         {host, host.without({CpuFeature::avx512f}), host.without({CpuFeature::avx512f, CpuFeature::avx2})}) {
        const ReadFn fn = read_wide(features);
        if (found.back() != fn) found.push_back(fn);
    }
    return found;
}

TEST(ReadFloor, EveryReaderReadsEveryByte) {
    std::vector<std::byte> data(1100 + 64);
    std::uint64_t x = 0x9E3779B97F4A7C15ULL;
    for (auto& b : data) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        b = static_cast<std::byte>(x);
    }
    const auto fns = readers();
    for (const ReadFn read : fns) {
        for (const std::size_t offset : {0, 1, 7, 33}) {
            for (std::size_t size = 0; size <= 1100; ++size) {
                const std::byte* const p = data.data() + offset;
                ASSERT_EQ(read(p, size), plain_fold(p, size)) << "size " << size << ", offset " << offset;
            }
        }
        for (std::size_t at = 0; at < 1100; at += 13) {
            const std::uint64_t before = read(data.data(), 1100);
            data[at] ^= std::byte{0x5A};
            EXPECT_NE(read(data.data(), 1100), before) << "a changed byte at " << at;
            data[at] ^= std::byte{0x5A};
        }
    }
}

}  // namespace
}  // namespace hashscope::bench::detail
