// The measuring loop (docs/architecture.md §7): cells grouped by (size, mode, threads, placement); in a group
// every participant is warmed up and calibrated, then sampled in turn — one sample each, round
// after round — so that drift of the machine hits them alike; each stops at the target precision
// or at its time budget.
#include "hashscope/bench/runner.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

#include "algorithms/vector_state.hpp"
#include "bench/command_comparison.hpp"
#include "bench/core_clock.hpp"
#include "bench/file_workloads.hpp"
#include "bench/team.hpp"
#include "bench/workload.hpp"
#include "hashscope/bench/environment.hpp"
#include "hashscope/bench/sizes.hpp"

namespace hashscope::bench {
namespace {

using detail::Workload;

struct GroupKey {
    std::size_t size;
    ModeSpec mode;
    unsigned threads;
    Placement placement;
};

// One cell being measured: per-thread workloads, the calibrated batch, and its samples.
struct Cell {
    CellResult result;
    std::size_t order = 0;  // position in the spec, for the final ordering
    std::vector<std::unique_ptr<Workload>> workloads;
    std::size_t operations = 1;  // per thread per sample
    double spent_s = 0;
    std::vector<double> cycles_per_op;
    bool done = false;
};

std::string describe(const CellResult& c) {
    std::string s = c.algorithm + " · " + c.implementation + " · " + format_size_compact(c.size) + " · " +
                    mode_label(c.mode) + " · " + std::to_string(c.threads) + (c.threads == 1 ? " thread" : " threads");
    if (c.placement == Placement::cold) s += " · cold";
    return s;
}

class Runner {
public:
    Runner(const BenchSpec& spec, const Registry& registry, const CpuInfo& cpu, const BenchProgressFn& progress,
           std::stop_token stop)
        : spec_(spec), registry_(registry), cpu_(cpu), progress_(progress), stop_(std::move(stop)) {}

    BenchReport run() {
        const auto started = std::chrono::steady_clock::now();
        report_.environment = collect_environment(cpu_);
        report_.spec = spec_;
        measure_clock();
        std::vector<GroupKey> groups;
        for (const auto& mode : spec_.modes) {
            for (unsigned threads : spec_.threads) {
                for (auto placement : spec_.placements) {
                    for (std::size_t size : spec_.sizes) groups.push_back({size, mode, threads, placement});
                }
            }
        }
        // Exact, unlike count_cells(): a participant that follows dispatch may meet another.
        progress_state_.cells_total = 0;
        for (const auto& key : groups) {
            progress_state_.cells_total +=
                participants_for(key).size() + detail::command_cell_count(spec_, key.mode.mode);
        }
        for (const auto& key : groups) {
            if (stop_.stop_requested()) break;
            run_group(key);
        }
        finish(started);
        return std::move(report_);
    }

private:
    void measure_clock() {
        if (detail::PerfCycleCounter().available()) {
            report_.environment.cycles_source = "perf";
            return;
        }
        const auto clock = detail::measure_core_clock();
        if (clock.plausible) {
            report_.environment.cycles_source = "estimate";
            report_.environment.core_ghz = clock.ghz;
        } else {
            report_.environment.cycles_source = "none";
            report_.environment.warnings.push_back(clock.why_not + ": no cycles/B in this run");
        }
    }

    // The group's participants, with those that follow dispatch resolved for the group's size;
    // one that then names an implementation already taking part is measured once.
    std::vector<Participant> participants_for(const GroupKey& key) const {
        std::vector<Participant> list;
        if (spec_.measure_harness && key.mode.mode != Mode::file) {
            list.push_back({std::string(detail::null_algorithm), std::string(detail::null_implementation)});
        }
        if (spec_.measure_read_floor && key.mode.mode != Mode::file) {
            list.push_back({std::string(detail::read_algorithm), std::string(detail::read_implementation)});
        }
        for (Participant p : spec_.participants) {
            if (p.follows_dispatch) {
                if (const auto* chosen = registry_.best(p.algorithm, key.size)) p.implementation = chosen->id;
            }
            const bool taking_part = std::any_of(list.begin(), list.end(), [&](const Participant& q) {
                return q.algorithm == p.algorithm && q.implementation == p.implementation;
            });
            if (!taking_part) list.push_back(std::move(p));
        }
        return list;
    }

    Cell make_cell(const Participant& p, const GroupKey& key, std::size_t order) {
        Cell cell;
        cell.order = order;
        auto& r = cell.result;
        r.algorithm = p.algorithm;
        r.implementation = p.implementation;
        r.size = key.size;
        r.mode = key.mode;
        r.threads = key.threads;
        r.placement = key.placement;
        if (p.algorithm == detail::null_algorithm || p.algorithm == detail::read_algorithm) {
            r.backend = "harness";
        } else if (const auto* row = registry_.find(p.algorithm, p.implementation)) {
            r.backend = std::string(row->backend);
            r.best = registry_.best(p.algorithm, key.size) == row;
        }
        return cell;
    }

