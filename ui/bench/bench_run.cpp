#include "bench/bench_run.hpp"

#include "bench/core_pinning.hpp"

namespace hashscope::ui {

BenchRun::Work benchWork(bench::BenchSpec spec, const Registry& registry, const CpuInfo& cpu, std::vector<int> cores) {
    return [spec = std::move(spec), registry, cpu, cores = std::move(cores)](BenchRun::Channel& channel,
                                                                             std::stop_token stop) {
        ScopedAffinity pin(cores);
        const bench::BenchProgressFn progress = [&](const bench::BenchProgress& p, const bench::CellResult* finished) {
            if (finished == nullptr) return;
            RunUpdate update{p, *finished};
            update.cell.raw_ns_per_op.clear();  // the final report carries them; the live view needs none
            channel.post(std::move(update));
        };
        return bench::run_benchmark(spec, registry, cpu, progress, std::move(stop));
    };
}

bench::BenchReport lostBenchReport() {
    bench::BenchReport empty;
    empty.cancelled = true;
    empty.environment.warnings.push_back("the benchmark stopped without a result");
    return empty;
}

}  // namespace hashscope::ui
