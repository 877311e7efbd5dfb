// Checks host_cpu() against what the kernel reports and CpuFeatureSet's bit operations.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "hashscope/cpu.hpp"
#include "hashscope/cpu_features.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace hashscope {
namespace {

// ---------------------------------------------------------------------------------------------
// /proc/cpuinfo, as the kernel sees the CPU.

// The first value of `key` in /proc/cpuinfo, or "" when absent.
std::string proc_field(std::string_view key) {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        std::string name = line.substr(0, colon);
        while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.pop_back();
        if (name != key) continue;
        const auto start = line.find_first_not_of(' ', colon + 1);
        return start == std::string::npos ? std::string() : line.substr(start);
    }
    return {};
}

std::set<std::string> proc_flags() {
#if defined(__aarch64__)
    std::istringstream words(proc_field("Features"));
#else
    std::istringstream words(proc_field("flags"));
#endif
    std::set<std::string> flags;
    for (std::string word; words >> word;) flags.insert(word);
    return flags;
}

// How /proc spells each feature: as HashScope names it, except for the few that HashScope spells
// as documentation does (cpu_features.cpp).
std::string_view proc_flag_name(CpuFeature f) {
    switch (f) {
        case CpuFeature::sse41:
            return "sse4_1";
        case CpuFeature::sse42:
            return "sse4_2";
        case CpuFeature::sha:
            return "sha_ni";
        default:
            return cpu_feature_name(f);
    }
}

bool is_x86_feature(CpuFeature f) { return static_cast<std::uint32_t>(f) < (1U << 16); }

// ---------------------------------------------------------------------------------------------
// x86: what the CPU we actually run on says, independently of the code under test.

#if defined(__x86_64__) || defined(__i386__)

struct Regs {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
};

Regs cpuid(unsigned leaf, unsigned subleaf = 0) {
    Regs r;
    if (__get_cpuid_count(leaf, subleaf, &r.eax, &r.ebx, &r.ecx, &r.edx) == 0) return {};
    return r;
}

std::string regs_text(std::initializer_list<unsigned> regs) {
    std::string out;
    for (const unsigned reg : regs) {
        for (unsigned shift = 0; shift < 32; shift += 8) {
            const auto c = static_cast<char>((reg >> shift) & 0xFFU);
            if (c != '\0') out += c;
        }
    }
    return out;
}

std::string hypervisor_signature() {
    if (((cpuid(1).ecx >> 31) & 1U) == 0) return {};
    Regs r;
    __cpuid_count(0x40000000, 0, r.eax, r.ebx, r.ecx, r.edx);
    return regs_text({r.ebx, r.ecx, r.edx});
}

std::pair<unsigned, unsigned> family_model() {
    const unsigned eax = cpuid(1).eax;
    unsigned family = (eax >> 8) & 0xFU;
    unsigned model = (eax >> 4) & 0xFU;
    if (family == 0xF || family == 0x6) model |= ((eax >> 16) & 0xFU) << 4;
    if (family == 0xF) family += (eax >> 20) & 0xFFU;
    return {family, model};
}

#endif

// /proc/cpuinfo describes the host kernel's CPU. Under qemu-user (or any CPU model emulation) the
// process sees a different CPU through CPUID, and comparing against /proc would be meaningless.
// Returns why they differ, or "" when /proc describes the CPU this process runs on.
std::string why_proc_is_not_this_cpu() {
#if defined(__x86_64__) || defined(__i386__)
    if (hypervisor_signature() == "TCGTCGTCGTCG") return "running under QEMU TCG emulation";
    const auto r = cpuid(0);
    const std::string vendor = regs_text({r.ebx, r.edx, r.ecx});
    if (vendor != proc_field("vendor_id"))
        return "CPUID vendor " + vendor + " != /proc vendor_id " + proc_field("vendor_id");
    const auto [family, model] = family_model();
    if (std::to_string(family) != proc_field("cpu family") || std::to_string(model) != proc_field("model")) {
        return "CPUID family/model differ from /proc/cpuinfo's";
    }
    return {};
#else
    return proc_field("Features").empty() ? "/proc/cpuinfo lists no Features" : "";
#endif
}

