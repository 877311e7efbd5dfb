// The registry table and dispatch.
#include <gtest/gtest.h>

#include <set>

#include "hashscope/registry.hpp"

namespace hashscope {
namespace {

TEST(Registry, EveryAlgorithmHasAnImplementationEverywhere) {
    // With no CPU features at all, every algorithm must still be computable.
    const Registry bare(CpuFeatureSet{});
    for (const auto& algorithm : algorithms()) {
        const auto* best = bare.best(algorithm.id);
        ASSERT_NE(best, nullptr) << algorithm.id;
        EXPECT_TRUE(best->needs.empty()) << algorithm.id;
    }
}

TEST(Registry, RowsAreUniqueAndNameKnownAlgorithms) {
    std::set<std::pair<std::string_view, std::string_view>> seen;
    for (const auto& row : all_implementations()) {
        EXPECT_NE(find_algorithm(row.algorithm), nullptr) << row.algorithm;
        EXPECT_TRUE(seen.insert({row.algorithm, row.id}).second) << row.algorithm << " · " << row.id << " twice";
        EXPECT_NE(row.id, "best") << "'best' is reserved for dispatch's choice";
        EXPECT_NE(row.make == nullptr, row.extend == nullptr)
            << row.algorithm << " · " << row.id << ": exactly one of make and extend";
        if (row.extend != nullptr) {
            EXPECT_TRUE(find_algorithm(row.algorithm)->combinable) << "only value checksums have a kernel";
        }
    }
}

TEST(Registry, BestIsTheAvailableRowOfHighestPriority) {
    const auto& registry = Registry::host();
    for (const auto& algorithm : algorithms()) {
        const auto* best = registry.best(algorithm.id);
        ASSERT_NE(best, nullptr);
        EXPECT_TRUE(registry.available(*best));
        for (const auto* other : registry.implementations_of(algorithm.id)) {
            if (registry.available(*other)) {
                EXPECT_LE(other->priority, best->priority) << other->id;
            }
        }
        EXPECT_EQ(registry.find(algorithm.id, "best"), best);
        EXPECT_EQ(registry.find(algorithm.id, ""), best);
    }
}

TEST(Registry, ExplainsWhatItCannotMake) {
    const auto& registry = Registry::host();
    auto unknown = registry.make_hasher("sha257");
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().message.find("unknown algorithm"), std::string::npos);

