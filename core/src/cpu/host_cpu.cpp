// Detects the host CPU once. libcpuinfo does the heavy lifting (topology, caches, feature bits
// already masked by what the OS enables); CPUID, XGETBV, auxv and /proc/cpuinfo fill in what the
// 2022 libcpuinfo snapshot in Debian 12 does not know (Zen 4/5, hypervisors, ARM SHA3) and stand
// in for it entirely when cpuinfo_initialize() fails (e.g. a sandbox without /sys).
#include "hashscope/cpu.hpp"

#include <cpuinfo.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#if defined(__aarch64__) && defined(__linux__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

namespace hashscope {

namespace {

// ---------------------------------------------------------------------------------------------
// Text helpers

bool is_space_or_nul(char c) {
    return c == '\0' || std::isspace(static_cast<unsigned char>(c)) != 0;
}

// Brand strings come NUL-padded and often space-padded ("       Intel(R) Xeon(R) ..."),
// so trim both ends and fold inner runs of blanks into one space.
std::string normalize_spaces(std::string_view text) {
    std::string out;
    bool pending_space = false;
    for (const char c : text) {
        if (is_space_or_nul(c)) {
            pending_space = !out.empty();
            continue;
        }
        if (pending_space) out += ' ';
        pending_space = false;
        out += c;
    }
    return out;
}

// A model name without any digit carries no model number ("AMD EPYC", "Intel Core"): it names
// the brand, not the part, so another source is likely to say more.
bool is_terse(std::string_view name) {
    return std::none_of(name.begin(), name.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

// True when `longer` repeats `shorter` word for word and adds more, as the raw brand string
// "AMD EPYC 9R14 96-Core Processor" does to libcpuinfo's cleaned-up "AMD EPYC 9R14".
bool extends(std::string_view longer, std::string_view shorter) {
    return longer.size() > shorter.size() && longer.substr(0, shorter.size()) == shorter &&
           longer[shorter.size()] == ' ';
}

bool more_informative(std::string_view candidate, std::string_view current) {
    if (is_terse(candidate) != is_terse(current)) return is_terse(current);
    if (extends(candidate, current)) return true;
    // Hypervisors often shorten brand strings; among terse names the longest still says the most.
    // Between two names with model numbers that do not extend each other, keep the earlier
    // (libcpuinfo's is cleaner than "Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz").
    return is_terse(current) && candidate.size() > current.size();
}

// Candidates in order of preference: libcpuinfo's package name, the CPUID brand string,
// /proc/cpuinfo's model name.
std::string choose_model(std::initializer_list<std::string_view> candidates) {
    std::string best;
    for (const auto candidate : candidates) {
        auto name = normalize_spaces(candidate);
        if (!name.empty() && (best.empty() || more_informative(name, best))) best = std::move(name);
    }
    return best;
}

// ---------------------------------------------------------------------------------------------
// /proc/cpuinfo: the fallback for model name, vendor and topology.

struct ProcCpuinfo {
    std::string model_name;      // x86 "model name"
    std::string vendor_id;       // x86 "vendor_id", e.g. "AuthenticAMD"
    std::string cpu_implementer;  // ARM "CPU implementer", e.g. "0x41"
    unsigned processors = 0;
    unsigned cores = 0;  // distinct (physical id, core id) pairs; 0 when /proc does not say
};

std::pair<std::string_view, std::string_view> split_proc_line(std::string_view line) {
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) return {};
    auto key = line.substr(0, colon);
    while (!key.empty() && is_space_or_nul(key.back())) key.remove_suffix(1);
    auto value = line.substr(colon + 1);
    while (!value.empty() && is_space_or_nul(value.front())) value.remove_prefix(1);
    return {key, value};
}

ProcCpuinfo read_proc_cpuinfo() {
    ProcCpuinfo proc;
    std::ifstream in("/proc/cpuinfo");
    std::set<std::pair<std::string, std::string>> core_ids;
    std::string physical_id;
    std::string line;
    while (std::getline(in, line)) {
        const auto [key, value] = split_proc_line(line);
        if (key == "processor") {
            ++proc.processors;
        } else if (key == "model name" && proc.model_name.empty()) {
            proc.model_name = value;
        } else if (key == "vendor_id" && proc.vendor_id.empty()) {
            proc.vendor_id = value;
        } else if (key == "CPU implementer" && proc.cpu_implementer.empty()) {
            proc.cpu_implementer = value;
        } else if (key == "physical id") {
            physical_id = value;
        } else if (key == "core id") {
            // "core id" follows "physical id" within each processor's block.
            core_ids.emplace(physical_id, value);
        }
    }
    proc.cores = static_cast<unsigned>(core_ids.size());
    return proc;
}

// ---------------------------------------------------------------------------------------------
// sysfs: cache sizes when libcpuinfo is unavailable.

std::string read_first_line(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return normalize_spaces(line);
}

// sysfs writes sizes like "32K" or "1024K".
std::uint64_t parse_cache_size(std::string_view text) {
    std::uint64_t value = 0;
    std::size_t i = 0;
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0; ++i) {
        value = value * 10 + static_cast<std::uint64_t>(text[i] - '0');
    }
    if (i < text.size()) {
        switch (text[i]) {
            case 'K': return value << 10;
            case 'M': return value << 20;
            case 'G': return value << 30;
            default: break;
        }
    }
    return value;
}

void merge_missing(CpuCaches& caches, const CpuCaches& from) {
    if (caches.l1d == 0) caches.l1d = from.l1d;
    if (caches.l2 == 0) caches.l2 = from.l2;
    if (caches.l3 == 0) caches.l3 = from.l3;
}

CpuCaches sysfs_caches() {
    CpuCaches caches;
    // cpu0's caches stand for every core's; enough for the sizes a benchmark wants to show.
    for (int index = 0; index < 16; ++index) {
        const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
        const std::string level = read_first_line(dir + "level");
        if (level.empty()) break;
        const std::string type = read_first_line(dir + "type");
        const std::uint64_t size = parse_cache_size(read_first_line(dir + "size"));
        if (level == "1" && type == "Data") caches.l1d = size;
        if (level == "2" && type != "Instruction") caches.l2 = size;
        if (level == "3" && type != "Instruction") caches.l3 = size;
    }
    return caches;
}

// ---------------------------------------------------------------------------------------------
// x86: CPUID and XGETBV.

#if defined(__x86_64__) || defined(__i386__)

struct CpuidRegs {
    std::uint32_t eax = 0;
    std::uint32_t ebx = 0;
    std::uint32_t ecx = 0;
    std::uint32_t edx = 0;
};

// For standard and extended leaves: all zero when the CPU does not implement the leaf, rather
// than whatever the CPU returns for out-of-range leaves.
CpuidRegs cpuid(std::uint32_t leaf, std::uint32_t subleaf = 0) {
    CpuidRegs r;
    if (__get_cpuid_count(leaf, subleaf, &r.eax, &r.ebx, &r.ecx, &r.edx) == 0) return {};
    return r;
}

// Hypervisor leaves (0x4000xxxx) are neither standard nor extended, so __get_cpuid's range check
// would reject them; call only once leaf 1 says a hypervisor is present.
CpuidRegs cpuid_unchecked(std::uint32_t leaf) {
    CpuidRegs r;
    __cpuid_count(leaf, 0, r.eax, r.ebx, r.ecx, r.edx);
    return r;
}

constexpr bool bit(std::uint32_t reg, unsigned n) { return ((reg >> n) & 1U) != 0; }

std::string registers_to_text(std::initializer_list<std::uint32_t> regs) {
    std::string out;
    for (const std::uint32_t reg : regs) {
        for (unsigned shift = 0; shift < 32; shift += 8) out += static_cast<char>((reg >> shift) & 0xFFU);
    }
    return out;
}

std::string cpuid_vendor_string() {
    const auto r = cpuid(0);
    return normalize_spaces(registers_to_text({r.ebx, r.edx, r.ecx}));
}

std::string cpuid_brand_string() {
    if (cpuid(0x80000000).eax < 0x80000004) return {};
    std::string brand;
    for (std::uint32_t leaf = 0x80000002; leaf <= 0x80000004; ++leaf) {
        const auto r = cpuid(leaf);
        brand += registers_to_text({r.eax, r.ebx, r.ecx, r.edx});
    }
    return normalize_spaces(brand);
}

struct FamilyModel {
    unsigned family = 0;
    unsigned model = 0;
};

// CPUID leaf 1 EAX: the extended fields only count for family 0xF (and, for the model, family 6).
FamilyModel family_model() {
    const std::uint32_t eax = cpuid(1).eax;
    const unsigned base_family = (eax >> 8) & 0xFU;
    const unsigned base_model = (eax >> 4) & 0xFU;
    FamilyModel fm{base_family, base_model};
    if (base_family == 0xF) fm.family += (eax >> 20) & 0xFFU;
    if (base_family == 0xF || base_family == 0x6) fm.model |= ((eax >> 16) & 0xFU) << 4;
    return fm;
}

bool in_range(unsigned value, unsigned low, unsigned high) { return value >= low && value <= high; }

// The Debian 12 libcpuinfo predates Zen 4 and reports it as unknown, so recent AMD families are
// decoded here. Returns "" for anything this table does not cover.
std::string amd_microarchitecture() {
    if (cpuid_vendor_string() != "AuthenticAMD") return {};
    const auto [family, model] = family_model();
    if (family == 0x1A) return "Zen 5";
    if (family != 0x19) return {};
    if (in_range(model, 0x10, 0x1F) || in_range(model, 0x60, 0x7F) || in_range(model, 0xA0, 0xAF)) return "Zen 4";
    if (in_range(model, 0x00, 0x0F) || in_range(model, 0x20, 0x5F)) return "Zen 3";
    return "unknown";
}

// Fallback for when libcpuinfo does not name the core: it is unavailable, or the part is newer
// than the 2022 snapshot (Ice Lake-SP, Sapphire Rapids, Alder Lake, ... come back unknown).
// Intel family 6 model numbers from Intel's SDM and the Linux kernel's intel-family.h.
std::string intel_microarchitecture() {
    if (cpuid_vendor_string() != "GenuineIntel") return {};
    const auto [family, model] = family_model();
    if (family != 6) return {};
    struct Entry {
        unsigned model;
        std::string_view name;
    };
    static constexpr std::array<Entry, 56> kModels{{
        {0x1A, "Nehalem"}, {0x1E, "Nehalem"}, {0x1F, "Nehalem"}, {0x2E, "Nehalem"},
        {0x25, "Westmere"}, {0x2C, "Westmere"}, {0x2F, "Westmere"},
        {0x2A, "Sandy Bridge"}, {0x2D, "Sandy Bridge"},
        {0x3A, "Ivy Bridge"}, {0x3E, "Ivy Bridge"},
        {0x3C, "Haswell"}, {0x3F, "Haswell"}, {0x45, "Haswell"}, {0x46, "Haswell"},
        {0x3D, "Broadwell"}, {0x47, "Broadwell"}, {0x4F, "Broadwell"}, {0x56, "Broadwell"},
        {0x4E, "Skylake"}, {0x5E, "Skylake"}, {0x55, "Skylake"},
        {0x8E, "Kaby Lake"}, {0x9E, "Coffee Lake"}, {0xA5, "Comet Lake"}, {0xA6, "Comet Lake"},
        {0x66, "Cannon Lake"},
        {0x6A, "Ice Lake"}, {0x6C, "Ice Lake"}, {0x7D, "Ice Lake"}, {0x7E, "Ice Lake"},
        {0x8C, "Tiger Lake"}, {0x8D, "Tiger Lake"},
        {0xA7, "Rocket Lake"},
        {0x8F, "Sapphire Rapids"}, {0xCF, "Emerald Rapids"}, {0xAD, "Granite Rapids"}, {0xAE, "Granite Rapids"},
        {0x97, "Alder Lake"}, {0x9A, "Alder Lake"}, {0xBE, "Alder Lake"},
        {0xB7, "Raptor Lake"}, {0xBA, "Raptor Lake"}, {0xBF, "Raptor Lake"},
        {0xAA, "Meteor Lake"}, {0xAC, "Meteor Lake"},
        {0xC5, "Arrow Lake"}, {0xC6, "Arrow Lake"}, {0xBD, "Lunar Lake"},
        {0x5C, "Goldmont"}, {0x5F, "Goldmont"}, {0x7A, "Goldmont Plus"},
        {0x86, "Tremont"}, {0x96, "Tremont"}, {0x9C, "Tremont"},
        {0xAF, "Sierra Forest"},
    }};
    for (const auto& entry : kModels) {
        if (entry.model == model) return std::string(entry.name);
    }
    return {};
}

// Zen and Zen 2 for when libcpuinfo is unavailable; it knows them otherwise.
std::string older_amd_microarchitecture() {
    if (cpuid_vendor_string() != "AuthenticAMD") return {};
    const auto [family, model] = family_model();
    if (family != 0x17) return {};
    return model < 0x30 ? "Zen" : "Zen 2";
}

std::string vendor_from_cpuid_string(std::string_view vendor) {
    if (vendor == "GenuineIntel") return "Intel";
    if (vendor == "AuthenticAMD") return "AMD";
    if (vendor == "HygonGenuine") return "Hygon";
    if (vendor == "CentaurHauls") return "VIA";
    if (vendor == "Shanghai") return "Zhaoxin";  // "  Shanghai  " once spaces are trimmed
    return std::string(vendor);
}

// "Deterministic cache parameters": leaf 4 on Intel, 0x8000001D on AMD (same layout). Sizes are
// per cache instance, which is what libcpuinfo reports too.
CpuCaches deterministic_caches(std::uint32_t leaf) {
    CpuCaches caches;
    for (std::uint32_t subleaf = 0; subleaf < 16; ++subleaf) {
        const auto r = cpuid(leaf, subleaf);
        const unsigned type = r.eax & 0x1FU;  // 1 data, 2 instruction, 3 unified
        if (type == 0) break;
        const unsigned level = (r.eax >> 5) & 0x7U;
        const std::uint64_t size = std::uint64_t{(r.ebx >> 22) + 1} * (((r.ebx >> 12) & 0x3FFU) + 1) *
                                   ((r.ebx & 0xFFFU) + 1) * (std::uint64_t{r.ecx} + 1);
        if (level == 1 && type == 1) caches.l1d = size;
        if (level == 2 && type != 2) caches.l2 = size;
        if (level == 3 && type != 2) caches.l3 = size;
    }
    return caches;
}

// AMD's older cache leaves, which emulated CPU models still fill in when they omit 0x8000001D;
// Intel fills in the L2 field of 0x80000006 too.
CpuCaches legacy_amd_caches() {
    CpuCaches caches;
    caches.l1d = std::uint64_t{cpuid(0x80000005).ecx >> 24} << 10;
    const auto l2l3 = cpuid(0x80000006);
    caches.l2 = std::uint64_t{l2l3.ecx >> 16} << 10;
    caches.l3 = std::uint64_t{l2l3.edx >> 18} << 19;  // in 512 KiB units
    return caches;
}

// Caches straight from CPUID, for when neither libcpuinfo nor sysfs could tell (sandboxes
// without /sys). Each source only fills what the ones before it left at zero.
CpuCaches cpuid_caches() {
    CpuCaches caches = deterministic_caches(4);
    merge_missing(caches, deterministic_caches(0x8000001D));
    merge_missing(caches, legacy_amd_caches());
    return caches;
}

std::string hypervisor_name() {
    if (!bit(cpuid(1).ecx, 31)) return {};
    const auto r = cpuid_unchecked(0x40000000);
    const std::string signature = normalize_spaces(registers_to_text({r.ebx, r.ecx, r.edx}));
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kKnown{{
        {"KVMKVMKVM", "KVM"},
        {"Microsoft Hv", "Hyper-V"},
        {"VMwareVMware", "VMware"},
        {"XenVMMXenVMM", "Xen"},
        {"TCGTCGTCGTCG", "QEMU TCG"},
        {"VBoxVBoxVBox", "VirtualBox"},
        {"bhyve bhyve", "bhyve"},
    }};
    for (const auto& [sig, name] : kKnown) {
        if (signature == sig) return std::string(name);
    }
    // The hypervisor bit alone still means "virtualised"; never report bare metal for it.
    return signature.empty() ? std::string("unknown") : signature;
}

// XCR0 says which register state the OS saves on a context switch; without that, using YMM/ZMM
// registers would corrupt them under preemption even though CPUID advertises the instructions.
std::uint64_t os_saved_state() {
    if (!bit(cpuid(1).ecx, 27)) return 0;  // OSXSAVE off: XGETBV itself would fault
    std::uint32_t low = 0;
    std::uint32_t high = 0;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0U));
    return (static_cast<std::uint64_t>(high) << 32) | low;
}

