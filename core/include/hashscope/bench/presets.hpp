// The presets: the published checksum studies this tool grew from (the AWS SDK for Java v2 checksum
// benchmark, Apache BookKeeper's and Apache Ozone's CRC pull requests, Perl's DigestMD5 scenario),
// plus quick and full.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "hashscope/bench/spec.hpp"
#include "hashscope/cpu.hpp"

namespace hashscope::bench {

struct PresetInfo {
    std::string_view name;
    std::string_view description;
};

const std::vector<PresetInfo>& presets();

// The spec of a preset for this registry and CPU (thread counts follow its cores).
Result<BenchSpec> preset_spec(std::string_view name, const Registry& registry, const CpuInfo& cpu);

}  // namespace hashscope::bench