    auto no_impl = registry.make_hasher("sha256", "isal");
    ASSERT_FALSE(no_impl.ok());
    EXPECT_NE(no_impl.error().message.find("no implementation"), std::string::npos);
}

TEST(Registry, AlgorithmIdsAreCaseInsensitive) {
    EXPECT_EQ(find_algorithm("SHA256"), find_algorithm("sha256"));
    EXPECT_EQ(find_algorithm("nope"), nullptr);
}

#if defined(HASHSCOPE_AARCH64_KERNELS)
// The ARMv8 CRC32 kernels where the CPU has the instructions, never where it lacks them (no QEMU
// model lacks them; core.on_plain_armv8 hides them from the whole program).
TEST(Registry, Armv8CrcKernelsOnlyWithTheCrc32Feature) {
    const Registry with_crc{CpuFeatureSet{CpuFeature::arm_asimd, CpuFeature::arm_crc32}};
    const Registry without{CpuFeatureSet{CpuFeature::arm_asimd, CpuFeature::arm_pmull}};
    for (const char* algorithm : {"crc32", "crc32c"}) {
        ASSERT_NE(with_crc.best(algorithm), nullptr);
        EXPECT_EQ(with_crc.best(algorithm)->id, "armv8") << algorithm;
        ASSERT_NE(without.best(algorithm), nullptr);
        EXPECT_NE(without.best(algorithm)->id, "armv8") << algorithm;
        EXPECT_FALSE(without.make_hasher(algorithm, "armv8").ok()) << algorithm;
    }
}

// The PMULL and SHA kernels chosen where the CPU has everything they ask for, and with any one
// of those features missing neither chosen nor made.
TEST(Registry, ArmKernelsOnlyWithEveryFeatureTheyNeed) {
    using F = CpuFeature;
    const CpuFeatureSet all{F::arm_asimd, F::arm_crc32,  F::arm_pmull, F::arm_sha1,
                            F::arm_sha2,  F::arm_sha512, F::arm_sha3};
    struct Kernel {
        const char* algorithm;
        const char* id;
        CpuFeatureSet needs;
    };
    const Kernel kernels[] = {
        {"crc32", "pmull", CpuFeatureSet{F::arm_pmull}},
        {"crc32c", "pmull", CpuFeatureSet{F::arm_pmull, F::arm_crc32}},
        {"crc64nvme", "pmull", CpuFeatureSet{F::arm_pmull}},
        {"crc64xz", "pmull", CpuFeatureSet{F::arm_pmull}},
        {"sha1", "armv8", CpuFeatureSet{F::arm_sha1}},
        {"sha224", "armv8", CpuFeatureSet{F::arm_sha2}},
        {"sha256", "armv8", CpuFeatureSet{F::arm_sha2}},
        {"sha384", "armv8", CpuFeatureSet{F::arm_sha512}},
        {"sha512", "armv8", CpuFeatureSet{F::arm_sha512}},
        {"sha512-256", "armv8", CpuFeatureSet{F::arm_sha512}},
    };
    const Registry everything{all};
    for (const auto& k : kernels) {
        ASSERT_NE(everything.best(k.algorithm), nullptr) << k.algorithm;
        EXPECT_EQ(everything.best(k.algorithm)->id, k.id) << k.algorithm;
        for (const F f : {F::arm_crc32, F::arm_pmull, F::arm_sha1, F::arm_sha2, F::arm_sha512, F::arm_sha3}) {
            if (!k.needs.has(f)) continue;
            const Registry lacking{all.without(CpuFeatureSet{f})};
            ASSERT_NE(lacking.best(k.algorithm), nullptr) << k.algorithm;
            EXPECT_NE(lacking.best(k.algorithm)->id, k.id)
                << k.algorithm << " without " << CpuFeatureSet{f}.to_string();
            EXPECT_FALSE(lacking.make_hasher(k.algorithm, k.id).ok()) << k.algorithm;
        }
    }
}

// The SHA-3 kernel is made only where the CPU has sha3, and ranks after the libraries even there
// (the SHA-3 instructions run on one pipe of the Neoverse cores: calibration decides).
TEST(Registry, Armv8Sha3KernelOnlyWithTheSha3Feature) {
    using F = CpuFeature;
    const Registry with_sha3{CpuFeatureSet{F::arm_asimd, F::arm_sha1, F::arm_sha2, F::arm_sha512, F::arm_sha3}};
    const Registry without{CpuFeatureSet{F::arm_asimd, F::arm_sha1, F::arm_sha2, F::arm_sha512}};
    for (const char* algorithm : {"sha3-224", "sha3-256", "sha3-384", "sha3-512"}) {
        EXPECT_TRUE(with_sha3.make_hasher(algorithm, "armv8").ok()) << algorithm;
        ASSERT_NE(with_sha3.best(algorithm), nullptr) << algorithm;
        EXPECT_NE(with_sha3.best(algorithm)->id, "armv8") << algorithm;
        EXPECT_FALSE(without.make_hasher(algorithm, "armv8").ok()) << algorithm;
    }
}
#endif

TEST(Digest, PrintsValuesBigEndian) {
    EXPECT_EQ(Digest::from_u32("crc32", 0xcbf43926U).hex(), "cbf43926");
    EXPECT_EQ(Digest::from_u64("crc64xz", 0x995dc9bbdf1939faULL).hex(), "995dc9bbdf1939fa");
    EXPECT_EQ(Digest::from_u32("crc32", 0x00000001U).hex(), "00000001");
}

}  // namespace
}  // namespace hashscope