constexpr std::uint64_t kXcr0Ymm = 0x6;    // SSE + AVX state
constexpr std::uint64_t kXcr0Zmm = 0xE6;   // plus opmask, ZMM_Hi256, Hi16_ZMM

// Features straight from CPUID, each gated on the register state it needs. Used as the whole
// answer when libcpuinfo is unavailable and to double-check libcpuinfo where it does not look
// at XCR0 itself.
CpuFeatureSet cpuid_features() {
    const auto leaf1 = cpuid(1);
    const auto leaf7 = cpuid(7, 0);
    const std::uint64_t xcr0 = os_saved_state();
    const bool ymm = bit(leaf1.ecx, 28) && (xcr0 & kXcr0Ymm) == kXcr0Ymm;
    const bool zmm = ymm && (xcr0 & kXcr0Zmm) == kXcr0Zmm;
    const bool avx512f = zmm && bit(leaf7.ebx, 16);

    CpuFeatureSet set;
    if (bit(leaf1.ecx, 19)) set |= CpuFeature::sse41;
    if (bit(leaf1.ecx, 20)) set |= CpuFeature::sse42;
    if (bit(leaf1.ecx, 1)) set |= CpuFeature::pclmulqdq;
    if (ymm && bit(leaf7.ebx, 5)) set |= CpuFeature::avx2;
    if (avx512f) set |= CpuFeature::avx512f;
    if (avx512f && bit(leaf7.ebx, 30)) set |= CpuFeature::avx512bw;
    if (avx512f && bit(leaf7.ebx, 31)) set |= CpuFeature::avx512vl;
    if (ymm && bit(leaf7.ecx, 10)) set |= CpuFeature::vpclmulqdq;  // VEX/EVEX only: needs YMM
    if (bit(leaf7.ebx, 29)) set |= CpuFeature::sha;                  // XMM only
    if (bit(leaf7.ebx, 8)) set |= CpuFeature::bmi2;
    return set;
}