// ---------------------------------------------------------------------------------------------
// host_cpu()

TEST(HostCpu, ReportsIdentityAndTopology) {
    const CpuInfo& cpu = host_cpu();
    EXPECT_FALSE(cpu.model.empty());
    EXPECT_FALSE(cpu.vendor.empty());
    EXPECT_FALSE(cpu.architecture.empty());
    EXPECT_FALSE(cpu.microarchitecture.empty());  // "unknown" at worst
    EXPECT_GE(cpu.cores, 1U);
    EXPECT_GE(cpu.threads, cpu.cores);
#if defined(__x86_64__)
    EXPECT_EQ(cpu.architecture, "x86_64");
    EXPECT_GT(cpu.caches.l1d, 0U);
#elif defined(__aarch64__)
    EXPECT_EQ(cpu.architecture, "aarch64");
#endif
}

// Kinds of core are listed only where there are several, and add up to the cores counted; the
// core a thread runs on is named only then.
TEST(HostCpu, KindsOfCoreOnlyWhereTheyDiffer) {
    const CpuInfo& cpu = host_cpu();
    EXPECT_NE(cpu.core_kinds.size(), 1U);
    if (cpu.core_kinds.empty()) {
        EXPECT_EQ(current_core_kind(), "");
        EXPECT_EQ(describe_core_kinds(cpu.core_kinds), "");
        return;
    }
    unsigned cores = 0;
    for (const auto& kind : cpu.core_kinds) cores += kind.cores;
    EXPECT_EQ(cores, cpu.cores);
    const std::string now = current_core_kind();
    EXPECT_TRUE(std::any_of(cpu.core_kinds.begin(), cpu.core_kinds.end(), [&](const CoreKind& kind) {
        return kind.microarchitecture == now;
    })) << now;
}

TEST(HostCpu, ReportsOnlyThisArchitecturesFeatures) {
    for (const CpuFeature f : all_cpu_features()) {
        if (!host_cpu().features.has(f)) continue;
#if defined(__x86_64__) || defined(__i386__)
        EXPECT_TRUE(is_x86_feature(f)) << cpu_feature_name(f);
#elif defined(__aarch64__)
        EXPECT_FALSE(is_x86_feature(f)) << cpu_feature_name(f);
#endif
    }
}

TEST(HostCpu, FeaturesAgreeWithProcCpuinfoFlags) {
    if (const auto why = why_proc_is_not_this_cpu(); !why.empty()) {
        GTEST_SKIP() << "/proc/cpuinfo does not describe this CPU: " << why;
    }
    const auto flags = proc_flags();
    ASSERT_FALSE(flags.empty()) << "no flags line in /proc/cpuinfo";
    const CpuFeatureSet features = host_cpu().features;
    for (const CpuFeature feature : all_cpu_features()) {
        const std::string_view flag = proc_flag_name(feature);
#if defined(__x86_64__) || defined(__i386__)
        if (!is_x86_feature(feature)) continue;
#else
        if (is_x86_feature(feature)) continue;
#endif
        EXPECT_EQ(features.has(feature), flags.count(std::string(flag)) == 1)
            << cpu_feature_name(feature) << " (/proc flag \"" << flag << "\")";
    }
}

#if defined(__x86_64__) || defined(__i386__)

TEST(HostCpu, HypervisorAgreesWithProcCpuinfo) {
    if (const auto why = why_proc_is_not_this_cpu(); !why.empty()) {
        GTEST_SKIP() << "/proc/cpuinfo does not describe this CPU: " << why;
    }
    EXPECT_EQ(!host_cpu().hypervisor.empty(), proc_flags().count("hypervisor") == 1) << host_cpu().hypervisor;
}

