// Measuring the candidates of each algorithm per size band, and choosing (calibration.hpp).
#include <algorithm>
#include <array>
#include <chrono>
#include <ctime>
#include <memory>
#include <set>
#include <span>

#include "algorithms/vector_state.hpp"
#include "bench/buffers.hpp"
#include "bench/workload.hpp"
#include "calibration/cancelled.hpp"
#include "hashscope/calibration.hpp"
#include "hashscope/selftest.hpp"

namespace hashscope {

namespace {

using Clock = std::chrono::steady_clock;

// The message size timed for each band: inside it, near its geometric middle. The last band's
// probe is past any L2 and read from memory (a cold pool, below), so that what wins out of cache
// (prefetching, fewer passes) can show: a 16 MiB buffer reused stays in a 32 MiB L3, where on Zen 3
// crc32c's `pclmul` kernel won by 3 % and then ran 1.5x slower than `sse42` at 64 MiB.
constexpr std::array<std::size_t, kBands> kProbeSizes{16,        64,        256,        kKiB,        4 * kKiB,
                                                      16 * kKiB, 64 * kKiB, 512 * kKiB, 4096 * kKiB, 16384 * kKiB};
constexpr bool probes_inside_their_bands() {
    for (std::size_t band = 0; band < kBands; ++band) {
        if (band_of(kProbeSizes[band]) != band) return false;
    }
    return true;
}
static_assert(probes_inside_their_bands());
// The last band's probe for an algorithm fast enough for memory to bound it (long_probe_min_gbps):
// near memory's speed a kernel's loads and prefetches decide, and 16 MiB said less than it seemed.
// On the Zen 4 guest crc32c's `vpclmul` and `vpclmul-fullrate` were level at 16 MiB from memory
// and `vpclmul` 4-9 % faster at 64 MiB; calibrations chose either by chance. Timed there, the
// band's first size (8 MiB) in cache is timed too, and a choice must hold at both ends
// (choose_for_both_ends()).
constexpr std::size_t kLongProbe = 64 * kKiB * kKiB;
static_assert(band_of(kLongProbe) == kBands - 1);

// The byte-at-a-time tables and the portable references exist to check the others, never to win.
constexpr int kReferencePriority = 10;

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// What the choice of a band hashed in its probe, in GB/s (0 when not timed).
double chosen_gbps(const CalibrationChoice& choice) {
    return choice.chosen_ns > 0 ? static_cast<double>(choice.probe_size) / choice.chosen_ns : 0;
}

std::string utc_now() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

// One candidate's workload at one size, with the batch that takes about `round_s`.
struct Timed {
    std::unique_ptr<bench::detail::Workload> workload;
    std::size_t batch = 1;
    double ns_once = 0;      // from the warm-up: what one message takes
    std::vector<double> ns;  // per round, ns per message

    // Each batch starts from a clean vector state, as the benchmark's do (bench/runner.cpp), so
    // no candidate pays for what the one timed before it left behind.
    double time_once() {
        hashscope::detail::clear_upper_vector_state();
        const auto start = Clock::now();
        workload->run(batch);
        return std::chrono::duration<double, std::nano>(Clock::now() - start).count() / static_cast<double>(batch);
    }