CpuFeatureSet cpuinfo_features() {
    CpuFeatureSet set;
    if (cpuinfo_has_x86_sse4_1()) set |= CpuFeature::sse41;
    if (cpuinfo_has_x86_sse4_2()) set |= CpuFeature::sse42;
    if (cpuinfo_has_x86_pclmulqdq()) set |= CpuFeature::pclmulqdq;
    if (cpuinfo_has_x86_avx2()) set |= CpuFeature::avx2;
    if (cpuinfo_has_x86_avx512f()) set |= CpuFeature::avx512f;
    if (cpuinfo_has_x86_avx512bw()) set |= CpuFeature::avx512bw;
    if (cpuinfo_has_x86_avx512vl()) set |= CpuFeature::avx512vl;
    if (cpuinfo_has_x86_vpclmulqdq()) set |= CpuFeature::vpclmulqdq;
    if (cpuinfo_has_x86_sha()) set |= CpuFeature::sha;
    if (cpuinfo_has_x86_bmi2()) set |= CpuFeature::bmi2;
    // libcpuinfo reads the VPCLMULQDQ and SHA bits without checking OS register state;
    // keep them only where our own XCR0-aware check agrees.
    const CpuFeatureSet unchecked{CpuFeature::vpclmulqdq, CpuFeature::sha};
    const CpuFeatureSet rejected = unchecked.without(cpuid_features());
    return set.without(rejected);
}

