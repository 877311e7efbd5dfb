// The presets. Each reproduces the shape of a published study (the study is named in its
// description below): the same algorithms, sizes, modes and thread counts, on this machine.
#include "hashscope/bench/presets.hpp"

#include <algorithm>

#include "hashscope/bench/sizes.hpp"

namespace hashscope::bench {
namespace {

const std::vector<std::string> kAwsAlgorithms{"crc32", "crc32c", "crc64nvme", "md5", "sha1", "sha256"};

BenchSpec with(std::string name, std::vector<Participant> participants, std::vector<std::size_t> sizes) {
    BenchSpec spec;
    spec.preset = std::move(name);
    spec.participants = std::move(participants);
    spec.sizes = std::move(sizes);
    return spec;
}

std::vector<unsigned> up_to_three_per_core(unsigned cores) {
    // Ozone went 1..42 threads on 14 cores: 1, a few per core, up to 3× cores.
    std::vector<unsigned> threads{1};
    for (unsigned t : {cores, 2 * cores, 3 * cores}) {
        if (t > threads.back()) threads.push_back(t);
    }
    return threads;
}

}  // namespace

const std::vector<PresetInfo>& presets() {
    static const std::vector<PresetInfo> list{
        {"quick",
         "the six algorithms of the AWS SDK table at their default implementation, 64 B..1 MiB; under a minute"},
        {"aws-sdk",
         "AWS SDK for Java v2: crc32, crc32c, crc64nvme, md5, sha1, sha256 × 128 B, 4 KiB, 1 MiB × whole "
         "buffer and one byte at a time"},
        {"bookkeeper-crc32c", "Apache BookKeeper #3309: every crc32c implementation × 64..65536 B, in ops/ms"},
        {"ozone-threads", "Apache Ozone #10546: crc32 and crc32c × 64 KiB..4 MiB × 1..3×cores threads"},
        {"md5-vs-md5sum", "a 30 MiB file hashed in-process against the md5sum command, with its start-up cost"},
        {"full", "every algorithm × every implementation this CPU can run × 64 B..16 MiB"},
    };
    return list;
}

Result<BenchSpec> preset_spec(std::string_view name, const Registry& registry, const CpuInfo& cpu) {
    if (name == "quick") {
        auto participants = select_participants(kAwsAlgorithms, {"best"}, registry);
        if (!participants) return participants.error();
        auto spec = with("quick", std::move(*participants), *parse_sizes("64..1MiB:x4"));
        spec.max_time_s = 0.5;
        return spec;
    }
    if (name == "aws-sdk") {
        auto participants = select_participants(kAwsAlgorithms, {"best"}, registry);
        if (!participants) return participants.error();
        auto spec = with("aws-sdk", std::move(*participants), {128, 4096, 1 << 20});
        spec.modes = {{Mode::oneshot, 0}, {Mode::bytewise, 0}};
        spec.max_time_s = 1.0;
        return spec;
    }
    if (name == "bookkeeper-crc32c") {
        auto participants = select_participants({"crc32c"}, {"all"}, registry);
        if (!participants) return participants.error();
        auto spec = with("bookkeeper-crc32c", std::move(*participants), {64, 1024, 4086, 8192, 16384, 65536});
        spec.preferred_unit = "ops/ms";
        return spec;
    }
    if (name == "ozone-threads") {
        auto participants = select_participants({"crc32", "crc32c"}, {"best"}, registry);
        if (!participants) return participants.error();
        auto spec = with("ozone-threads", std::move(*participants), *parse_sizes("64KiB,256KiB,512KiB,1MiB,2MiB,4MiB"));
        spec.threads = up_to_three_per_core(std::max(1U, cpu.cores));
        spec.preferred_unit = "GB/s";
        spec.max_time_s = 1.0;
        return spec;
    }
    if (name == "md5-vs-md5sum") {
        auto spec = with("md5-vs-md5sum", {{"md5", std::string(registry.best("md5")->id)}}, {30U << 20});
        spec.modes = {{Mode::file, 0}};
        spec.compare_with_command = true;
        spec.measure_harness = false;
        spec.min_samples = 10;
        spec.max_time_s = 5.0;
        spec.warmup_s = 0;
        return spec;
    }
    if (name == "full") {
        std::vector<std::string> all;
        for (const auto& a : algorithms()) all.emplace_back(a.id);
        auto participants = select_participants(all, {"all"}, registry);
        if (!participants) return participants.error();
        auto spec = with("full", std::move(*participants), *parse_sizes("64..16MiB:x4"));
        spec.max_time_s = 1.0;
        return spec;
    }
    return Error{"unknown preset '" + std::string(name) +
                 "' (quick, aws-sdk, bookkeeper-crc32c, ozone-threads, "
                 "md5-vs-md5sum, full)"};
}

}  // namespace hashscope::bench
