// Detects the host CPU once. libcpuinfo does the heavy lifting (topology, caches, feature bits
// already masked by what the OS enables); CPUID, XGETBV, auxv and /proc/cpuinfo fill in what the
// 2022 libcpuinfo snapshot in Debian 12 does not know (Zen 4/5, hypervisors, ARM SHA3) and stand
// in for it entirely when cpuinfo_initialize() fails (e.g. a sandbox without /sys).
//
// This file assembles CpuInfo from the sources; each source lives in its own file beside it:
// cpuid (x86 CPUID/XGETBV), proc_cpuinfo, caches, feature_detection, vendor, microarchitecture,
// hypervisor and emulation.
#include "hashscope/cpu.hpp"

#include <cpuinfo.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include "cpu/caches.hpp"
#include "cpu/cpuid.hpp"
#include "cpu/emulation.hpp"
#include "cpu/feature_detection.hpp"
#include "cpu/hypervisor.hpp"
#include "cpu/microarchitecture.hpp"
#include "cpu/proc_cpuinfo.hpp"
#include "cpu/text.hpp"
#include "cpu/vendor.hpp"

namespace hashscope {

namespace {

using cpu_detail::ProcCpuinfo;

// ---------------------------------------------------------------------------------------------
// Choosing the model name among the sources.

// A model name without any digit carries no model number ("AMD EPYC", "Intel Core"): it names
// the brand, not the part, so another source is likely to say more.
bool is_terse(std::string_view name) {
    return std::none_of(name.begin(), name.end(),
                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
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
        auto name = cpu_detail::normalize_spaces(candidate);
        if (!name.empty() && (best.empty() || more_informative(name, best))) best = std::move(name);
    }
    return best;
}

std::string brand_string() {
#if defined(__x86_64__) || defined(__i386__)
    return cpu_detail::cpuid_brand_string();
#else
    return {};
#endif
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

std::string or_unknown(const std::string& value) { return value.empty() ? std::string("unknown") : value; }

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

CpuinfoFacts fill_from_cpuinfo(CpuInfo& info) {
    CpuinfoFacts facts;
    info.cores = cpuinfo_get_cores_count();
    info.threads = cpuinfo_get_processors_count();
    info.caches = cpu_detail::cpuinfo_caches();
    if (const cpuinfo_package* package = cpuinfo_get_package(0); package != nullptr) {
        facts.package_name = fixed_c_string(package->name);
    }
    if (const cpuinfo_core* core = cpuinfo_get_core(0); core != nullptr) {
        facts.vendor = cpu_detail::vendor_name(core->vendor);
        facts.microarchitecture = cpu_detail::uarch_name(core->uarch);
    }
    info.features = cpu_detail::cpuinfo_features();
    if (const std::uint32_t kinds = cpuinfo_get_uarchs_count(); kinds > 1) {
        for (std::uint32_t i = 0; i < kinds; ++i) {
            // One entry per index, so that current_core_kind() can index them as libcpuinfo does.
            const cpuinfo_uarch_info* kind = cpuinfo_get_uarch(i);
            const std::string_view name = kind != nullptr ? cpu_detail::uarch_name(kind->uarch) : std::string_view();
            info.core_kinds.push_back({or_unknown(std::string(name)), kind != nullptr ? kind->core_count : 0U});
        }
    }
    return facts;
}

void fill_from_os(CpuInfo& info, const ProcCpuinfo& proc) {
    info.threads = proc.processors != 0 ? proc.processors : std::thread::hardware_concurrency();
    info.cores = proc.cores != 0 ? proc.cores : info.threads;
    cpu_detail::fill_missing_caches(info.caches);
    info.features = cpu_detail::fallback_features();
}

CpuInfo detect() {
    CpuInfo info;
    info.architecture = compiled_architecture();
    const ProcCpuinfo proc = cpu_detail::read_proc_cpuinfo();

    CpuinfoFacts facts;
    if (cpuinfo_initialize()) {
        facts = fill_from_cpuinfo(info);
        cpu_detail::fill_missing_caches(info.caches);
    } else {
        fill_from_os(info, proc);
    }

    info.emulation = cpu_detail::detect_emulation(info.architecture, proc);
    // Under emulation /proc/cpuinfo describes the host's CPU, not the one the program sees.
    const std::string_view proc_model = info.emulation.empty() ? std::string_view(proc.model_name) : "";
    info.vendor = or_unknown(!facts.vendor.empty() ? facts.vendor : cpu_detail::fallback_vendor(proc));
    info.model = choose_model({facts.package_name, brand_string(), proc_model});
    info.microarchitecture = or_unknown(cpu_detail::microarchitecture(facts.microarchitecture));
    if (info.model.empty()) {
        // aarch64 servers often name neither package nor model; vendor + core is still useful.
        info.model = info.microarchitecture != "unknown" ? info.vendor + " " + info.microarchitecture : "unknown";
    }
    info.hypervisor = cpu_detail::detect_hypervisor();

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

std::string describe_core_kinds(const std::vector<CoreKind>& kinds) {
    std::string text;
    for (const auto& kind : kinds) {
        if (!text.empty()) text += " + ";
        text += std::to_string(kind.cores) + " \u00d7 " + kind.microarchitecture;
    }
    return text;
}

std::string current_core_kind() {
    const auto& kinds = host_cpu().core_kinds;  // detected first: libcpuinfo is initialised then
    if (kinds.empty()) return {};
    const std::uint32_t index = cpuinfo_get_current_uarch_index_with_default(UINT32_MAX);
    return index < kinds.size() ? kinds[index].microarchitecture : std::string();
}

}  // namespace hashscope