// Works under emulation too, where /proc cannot be compared: a reported feature must at least be
// advertised by CPUID, so forcing an older CPU model (qemu -cpu Nehalem) must drop it.
TEST(HostCpu, ReportedFeaturesAreAdvertisedByCpuid) {
    const Regs leaf1 = cpuid(1);
    const Regs leaf7 = cpuid(7, 0);
    const auto on = [](unsigned reg, unsigned n) { return ((reg >> n) & 1U) != 0; };
    const std::array<std::pair<CpuFeature, bool>, 10> advertised{{
        {CpuFeature::sse41, on(leaf1.ecx, 19)},
        {CpuFeature::sse42, on(leaf1.ecx, 20)},
        {CpuFeature::pclmulqdq, on(leaf1.ecx, 1)},
        {CpuFeature::avx2, on(leaf7.ebx, 5)},
        {CpuFeature::avx512f, on(leaf7.ebx, 16)},
        {CpuFeature::avx512bw, on(leaf7.ebx, 30)},
        {CpuFeature::avx512vl, on(leaf7.ebx, 31)},
        {CpuFeature::vpclmulqdq, on(leaf7.ecx, 10)},
        {CpuFeature::sha, on(leaf7.ebx, 29)},
        {CpuFeature::bmi2, on(leaf7.ebx, 8)},
    }};
    for (const auto& [feature, cpuid_says] : advertised) {
        if (host_cpu().features.has(feature)) {
            EXPECT_TRUE(cpuid_says) << cpu_feature_name(feature);
        }
    }
}

TEST(HostCpu, WideVectorFeaturesImplyTheirPrerequisites) {
    const CpuFeatureSet f = host_cpu().features;
    const auto implies = [](bool a, bool b) { return !a || b; };
    EXPECT_TRUE(implies(f.has(CpuFeature::avx512bw) || f.has(CpuFeature::avx512vl), f.has(CpuFeature::avx512f)));
    EXPECT_TRUE(implies(f.has(CpuFeature::avx512f), f.has(CpuFeature::avx2)));
    EXPECT_TRUE(implies(f.has(CpuFeature::sse42), f.has(CpuFeature::sse41)));
}

#endif

TEST(HostCpu, ReturnsTheSameObjectOnEveryCall) {
    const CpuInfo* first = &host_cpu();
    EXPECT_EQ(first, &host_cpu());
    EXPECT_EQ(first->features, host_cpu().features);
}

TEST(HostCpu, ReturnsTheSameObjectFromManyThreads) {
    constexpr int kThreads = 8;
    std::array<const CpuInfo*, kThreads> seen{};
    {
        std::vector<std::jthread> threads;
        for (int i = 0; i < kThreads; ++i) {
            threads.emplace_back([&seen, i] { seen[static_cast<std::size_t>(i)] = &host_cpu(); });
        }
    }  // jthreads join here
    for (const CpuInfo* p : seen) EXPECT_EQ(p, &host_cpu());
}

// ---------------------------------------------------------------------------------------------
// CpuFeatureSet and names

TEST(CpuFeatureSet, EmptySetPrintsDash) {
    const CpuFeatureSet none;
    EXPECT_TRUE(none.empty());
    EXPECT_TRUE(none.names().empty());
    EXPECT_EQ(none.to_string(), "-");
}

TEST(CpuFeatureSet, NamesFollowDisplayOrderNotInsertionOrder) {
    const CpuFeatureSet set{CpuFeature::sha, CpuFeature::sse42, CpuFeature::pclmulqdq};
    const std::vector<std::string_view> expected{"sse4.2", "pclmulqdq", "sha"};
    EXPECT_EQ(set.names(), expected);
    EXPECT_EQ(set.to_string(), "sse4.2 pclmulqdq sha");
}