    void run_group(const GroupKey& key) {
        // Buffers depend only on the group key and the thread: every participant hashes the same.
        std::vector<std::unique_ptr<detail::BufferSet>> buffers;
        std::optional<detail::ScratchFile> file;
        if (key.mode.mode == Mode::file) {
            file.emplace(key.size);
        } else {
            for (unsigned t = 0; t < key.threads; ++t) {
                buffers.push_back(
                    std::make_unique<detail::BufferSet>(key.size, key.placement, 0x5eed + t, cpu_.caches.l3));
            }
        }

        std::vector<Cell> cells;
        const auto participants = participants_for(key);
        for (std::size_t i = 0; i < participants.size(); ++i) {
            Cell cell = make_cell(participants[i], key, i);
            for (unsigned t = 0; t < key.threads; ++t) {
                auto workload = file ? detail::make_file_workload(participants[i], registry_, file->path())
                                     : detail::make_workload(participants[i], registry_, *buffers[t], key.mode);
                if (!workload) {
                    report_.environment.warnings.push_back(describe(cell.result) + ": " + workload.error().message);
                    cell.done = true;
                    break;
                }
                cell.workloads.push_back(std::move(workload.value()));
            }
            cells.push_back(std::move(cell));
        }
        if (file) add_command_cells(cells, key, file->path(), participants.size());

        detail::Team team(key.threads);
        for (auto& cell : cells) {
            if (!cell.done && !stop_.stop_requested()) warm_up(cell, team);
        }
        // Round-robin sampling until every cell is done.
        for (bool any = true; any && !stop_.stop_requested();) {
            any = false;
            for (auto& cell : cells) {
                if (cell.done || stop_.stop_requested()) continue;
                any = true;
                take_sample(cell, team);
                if (is_finished(cell)) complete(cell);
            }
        }
    }

    // The commands the spec compares the group's in-process hashing with (command_comparison.hpp).
    void add_command_cells(std::vector<Cell>& cells, const GroupKey& key, const std::filesystem::path& file,
                           std::size_t order) {
        for (auto& command : detail::command_cells(spec_, key.mode.mode, file)) {
            GroupKey cell_key = key;
            if (command.empty_input) cell_key.size = 0;
            Cell cell = make_cell(command.participant, cell_key, order++);
            cell.result.backend = std::move(command.backend);
            cell.workloads.push_back(detail::make_command_workload(std::move(command.argv)));
            cells.push_back(std::move(cell));
        }
    }

    double run_batch(Cell& cell, detail::Team& team) {
        // Every batch starts from a clean vector state, so no participant pays for what the one
        // sampled before it left behind (found by the Google Benchmark fidelity check).
        const auto work = [&](unsigned t) {
            hashscope::detail::clear_upper_vector_state();
            cell.workloads[t]->run(cell.operations);
        };
        return team.run(work);
    }

    // Calibrates the batch so that one sample lasts about spec.sample_s (timer overhead far below
    // 1%), and runs until the warm-up time has passed. Counts against the cell's budget.
    void warm_up(Cell& cell, detail::Team& team) {
        const auto begin = std::chrono::steady_clock::now();
        const double target_ns = spec_.sample_s * 1e9;
        for (;;) {
            const double ns = run_batch(cell, team);
            if (ns >= target_ns * 0.5 || cell.operations >= (std::size_t{1} << 40)) {
                cell.operations = std::max<std::size_t>(
                    1, static_cast<std::size_t>(static_cast<double>(cell.operations) * target_ns / std::max(ns, 1.0)));
                break;
            }
            // Grow fast while batches are tiny, then aim straight for the target.
            const double factor = ns < target_ns / 100 ? 10 : target_ns / std::max(ns, 1.0);
            cell.operations = static_cast<std::size_t>(std::ceil(static_cast<double>(cell.operations) * factor));
        }
        while (!stop_.stop_requested() && seconds_since(begin) < spec_.warmup_s) run_batch(cell, team);
        cell.spent_s += seconds_since(begin);
    }

    void take_sample(Cell& cell, detail::Team& team) {
        std::optional<std::uint64_t> cycles_before;
        if (report_.environment.cycles_source == "perf" && cell.result.threads == 1) cycles_before = counter_.read();
        const double ns = run_batch(cell, team);
        if (cycles_before) {
            if (auto after = counter_.read()) {
                cell.cycles_per_op.push_back(static_cast<double>(*after - *cycles_before) /
                                             static_cast<double>(cell.operations));
            }
        }
        cell.result.raw_ns_per_op.push_back(ns / static_cast<double>(cell.operations));
        cell.spent_s += ns * 1e-9;
    }