#endif  // x86

// ---------------------------------------------------------------------------------------------
// aarch64: feature bits.

#if defined(__aarch64__)

// The kernel's HWCAPs are the OS's own statement of what user space may use.
CpuFeatureSet hwcap_features() {
    CpuFeatureSet set;
#if defined(__linux__)
    const unsigned long caps = getauxval(AT_HWCAP);
    if ((caps & HWCAP_CRC32) != 0) set |= CpuFeature::arm_crc32;
    if ((caps & HWCAP_PMULL) != 0) set |= CpuFeature::arm_pmull;
    if ((caps & HWCAP_SHA1) != 0) set |= CpuFeature::arm_sha1;
    if ((caps & HWCAP_SHA2) != 0) set |= CpuFeature::arm_sha2;
#if defined(HWCAP_SHA3)
    if ((caps & HWCAP_SHA3) != 0) set |= CpuFeature::arm_sha3;
#endif
#endif
    return set;
}

CpuFeatureSet cpuinfo_features() {
    CpuFeatureSet set;
    if (cpuinfo_has_arm_crc32()) set |= CpuFeature::arm_crc32;
    if (cpuinfo_has_arm_pmull()) set |= CpuFeature::arm_pmull;
    if (cpuinfo_has_arm_sha1()) set |= CpuFeature::arm_sha1;
    if (cpuinfo_has_arm_sha2()) set |= CpuFeature::arm_sha2;
    // The 2022 libcpuinfo has no cpuinfo_has_arm_sha3(); take it from the kernel.
    if (hwcap_features().has(CpuFeature::arm_sha3)) set |= CpuFeature::arm_sha3;
    return set;
}

