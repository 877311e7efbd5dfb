#include "hashscope/bench/environment.hpp"

#include <sys/utsname.h>

#include <chrono>
#include <ctime>
#include <fstream>

#include "hashscope/build_info.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/libraries.hpp"

namespace hashscope::bench {
namespace {

std::string first_line(const char* path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

std::string os_name() {
    std::ifstream in("/etc/os-release");
    std::string name = "Linux";
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("PRETTY_NAME=", 0) == 0) {
            name = line.substr(12);
            if (name.size() >= 2 && name.front() == '"') name = name.substr(1, name.size() - 2);
        }
    }
    struct utsname u {};
    if (::uname(&u) == 0) name += std::string(", kernel ") + u.release;
    return name;
}

std::string utc_now() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    ::gmtime_r(&now, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buffer;
}

}  // namespace

Environment collect_environment(const CpuInfo& cpu) {
    Environment env;
    env.cpu_model = cpu.model;
    env.cpu_vendor = cpu.vendor;
    env.microarchitecture = cpu.microarchitecture;
    env.architecture = cpu.architecture;
    env.cores = cpu.cores;
    env.threads = cpu.threads;
    for (auto name : cpu.features.names()) env.features.emplace_back(name);
    env.l1d = cpu.caches.l1d;
    env.l2 = cpu.caches.l2;
    env.l3 = cpu.caches.l3;
    env.hypervisor = cpu.hypervisor;
    env.core_kinds = describe_core_kinds(cpu.core_kinds);
    env.started_on_core = current_core_kind();
    env.emulation = cpu.emulation;
    env.governor = first_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
    if (env.governor.empty()) env.governor = "unavailable";
    env.os = os_name();
    env.compiler = std::string("g++ ") + __VERSION__;
#if defined(__clang__)
    env.compiler = std::string("clang++ ") + __clang_version__;
#endif
#if defined(HASHSCOPE_KERNEL_COMPILER)
    env.compiler += "; " HASHSCOPE_KERNEL_COMPILER;
#endif
    env.compiler_flags = HASHSCOPE_CXX_FLAGS;
    const BuildInfo& build = build_info();
    env.build_type = build.build_type;
    env.hashscope_version = build.version;
    env.git_revision = build.git_revision;
    env.date = utc_now();
    env.libraries = library_versions();

#if !defined(__OPTIMIZE__)
    env.warnings.push_back("this is an unoptimised build (" + env.build_type +
                           "): figures are meaningless; build with "
                           "the release preset");
#endif
    if (env.build_type == "Debug") env.warnings.push_back("debug build: figures are not representative");
    if (env.governor != "unavailable" && env.governor != "performance") {
        env.warnings.push_back("CPU frequency governor is '" + env.governor + "', not 'performance': clocks may vary");
    }
    if (!env.hypervisor.empty()) {
        env.warnings.push_back("running under a hypervisor (" + env.hypervisor +
                               "): other guests and frequency changes are invisible and may disturb figures");
    }
    if (!env.emulation.empty()) env.warnings.push_back(emulation_warning(env.emulation));
    return env;
}

}  // namespace hashscope::bench