    bool is_finished(const Cell& cell) const {
        const auto& samples = cell.result.raw_ns_per_op;
        if (samples.size() >= spec_.max_samples || cell.spent_s >= spec_.max_time_s) return true;
        if (samples.size() < spec_.min_samples) return false;
        return summarize(samples).relative_error() <= spec_.precision;
    }

    void complete(Cell& cell) {
        cell.done = true;
        auto& r = cell.result;
        r.ns_per_op = summarize(r.raw_ns_per_op);
        r.samples = r.ns_per_op.n;
        r.precise = r.samples >= 2 && r.ns_per_op.relative_error() <= spec_.precision;
        const double mean = r.ns_per_op.mean;
        if (mean > 0) {
            r.gb_per_s = static_cast<double>(r.threads) * static_cast<double>(r.size) / mean;  // bytes per ns = GB/s
            r.ops_per_ms = static_cast<double>(r.threads) * 1e6 / mean;
        }
        if (r.size > 0 && r.backend != "harness") {
            if (!cell.cycles_per_op.empty()) {
                r.cycles_per_byte = summarize(cell.cycles_per_op).mean / static_cast<double>(r.size);
            } else if (report_.environment.core_ghz > 0) {
                r.cycles_per_byte = mean * report_.environment.core_ghz / static_cast<double>(r.size);
            }
        }
        cell.workloads.clear();
        report_.results.push_back(r);
        order_.push_back(cell.order);
        ++progress_state_.cells_done;
        progress_state_.current = describe(r);
        if (progress_) progress_(progress_state_, &report_.results.back());
    }

    void finish(std::chrono::steady_clock::time_point started) {
        report_.cancelled = stop_.stop_requested();
        report_.elapsed_s = seconds_since(started);
        // Canonical order: by participant, then mode, threads, placement and size.
        std::vector<std::size_t> index(report_.results.size());
        for (std::size_t i = 0; i < index.size(); ++i) index[i] = i;
        auto key = [&](std::size_t i) {
            const auto& r = report_.results[i];
            return std::tuple(order_[i], static_cast<int>(r.mode.mode), r.mode.chunk, r.threads,
                              static_cast<int>(r.placement), r.size);
        };
        std::stable_sort(index.begin(), index.end(), [&](auto a, auto b) { return key(a) < key(b); });
        std::vector<CellResult> sorted;
        sorted.reserve(index.size());
        for (auto i : index) sorted.push_back(std::move(report_.results[i]));
        report_.results = std::move(sorted);

        const auto imprecise =
            std::count_if(report_.results.begin(), report_.results.end(), [](auto& r) { return !r.precise; });
        if (imprecise > 0) {
            report_.environment.warnings.push_back(
                std::to_string(imprecise) + " of " + std::to_string(report_.results.size()) +
                " cells did not reach the target precision within their time budget");
        }
        if (report_.cancelled) report_.environment.warnings.push_back("the run was cancelled: results are partial");
    }

    static double seconds_since(std::chrono::steady_clock::time_point t) {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    }

    const BenchSpec& spec_;
    const Registry& registry_;
    const CpuInfo& cpu_;
    const BenchProgressFn& progress_;
    std::stop_token stop_;
    BenchReport report_;
    std::vector<std::size_t> order_;  // parallel to report_.results
    BenchProgress progress_state_;
    detail::PerfCycleCounter counter_;
};

}  // namespace

BenchReport run_benchmark(const BenchSpec& spec, const Registry& registry, const CpuInfo& cpu,
                          const BenchProgressFn& progress, std::stop_token stop) {
    return Runner(spec, registry, cpu, progress, std::move(stop)).run();
}

std::size_t count_cells(const BenchSpec& spec) {
    std::size_t cells = 0;
    for (const auto& mode : spec.modes) {
        std::size_t participants = spec.participants.size() + detail::command_cell_count(spec, mode.mode);
        if (mode.mode != Mode::file) {
            participants += (spec.measure_harness ? 1 : 0) + (spec.measure_read_floor ? 1 : 0);
        }
        cells += participants * spec.sizes.size() * spec.threads.size() * spec.placements.size();
    }
    return cells;
}

double estimated_seconds(const BenchSpec& spec) {
    // Most cells converge in warm-up plus the minimum samples; allow for twice that.
    const double typical = spec.warmup_s + 2.0 * static_cast<double>(spec.min_samples) * spec.sample_s;
    return static_cast<double>(count_cells(spec)) * std::min(spec.max_time_s, typical) + 0.3;
}

}  // namespace hashscope::bench