// "CPU implementer" codes from the Arm ARM (MIDR_EL1.Implementer).
std::string vendor_from_arm_implementer(std::string_view code) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 11> kImplementers{{
        {"0x41", "ARM"},
        {"0x42", "Broadcom"},
        {"0x43", "Cavium"},
        {"0x46", "Fujitsu"},
        {"0x48", "HiSilicon"},
        {"0x4e", "NVIDIA"},
        {"0x50", "APM"},
        {"0x51", "Qualcomm"},
        {"0x53", "Samsung"},
        {"0x61", "Apple"},
        {"0xc0", "Ampere"},
    }};
    for (const auto& [id, name] : kImplementers) {
        if (code == id) return std::string(name);
    }
    return std::string(code);
}

// The implementer code from MIDR_EL1, formatted as /proc/cpuinfo's "CPU implementer" ("0x41").
// Linux emulates the MRS for user space when it advertises HWCAP_CPUID; without that it would trap.
std::string midr_implementer() {
#if defined(__linux__) && defined(HWCAP_CPUID)
    if ((getauxval(AT_HWCAP) & HWCAP_CPUID) == 0) return {};
    std::uint64_t midr = 0;
    __asm__ volatile("mrs %0, MIDR_EL1" : "=r"(midr));
    static constexpr std::string_view kHex = "0123456789abcdef";
    const auto implementer = static_cast<unsigned>((midr >> 24) & 0xFFU);
    return std::string("0x") + kHex[implementer >> 4] + kHex[implementer & 0xFU];
#else
    return {};
#endif
}

