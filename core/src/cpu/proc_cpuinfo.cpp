#include "cpu/proc_cpuinfo.hpp"

#include <fstream>
#include <set>
#include <string_view>
#include <utility>

#include "cpu/text.hpp"

namespace hashscope::cpu_detail {

namespace {

std::pair<std::string_view, std::string_view> split_proc_line(std::string_view line) {
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) return {};
    auto key = line.substr(0, colon);
    while (!key.empty() && is_space_or_nul(key.back())) key.remove_suffix(1);
    auto value = line.substr(colon + 1);
    while (!value.empty() && is_space_or_nul(value.front())) value.remove_prefix(1);
    return {key, value};
}

}  // namespace

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

}  // namespace hashscope::cpu_detail