TEST(CpuFeatureSet, ContainsAndWithout) {
    const CpuFeatureSet avx512{CpuFeature::avx512f, CpuFeature::avx512bw, CpuFeature::avx512vl};
    const CpuFeatureSet host{CpuFeature::sse41,   CpuFeature::sse42,    CpuFeature::avx2,
                             CpuFeature::avx512f, CpuFeature::avx512bw, CpuFeature::avx512vl};
    EXPECT_TRUE(host.contains(avx512));
    EXPECT_TRUE(host.contains(CpuFeatureSet{}));
    EXPECT_FALSE(avx512.contains(host));

    const CpuFeatureSet forced = host.without(avx512);  // "pretend no AVX-512"
    EXPECT_FALSE(forced.has(CpuFeature::avx512f));
    EXPECT_TRUE(forced.has(CpuFeature::avx2));
    EXPECT_EQ(forced, (CpuFeatureSet{CpuFeature::sse41, CpuFeature::sse42, CpuFeature::avx2}));
    EXPECT_EQ(forced.to_string(), "sse4.1 sse4.2 avx2");
    EXPECT_EQ(host.without(host), CpuFeatureSet{});
}

TEST(CpuFeatureSet, BitsRoundTrip) {
    CpuFeatureSet set;
    set |= CpuFeature::bmi2;
    set |= CpuFeature::arm_crc32;
    EXPECT_EQ(set.bits(), (1U << 9) | (1U << 16));
    EXPECT_EQ(CpuFeatureSet::from_bits(set.bits()), set);
    EXPECT_EQ(set.to_string(), "bmi2 crc32");
}

TEST(CpuFeatureSet, UnknownBitsAreNotNamed) { EXPECT_EQ(CpuFeatureSet::from_bits(1U << 31).to_string(), "-"); }

TEST(CpuFeatureNames, AllFeaturesInEnumOrderWithDistinctNames) {
    const auto& all = all_cpu_features();
    ASSERT_EQ(all.size(), 18U);
    EXPECT_TRUE(std::is_sorted(all.begin(), all.end(), [](CpuFeature a, CpuFeature b) {
        return static_cast<std::uint32_t>(a) < static_cast<std::uint32_t>(b);
    }));
    std::set<std::string_view> names;
    CpuFeatureSet every;
    for (const CpuFeature f : all) {
        names.insert(cpu_feature_name(f));
        every |= f;
    }
    EXPECT_EQ(names.size(), all.size());
    EXPECT_EQ(every.names().size(), all.size());
}

TEST(CpuFeatureNames, SpelledAsLinuxDoes) {
    EXPECT_EQ(cpu_feature_name(CpuFeature::sse41), "sse4.1");
    EXPECT_EQ(cpu_feature_name(CpuFeature::sse42), "sse4.2");
    EXPECT_EQ(cpu_feature_name(CpuFeature::pclmulqdq), "pclmulqdq");
    EXPECT_EQ(cpu_feature_name(CpuFeature::avx2), "avx2");
    EXPECT_EQ(cpu_feature_name(CpuFeature::avx512f), "avx512f");
    EXPECT_EQ(cpu_feature_name(CpuFeature::avx512bw), "avx512bw");
    EXPECT_EQ(cpu_feature_name(CpuFeature::avx512vl), "avx512vl");
    EXPECT_EQ(cpu_feature_name(CpuFeature::vpclmulqdq), "vpclmulqdq");
    EXPECT_EQ(cpu_feature_name(CpuFeature::sha), "sha");
    EXPECT_EQ(cpu_feature_name(CpuFeature::bmi2), "bmi2");
    EXPECT_EQ(cpu_feature_name(CpuFeature::arm_crc32), "crc32");
    EXPECT_EQ(cpu_feature_name(CpuFeature::arm_pmull), "pmull");
    EXPECT_EQ(cpu_feature_name(CpuFeature::arm_sha512), "sha512");
    EXPECT_EQ(cpu_feature_name(CpuFeature::arm_sve2), "sve2");
    EXPECT_EQ(cpu_feature_name(CpuFeature::arm_asimd), "asimd");
    EXPECT_EQ(cpu_feature_name(CpuFeature::arm_sha1), "sha1");
    EXPECT_EQ(cpu_feature_name(CpuFeature::arm_sha2), "sha2");
    EXPECT_EQ(cpu_feature_name(CpuFeature::arm_sha3), "sha3");
}

}  // namespace
}  // namespace hashscope
