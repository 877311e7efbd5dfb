#include "cpu/caches.hpp"

#include <cpuinfo.h>

#include <cctype>
#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>

#include "cpu/cpuid.hpp"
#include "cpu/text.hpp"

namespace hashscope::cpu_detail {

namespace {

void merge_missing(CpuCaches& caches, const CpuCaches& from) {
    if (caches.l1d == 0) caches.l1d = from.l1d;
    if (caches.l2 == 0) caches.l2 = from.l2;
    if (caches.l3 == 0) caches.l3 = from.l3;
}

// ---------------------------------------------------------------------------------------------
// libcpuinfo

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
            case 'K':
                return value << 10;
            case 'M':
                return value << 20;
            case 'G':
                return value << 30;
            default:
                break;
        }
    }
    return value;
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
// x86 CPUID

#if defined(__x86_64__) || defined(__i386__)

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

#endif  // x86

}  // namespace

CpuCaches cpuinfo_caches() {
    CpuCaches caches;
    caches.l1d = cache_size(cpuinfo_get_l1d_cache(0));
    caches.l2 = cache_size(cpuinfo_get_l2_cache(0));
    if (const cpuinfo_package* package = cpuinfo_get_package(0); package != nullptr) {
        caches.l3 = l3_per_package(*package);
    }
    return caches;
}

void fill_missing_caches(CpuCaches& caches) {
    if (caches.l1d != 0 && caches.l2 != 0 && caches.l3 != 0) return;
    merge_missing(caches, sysfs_caches());
#if defined(__x86_64__) || defined(__i386__)
    merge_missing(caches, cpuid_caches());
#endif
}

}  // namespace hashscope::cpu_detail