    // What one message takes, and the batch that takes about `round_s`. Timed one at a time, a
    // 16-byte message measured mostly the clock (reading it takes 18 ns on the Intel Xeon guest,
    // the CRC of 16 bytes 2.4), and its rounds came out eight times shorter than asked for: the
    // batch grows until it takes a tenth of a round first.
    void size_batch(double round_s) {
        const double round_ns = round_s * 1e9;
        for (;;) {
            ns_once = std::max(1e-3, time_once());
            if (ns_once * static_cast<double>(batch) >= round_ns / 10 || batch >= (std::size_t{1} << 32)) break;
            batch *= 10;
        }
        // The fastest of three at that batch: one disturbance (an interrupt, another guest) in the
        // timing that stopped the growth made a candidate's rounds twenty times shorter than
        // asked for (crc32c `sse42` at 16 bytes on the Intel Xeon guest: 17 µs), and so noisier.
        for (int again = 0; again < 2; ++again) ns_once = std::min(ns_once, std::max(1e-3, time_once()));
        batch = std::max<std::size_t>(1, static_cast<std::size_t>(round_ns / ns_once));
    }
};

}  // namespace

// A candidate's figure, for choosing and for the figures kept: the mean of its middle rounds (the
// fastest and the slowest quarter left out; the median of four rounds or fewer). Not its fastest
// round: a best burst can be one it seldom reaches, and a 16-byte probe's rounds come out in whole
// cycles, where two implementations whose best rounds both take 7 cycles can differ in most of the
// others (crc32c on the Intel Xeon guest: `pclmul` 7 or 8 cycles, `vpclmul` 7 to 10). Nor the
// median round alone: on such steps it moves a whole cycle with one round, and a candidate 8 %
// faster round by round could sit on the same step as the incumbent. Like the median, the middle
// rounds leave a disturbed round out.
double typical_round(std::vector<double> rounds) {
    if (rounds.empty()) return 0;
    std::sort(rounds.begin(), rounds.end());
    const std::size_t n = rounds.size();
    const std::size_t cut = n <= 2 ? 0 : (n + 2) / 4;
    double sum = 0;
    for (std::size_t i = cut; i < n - cut; ++i) sum += rounds[i];
    return sum / static_cast<double>(n - 2 * cut);
}

BothEndsChoice choose_for_both_ends(std::span<const std::vector<double>> from_memory,
                                    std::span<const std::vector<double>> in_cache, std::size_t incumbent,
                                    double margin) {
    const auto clearly_faster = [&](std::span<const std::vector<double>> ns, std::size_t a, std::size_t b) {
        const std::array<std::vector<double>, 2> pair{ns[b], ns[a]};
        return choose_by_measurement(pair, 0, margin) == 1;
    };
    const std::size_t memory_winner = choose_by_measurement(from_memory, incumbent, margin);
    if (memory_winner != incumbent && !clearly_faster(in_cache, incumbent, memory_winner))
        return {memory_winner, false};
    const std::size_t cache_winner = choose_by_measurement(in_cache, incumbent, margin);
    if (cache_winner != incumbent && !clearly_faster(from_memory, incumbent, cache_winner)) return {cache_winner, true};
    return {incumbent, false};
}

std::size_t last_band_probe(double gbps, const CalibrationOptions& options) {
    if (gbps > options.long_probe_min_gbps && kLongProbe <= options.largest_probe) return kLongProbe;
    return kProbeSizes[kBands - 1];
}

std::size_t Calibration::changed() const {
    return static_cast<std::size_t>(std::count_if(
        choices.begin(), choices.end(), [](const CalibrationChoice& c) { return c.chosen != c.table_choice; }));
}

std::size_t choose_by_measurement(std::span<const std::vector<double>> ns, std::size_t incumbent, double margin) {
    // Whether candidate c is clearly faster than candidate than: in its middle rounds and in the
    // median of the round-by-round ratios.
    const auto clearly_faster = [&](std::size_t c, std::size_t than) {
        if (ns[c].size() != ns[than].size()) return false;
        std::vector<double> ratios;  // than ÷ c, round by round: above 1 means c is faster
        ratios.reserve(ns[c].size());
        for (std::size_t r = 0; r < ns[c].size(); ++r) ratios.push_back(ns[than][r] / ns[c][r]);
        return typical_round(ns[c]) * (1 + margin) < typical_round(ns[than]) && median(ratios) > 1 + margin;
    };
    // A challenger must be clearly faster than the choice so far, first the incumbent, then the
    // challenger that replaced it: two challengers within the noise of each other do not take
    // turns by calibration (BLAKE2b below 128 B on the Zen 4 guest: the own code 147-163 ns,
    // libsodium 159-162, by run), the one the table lists first stays.
    std::size_t chosen = incumbent;
    for (std::size_t c = 0; c < ns.size(); ++c) {
        if (c != incumbent && clearly_faster(c, chosen)) chosen = c;
    }
    return chosen;
}

std::optional<std::vector<bool>> confirm_changes(std::size_t changes,
                                                 const std::function<std::optional<bool>(std::size_t)>& holds) {
    std::vector<bool> made(changes, false);
    for (std::size_t i = 0; i < changes; ++i) {
        const auto second = holds(i);
        if (!second) return std::nullopt;
        made[i] = *second;
    }
    for (std::size_t i = 0; i < changes; ++i) {
        if (made[i]) continue;
        const auto third = holds(i);
        if (!third) return std::nullopt;
        made[i] = *third;
    }
    return made;
}

Result<Calibration> calibrate(const Registry& registry, const CpuInfo& cpu, const CalibrationOptions& options,
                              const CalibrationProgressFn& progress, std::stop_token stop) {
    // Only what passes the self-test may compete.
    SelfTestOptions self_test;
    self_test.random_messages = options.self_test_messages;
    const auto verdicts = run_self_test(registry, self_test, {}, stop);
    if (verdicts.cancelled || stop.stop_requested()) return calibration_cancelled();
    std::set<std::pair<std::string, std::string>> failed;
    for (const auto& o : verdicts.outcomes) {
        if (o.status == SelfTestStatus::failed) failed.emplace(o.algorithm, o.implementation);
    }

    Calibration result;
    result.cpu_fingerprint = cpu_fingerprint(cpu);
    result.cpu_name = cpu.model + (cpu.microarchitecture != "unknown" ? " (" + cpu.microarchitecture + ")" : "");
    result.build = build_fingerprint();
    result.measured_on = utc_now();

    CalibrationProgress state;
    const bool probe_files = !options.file_probe_folder.empty();
    state.total = algorithms().size() * kBands + 1 + (probe_files ? 1 : 0);  // + the confirmation
    // The bytes of each probe size, made when first timed. The cold probes (16 MiB and 64 MiB)
    // share one pool four times the last-level cache, cut into messages of either size: two
    // pools held 256 MiB on the Zen 4 guest for the whole calibration.
    std::vector<std::unique_ptr<bench::detail::BufferSet>> buffers;
    const auto buffers_for = [&](std::size_t probe, bool in_cache) -> bench::detail::BufferSet& {
        const bool cold = !in_cache && band_of(probe) + 1 == kBands;
        for (const auto& set : buffers) {
            if (set->size() == probe && set->cold() == cold) return *set;
        }
        for (const auto& set : buffers) {
            if (!cold || !set->cold()) continue;
            if (auto cut = bench::detail::BufferSet::cut_from(*set, probe, cpu.caches.l3)) {
                return *buffers.emplace_back(std::make_unique<bench::detail::BufferSet>(std::move(*cut)));
            }
        }
        return *buffers.emplace_back(std::make_unique<bench::detail::BufferSet>(
            probe, cold ? bench::Placement::cold : bench::Placement::hot, 0x5eed, cpu.caches.l3));
    };

    // Times `rows` on a probe of `probe` bytes in rounds, each row once a round in a rotating
    // order; the error when a workload cannot be made. Stopped, it returns the rounds made so far.
    // The last band's probes come from memory unless `in_cache`.
    const auto time_rows = [&](std::span<const Implementation* const> rows, std::size_t probe,
                               std::string_view algorithm, bool in_cache = false) -> Result<std::vector<Timed>> {
        // Probes in cache from sustained_from up get sustained rounds (calibration.hpp says why);
        // not the cold probe, whose one message from memory outlasts a short round.
        const bool sustained = probe >= options.sustained_from && (in_cache || band_of(probe) + 1 < kBands);
        auto& probes = buffers_for(probe, in_cache);
        std::vector<Timed> timed;
        for (const auto* row : rows) {
            auto workload = bench::detail::make_workload({std::string(algorithm), std::string(row->id)}, registry,
                                                         probes, {bench::Mode::oneshot, 0});
            if (!workload) return workload.error();
            Timed t{std::move(workload.value()), 1, 0, {}};
            t.time_once();  // warm: code, tables and the buffer in cache
            t.size_batch(sustained ? std::max(options.round_s, options.sustained_round_s) : options.round_s);
            timed.push_back(std::move(t));
        }
        // Long probes of slow hashes would take seconds: fewer rounds there (at least three).
        double round_ns = 0;
        for (const auto& t : timed) round_ns += static_cast<double>(t.batch) * t.ns_once;
        const auto affordable = static_cast<std::size_t>(options.band_budget_s * 1e9 / std::max(1.0, round_ns));
        const std::size_t rounds =
            std::clamp<std::size_t>(affordable, std::min<std::size_t>(3, options.rounds), options.rounds);
        for (std::size_t round = 0; round < rounds && !stop.stop_requested(); ++round) {
            for (std::size_t i = 0; i < timed.size(); ++i) {
                auto& t = timed[(i + round) % timed.size()];  // rotate: no candidate always goes first
                t.ns.push_back(t.time_once());
            }
        }
        return timed;
    };
    const auto rounds_of = [](const std::vector<Timed>& timed) {
        std::vector<std::vector<double>> ns;
        ns.reserve(timed.size());
        for (const auto& t : timed) ns.push_back(t.ns);
        return ns;
    };
    const auto decide = [&](const std::vector<Timed>& timed, std::size_t incumbent) {
        return choose_by_measurement(rounds_of(timed), incumbent, options.margin);
    };

    // A change of choice waiting for its later measurements, made at the end of the calibration.
    struct Challenge {
        std::size_t choice;  // index into result.choices
        const Implementation* incumbent;
        const Implementation* challenger;
        const Implementation* table;
        double incumbent_ns;  // their figures in the first measurement
        double challenger_ns;
        bool in_cache;  // won on the last band's first size in cache (choose_for_both_ends())
    };
    std::vector<Challenge> challenges;

    for (const auto& algorithm : algorithms()) {
        const auto* table_choice = registry.table_best(algorithm.id);
        std::vector<const Implementation*> candidates;
        for (const auto* row : registry.implementations_of(algorithm.id)) {
            const bool fails = failed.count({std::string(row->algorithm), std::string(row->id)}) != 0;
            if (registry.available(*row) && !fails && (row->priority > kReferencePriority || row == table_choice)) {
                candidates.push_back(row);
            }
        }
        const auto table_at = std::find(candidates.begin(), candidates.end(), table_choice);
        for (std::size_t band = 0; band < kBands; ++band) {
            auto incumbent_at = table_at;
            if (options.previous != nullptr) {
                for (const auto& before : options.previous->choices) {
                    if (before.algorithm != algorithm.id || before.band != band) continue;
                    const auto at = std::find_if(candidates.begin(), candidates.end(),
                                                 [&](const Implementation* row) { return row->id == before.chosen; });
                    if (at != candidates.end()) incumbent_at = at;
                }
            }
            if (stop.stop_requested()) return calibration_cancelled();
            std::size_t probe = kProbeSizes[band];
            if (band + 1 == kBands) {  // by the speed of the 4 MiB probe's choice, just timed
                const auto& before = result.choices.back();
                probe = last_band_probe(before.algorithm == algorithm.id ? chosen_gbps(before) : 0, options);
            }
            CalibrationChoice choice{std::string(algorithm.id),
                                     band,
                                     probe,
                                     table_choice ? std::string(table_choice->id) : std::string(),
                                     {},
                                     0,
                                     0};
            // Untimed (one candidate, or a probe above largest_probe): the incumbent stands.
            choice.chosen = incumbent_at != candidates.end() ? std::string((*incumbent_at)->id) : choice.table_choice;
            if (candidates.size() >= 2 && table_at != candidates.end() && probe <= options.largest_probe) {
                auto timed = time_rows(candidates, probe, algorithm.id);
                if (!timed) return timed.error();
                if (stop.stop_requested()) return calibration_cancelled();
                const auto incumbent = static_cast<std::size_t>(incumbent_at - candidates.begin());
                const auto table = static_cast<std::size_t>(table_at - candidates.begin());
                auto challenger = decide(*timed, incumbent);
                const std::vector<Timed>* decided_on = &*timed;
                bool in_cache = false;
                Result<std::vector<Timed>> cache_timed = std::vector<Timed>{};
                if (probe == kLongProbe) {  // from memory: the band's first size in cache decides too
                    constexpr std::size_t kBandStart = kBandLimits[kBands - 2];
                    cache_timed = time_rows(candidates, kBandStart, algorithm.id, true);
                    if (!cache_timed) return cache_timed.error();
                    if (stop.stop_requested()) return calibration_cancelled();
                    const auto both =
                        choose_for_both_ends(rounds_of(*timed), rounds_of(*cache_timed), incumbent, options.margin);
                    challenger = both.index;
                    in_cache = both.by_cache;
                    if (in_cache) {
                        decided_on = &*cache_timed;
                        choice.probe_size = kBandStart;
                    }
                }
                // The two figures kept come from one measurement that timed both: with one from
                // each, a slow moment of the machine in one made a kept incumbent look twice as
                // slow as the table's choice (cold 16 MiB on the Intel Xeon guest).
                choice.chosen = std::string(candidates[challenger]->id);
                choice.table_ns = typical_round((*decided_on)[table].ns);
                choice.chosen_ns = typical_round((*decided_on)[challenger].ns);
                if (challenger != incumbent) {
                    challenges.push_back({result.choices.size(), candidates[incumbent], candidates[challenger],
                                          candidates[table], typical_round((*decided_on)[incumbent].ns),
                                          choice.chosen_ns, in_cache});
                }
            }
            result.choices.push_back(std::move(choice));
            ++state.done;
            state.algorithm = algorithm.id;
            if (progress) progress(state);
        }
    }

    // A change must hold in a later, separate measurement of the two (confirm_changes), made after
    // every band has been timed, seconds later: a disturbance of the machine (another guest on
    // the core's other thread, an interrupt storm) lasts seconds, and measured again at once it
    // still held. On the Zen 4 guest of docs/performance.md one halved the speed of crc32c's fused
    // kernel for some seconds, where the shapes for a full-rate multiplier lost less, and both
    // measurements of three bands chose those (4-9 % slower on the quiet machine).
    std::optional<Error> failure;
    const auto holds = [&](std::size_t i) -> std::optional<bool> {
        if (stop.stop_requested()) return std::nullopt;
        const auto& c = challenges[i];
        auto& choice = result.choices[c.choice];
        const std::array<const Implementation*, 2> pair{c.incumbent, c.challenger};
        auto timed = time_rows(pair, choice.probe_size, choice.algorithm, c.in_cache);
        if (!timed) {
            failure = timed.error();
            return std::nullopt;
        }
        if (stop.stop_requested()) return std::nullopt;
        const bool held = decide(*timed, 0) == 1;
        // The choice and figures kept: the last measurement's, which decides.
        choice.chosen = std::string((held ? c.challenger : c.incumbent)->id);
        if (c.table == c.incumbent || c.table == c.challenger) {  // both figures from this one
            choice.table_ns = typical_round((*timed)[c.table == c.incumbent ? 0 : 1].ns);
            choice.chosen_ns = typical_round((*timed)[held ? 1 : 0].ns);
        } else {  // the table's figure is from the first: so is the chosen one
            choice.chosen_ns = held ? c.challenger_ns : c.incumbent_ns;
        }
        return held;
    };
    if (!confirm_changes(challenges.size(), holds)) {
        if (failure) return *failure;
        return calibration_cancelled();
    }
    ++state.done;
    state.algorithm = "confirming changes";
    if (progress) progress(state);

    if (probe_files) {
        // The algorithms fast enough for read()'s copy to matter, by what their choice measured
        // at the 4 MiB probe; timed with the choices just made, as files will be hashed.
        std::vector<std::string> fast;
        for (const auto& choice : result.choices) {
            if (choice.probe_size == kProbeSizes[kBands - 2] && chosen_gbps(choice) > options.file_probe_min_gbps)
                fast.push_back(choice.algorithm);
        }
        const Registry measured(registry.features());
        measured.use_plan(keep_plan(result, registry));
        auto readings = measure_cached_file_reading(measured, fast, options, stop);
        if (stop.stop_requested()) return calibration_cancelled();
        if (readings) {
            result.file_reading = std::move(*readings);
            result.file_probe_bytes = options.file_probe_bytes;
        } else {
            result.file_reading_note = readings.error().message;
        }
        ++state.done;
        state.algorithm = "file reading";
        if (progress) progress(state);
    }
    return result;
}

}  // namespace hashscope