#endif  // aarch64

// ---------------------------------------------------------------------------------------------
// libcpuinfo enums to names.

std::string_view vendor_name(cpuinfo_vendor vendor) {
    switch (vendor) {
        case cpuinfo_vendor_intel: return "Intel";
        case cpuinfo_vendor_amd: return "AMD";
        case cpuinfo_vendor_arm: return "ARM";
        case cpuinfo_vendor_qualcomm: return "Qualcomm";
        case cpuinfo_vendor_apple: return "Apple";
        case cpuinfo_vendor_samsung: return "Samsung";
        case cpuinfo_vendor_nvidia: return "NVIDIA";
        case cpuinfo_vendor_mips: return "MIPS";
        case cpuinfo_vendor_ibm: return "IBM";
        case cpuinfo_vendor_ingenic: return "Ingenic";
        case cpuinfo_vendor_via: return "VIA";
        case cpuinfo_vendor_cavium: return "Cavium";
        case cpuinfo_vendor_broadcom: return "Broadcom";
        case cpuinfo_vendor_apm: return "APM";
        case cpuinfo_vendor_huawei: return "Huawei";
        case cpuinfo_vendor_hygon: return "Hygon";
        case cpuinfo_vendor_marvell: return "Marvell";
        default: return {};
    }
}

// libcpuinfo names x86 cores by the first product line of each core design: sky_lake also covers
// Kaby/Coffee/Comet/Cascade Lake, sunny_cove is Ice Lake. Names here are what users know.
std::string_view uarch_name(cpuinfo_uarch uarch) {
    switch (uarch) {
        // Intel big cores
        case cpuinfo_uarch_p6: return "P6";
        case cpuinfo_uarch_dothan: return "Dothan";
        case cpuinfo_uarch_yonah: return "Yonah";
        case cpuinfo_uarch_conroe: return "Conroe";
        case cpuinfo_uarch_penryn: return "Penryn";
        case cpuinfo_uarch_nehalem: return "Nehalem";
        case cpuinfo_uarch_sandy_bridge: return "Sandy Bridge";
        case cpuinfo_uarch_ivy_bridge: return "Ivy Bridge";
        case cpuinfo_uarch_haswell: return "Haswell";
        case cpuinfo_uarch_broadwell: return "Broadwell";
        case cpuinfo_uarch_sky_lake: return "Skylake";  // == cpuinfo_uarch_kaby_lake
        case cpuinfo_uarch_palm_cove: return "Cannon Lake";
        case cpuinfo_uarch_sunny_cove: return "Ice Lake";
        case cpuinfo_uarch_willamette: return "Willamette";
        case cpuinfo_uarch_prescott: return "Prescott";
        // Intel Atom and Xeon Phi
        case cpuinfo_uarch_bonnell: return "Bonnell";
        case cpuinfo_uarch_saltwell: return "Saltwell";
        case cpuinfo_uarch_silvermont: return "Silvermont";
        case cpuinfo_uarch_airmont: return "Airmont";
        case cpuinfo_uarch_goldmont: return "Goldmont";
        case cpuinfo_uarch_goldmont_plus: return "Goldmont Plus";
        case cpuinfo_uarch_knights_landing: return "Knights Landing";
        case cpuinfo_uarch_knights_mill: return "Knights Mill";
        // AMD
        case cpuinfo_uarch_k8: return "K8";
        case cpuinfo_uarch_k10: return "K10";
        case cpuinfo_uarch_bulldozer: return "Bulldozer";
        case cpuinfo_uarch_piledriver: return "Piledriver";
        case cpuinfo_uarch_steamroller: return "Steamroller";
        case cpuinfo_uarch_excavator: return "Excavator";
        case cpuinfo_uarch_zen: return "Zen";
        case cpuinfo_uarch_zen2: return "Zen 2";
        case cpuinfo_uarch_zen3: return "Zen 3";
        case cpuinfo_uarch_bobcat: return "Bobcat";
        case cpuinfo_uarch_jaguar: return "Jaguar";
        case cpuinfo_uarch_puma: return "Puma";
        case cpuinfo_uarch_dhyana: return "Dhyana";
        // Arm designs
        case cpuinfo_uarch_cortex_a53: return "Cortex-A53";
        case cpuinfo_uarch_cortex_a55r0:
        case cpuinfo_uarch_cortex_a55: return "Cortex-A55";
        case cpuinfo_uarch_cortex_a57: return "Cortex-A57";
        case cpuinfo_uarch_cortex_a72: return "Cortex-A72";
        case cpuinfo_uarch_cortex_a73: return "Cortex-A73";
        case cpuinfo_uarch_cortex_a75: return "Cortex-A75";
        case cpuinfo_uarch_cortex_a76: return "Cortex-A76";
        case cpuinfo_uarch_cortex_a77: return "Cortex-A77";
        case cpuinfo_uarch_cortex_a78: return "Cortex-A78";
        case cpuinfo_uarch_cortex_x1: return "Cortex-X1";
        case cpuinfo_uarch_neoverse_n1: return "Neoverse N1";
        case cpuinfo_uarch_neoverse_e1: return "Neoverse E1";
        case cpuinfo_uarch_neoverse_v1: return "Neoverse V1";
        case cpuinfo_uarch_neoverse_n2: return "Neoverse N2";
        // Other aarch64 server and SoC cores
        case cpuinfo_uarch_kryo: return "Kryo";
        case cpuinfo_uarch_falkor: return "Falkor";
        case cpuinfo_uarch_denver2: return "Denver 2";
        case cpuinfo_uarch_carmel: return "Carmel";
        case cpuinfo_uarch_thunderx: return "ThunderX";
        case cpuinfo_uarch_thunderx2: return "ThunderX2";
        case cpuinfo_uarch_xgene: return "X-Gene";
        case cpuinfo_uarch_taishan_v110: return "TaiShan v110";
        case cpuinfo_uarch_lightning: return "Lightning";
        case cpuinfo_uarch_thunder: return "Thunder";
        case cpuinfo_uarch_firestorm: return "Firestorm";
        case cpuinfo_uarch_icestorm: return "Icestorm";
        default: return {};
    }
}

// ---------------------------------------------------------------------------------------------
// Filling CpuInfo.

constexpr std::string_view compiled_architecture() {
#if defined(__x86_64__)
    return "x86_64";
#elif defined(__i386__)
    return "x86";
#elif defined(__aarch64__)
    return "aarch64";
#else
    return "unknown";
#endif
}

// What libcpuinfo knows that the rest of detection builds on.
struct CpuinfoFacts {
    std::string package_name;
    std::string vendor;
    std::string microarchitecture;
};

// libcpuinfo's fixed-size name buffers are NUL-terminated when shorter than the buffer.
template <std::size_t N>
std::string fixed_c_string(const char (&buffer)[N]) {
    const std::string_view whole(buffer, N);
    return std::string(whole.substr(0, whole.find('\0')));
}

std::uint64_t cache_size(const cpuinfo_cache* cache) { return cache != nullptr ? cache->size : 0; }

// libcpuinfo lists one L3 per instance (one per CCX on AMD); add up those on package 0 so the
// figure is per package as CpuCaches documents.
std::uint64_t l3_per_package(const cpuinfo_package& package) {
    std::uint64_t total = 0;
    const std::uint32_t first = package.processor_start;
    const std::uint32_t end = first + package.processor_count;
    for (std::uint32_t i = 0; i < cpuinfo_get_l3_caches_count(); ++i) {
        const cpuinfo_cache* l3 = cpuinfo_get_l3_cache(i);
        if (l3 != nullptr && l3->processor_start >= first && l3->processor_start < end) total += l3->size;
    }
    return total;
}

CpuinfoFacts fill_from_cpuinfo(CpuInfo& info) {
    CpuinfoFacts facts;
    info.cores = cpuinfo_get_cores_count();
    info.threads = cpuinfo_get_processors_count();
    info.caches.l1d = cache_size(cpuinfo_get_l1d_cache(0));
    info.caches.l2 = cache_size(cpuinfo_get_l2_cache(0));
    if (const cpuinfo_package* package = cpuinfo_get_package(0); package != nullptr) {
        facts.package_name = fixed_c_string(package->name);
        info.caches.l3 = l3_per_package(*package);
    }
    if (const cpuinfo_core* core = cpuinfo_get_core(0); core != nullptr) {
        facts.vendor = vendor_name(core->vendor);
        facts.microarchitecture = uarch_name(core->uarch);
    }
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__)
    info.features = cpuinfo_features();
#endif
    return facts;
}

// libcpuinfo finds no caches when CPUID lacks the cache-topology leaves (some hypervisors' and
// emulators' CPU models) and is not there at all when it failed to initialise; ask the kernel's
// sysfs, then CPUID's older cache leaves, for whatever is still missing.
void fill_missing_caches(CpuCaches& caches) {
    if (caches.l1d != 0 && caches.l2 != 0 && caches.l3 != 0) return;
    merge_missing(caches, sysfs_caches());
#if defined(__x86_64__) || defined(__i386__)
    merge_missing(caches, cpuid_caches());
#endif
}

void fill_from_os(CpuInfo& info, const ProcCpuinfo& proc) {
    info.threads = proc.processors != 0 ? proc.processors : std::thread::hardware_concurrency();
    info.cores = proc.cores != 0 ? proc.cores : info.threads;
    fill_missing_caches(info.caches);
#if defined(__x86_64__) || defined(__i386__)
    info.features = cpuid_features();
#elif defined(__aarch64__)
    info.features = hwcap_features();
#endif
}

std::string fallback_vendor(const ProcCpuinfo& proc) {
#if defined(__x86_64__) || defined(__i386__)
    (void)proc;  // CPUID is the CPU's own word; /proc only repeats it.
    return vendor_from_cpuid_string(cpuid_vendor_string());
#elif defined(__aarch64__)
    const std::string code = !proc.cpu_implementer.empty() ? proc.cpu_implementer : midr_implementer();
    return code.empty() ? std::string() : vendor_from_arm_implementer(code);
#else
    return proc.vendor_id;
#endif
}

std::string brand_string() {
#if defined(__x86_64__) || defined(__i386__)
    return cpuid_brand_string();
#else
    return {};
#endif
}

// Our CPUID table for recent AMD families is more precise than the 2022 libcpuinfo, so it wins;
// otherwise libcpuinfo's name; otherwise our own tables for what libcpuinfo does not know.
std::string microarchitecture(const CpuinfoFacts& facts) {
#if defined(__x86_64__) || defined(__i386__)
    if (auto recent_amd = amd_microarchitecture(); !recent_amd.empty()) return recent_amd;
    if (!facts.microarchitecture.empty()) return facts.microarchitecture;
    if (auto intel = intel_microarchitecture(); !intel.empty()) return intel;
    return older_amd_microarchitecture();
#else
    return facts.microarchitecture;
#endif
}

std::string detect_hypervisor() {
#if defined(__x86_64__) || defined(__i386__)
    return hypervisor_name();
#else
    return {};  // no portable user-space signal on aarch64
#endif
}

std::string or_unknown(std::string value) { return value.empty() ? std::string("unknown") : value; }

CpuInfo detect() {
    CpuInfo info;
    info.architecture = compiled_architecture();
    const ProcCpuinfo proc = read_proc_cpuinfo();

    CpuinfoFacts facts;
    if (cpuinfo_initialize()) {
        facts = fill_from_cpuinfo(info);
        fill_missing_caches(info.caches);
    } else {
        fill_from_os(info, proc);
    }

    info.vendor = or_unknown(!facts.vendor.empty() ? facts.vendor : fallback_vendor(proc));
    info.model = choose_model({facts.package_name, brand_string(), proc.model_name});
    info.microarchitecture = or_unknown(microarchitecture(facts));
    if (info.model.empty()) {
        // aarch64 servers often name neither package nor model; vendor + core is still useful.
        info.model = info.microarchitecture != "unknown" ? info.vendor + " " + info.microarchitecture : "unknown";
    }
    info.hypervisor = detect_hypervisor();

    // Keep the documented invariants (1 <= cores <= threads) even if a source miscounts.
    info.threads = std::max(info.threads, 1U);
    info.cores = std::clamp(info.cores, 1U, info.threads);
    return info;
}

}  // namespace

const CpuInfo& host_cpu() {
    // Function-local static: initialised exactly once, thread-safe, and only when first needed.
    static const CpuInfo info = detect();
    return info;
}

}  // namespace hashscope
