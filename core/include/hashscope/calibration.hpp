// Dispatch by measurement: time the implementations of each algorithm on this machine, per size
// band, and let dispatch follow the winners (the Linux kernel's boot-time choice of its RAID-6 and
// XOR routines, FFTW's wisdom). The registry's priorities stay the fallback: for a CPU not yet
// calibrated, and for the seconds before a calibration ends. A calibration is kept per CPU and
// build in the user's cache folder, and is ignored when either changes.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/result.hpp"

namespace hashscope {

inline constexpr std::string_view calibration_schema = "hashscope-dispatch/3";

// What calibration decided for one algorithm in one size band.
struct CalibrationChoice {
    std::string algorithm;
    std::size_t band = 0;        // index into kBandLimits
    std::size_t probe_size = 0;  // the message size timed for the band
    std::string table_choice;    // the registry table's choice
    std::string chosen;          // equal to table_choice when no challenger was clearly faster
    double table_ns = 0;         // ns per message, the mean of the middle rounds
    double chosen_ns = 0;
};

// How a file already in the page cache is hashed fastest on this machine, per algorithm: straight
// from a mapping, which saves read()'s copy, or from that copy, which the hashing threads then read
// from their own caches. It depends on the machine and the kernel: on the AMD EPYC Zen 4 guest of
// docs/performance.md crc32c ran faster mapped and BLAKE3 (sixteen streams a chunk apart) slower;
// on the Zen 3 guest the mapping made BLAKE3 faster.
struct CachedFileReading {
    std::string algorithm;
    bool mapped = true;    // the choice
    double mapped_ms = 0;  // the probe file's digest from a mapping, the mean of the middle rounds
    double copied_ms = 0;  // ... from read()'s copy
    // The same on one thread, the other way a file is mapped (one algorithm that cannot be split,
    // a process held to one core); 0: not measured.
    double mapped_one_thread_ms = 0;
    double copied_one_thread_ms = 0;
    // Hashed alone on one thread from a mapping even with cores to spare: clearly faster so than
    // the way chosen for every core (for xxh3 on the Zen 4 guest, 11 against 17 ms when every core
    // meant a reader thread copying; 11 against 10 with a second thread mapping ahead).
    bool one_thread = false;
};

struct Calibration {
    std::string cpu_fingerprint;  // cpu_fingerprint() of the CPU that measured
    std::string cpu_name;         // for people: "AMD EPYC (Zen 5)"
    std::string build;            // build_fingerprint() of the build that measured
    std::string measured_on;      // ISO 8601, UTC
    std::vector<CalibrationChoice> choices;
    // The algorithms fast enough for the copy to matter (file_probe_min_gbps); empty: not measured.
    std::vector<CachedFileReading> file_reading;
    std::size_t file_probe_bytes = 0;  // the probe file's size
    std::string file_reading_note;     // why not measured, for the person calibrating (not saved)

    // The choices that differ from the table.
    [[nodiscard]] std::size_t changed() const;
};

struct CalibrationOptions {
    // A challenger replaces the table's choice only when it is this much faster in its middle
    // rounds and in the median of the rounds' ratios: on a noisy machine, repeated calibrations
    // then agree, and a choice never flips on a coin toss.
    double margin = 0.03;
    std::size_t rounds = 11;  // each round times every candidate once, in a rotating order
    double round_s = 0.0003;  // target time of one candidate in one round
    // Probes in cache from `sustained_from` bytes up are timed in rounds of at least
    // `sustained_round_s`: what runs at those sizes runs for long (a file, a benchmark), and on
    // the Intel Xeon guest of docs/performance.md crc32c's fused AVX-512 shape ran 64 KiB in
    // 519 ns in 0.3 ms bursts between other candidates but 575 ns in 10 ms rounds, where folding
    // alone ran 565 ns in both: short rounds chose the shape that the benchmark then timed slower.
    double sustained_round_s = 0.005;
    std::size_t sustained_from = std::size_t{16} << 10;
    double band_budget_s = 0.12;          // at most this per algorithm and band, but never under 3 rounds
    std::size_t self_test_messages = 16;  // random messages per implementation before it may compete
    // The last band (8 MiB and up) times an algorithm that hashed the 4 MiB probe faster than
    // this many GB/s on 64 MiB from memory, the others on 16 MiB: near memory's speed the two
    // sizes disagreed (calibrate.cpp), and timing every algorithm on 64 MiB doubled the
    // calibration (27.9 against 55.5 s on the Zen 4 guest) for hashes memory never bounds.
    double long_probe_min_gbps = 3;
    // Bands whose probe is larger are not timed and keep their incumbent: for quick runs (tests,
    // which also run under CPU emulation, where timing 16 MiB probes takes minutes).
    std::size_t largest_probe = SIZE_MAX;
    // The calibration in force, if any: its choices are the incumbents a challenger must clearly
    // beat (else the table's are), so that calibrating again on a noisy machine does not flip
    // choices between near-equals.
    const Calibration* previous = nullptr;
    // Where to write the probe file that times reading a cached file from a mapping against
    // read()'s copy (CachedFileReading; removed when measured); empty: not measured. The probe
    // is large because the mapping's cost grows with the file: on the Zen 4 guest a mapped
    // 64 MiB file hashed as fast as a copied one, 256 MiB 10-40 % slower (BLAKE3, two threads).
    std::filesystem::path file_probe_folder;
    std::size_t file_probe_bytes = std::size_t{256} << 20;
    std::size_t file_probe_rounds = 5;
    // Only algorithms whose choice hashed the 4 MiB probe faster than this many GB/s: below it
    // the copy is a small share of the time, and mapping (the default) stays.
    double file_probe_min_gbps = 3;
};

struct CalibrationProgress {
    std::size_t done = 0;  // (algorithm, band) pairs timed, then the changes measured again, then files
    std::size_t total = 0;
    std::string_view algorithm;
};
using CalibrationProgressFn = std::function<void(const CalibrationProgress&)>;

// Times the candidates (every implementation this CPU can run except the byte-at-a-time and
// portable references, and none that fails the self-test) per algorithm and band, then each
// change again. Takes about half a minute on a 2-core machine (about 0.12 s per algorithm and
// band). A stop request returns an error at once: an interrupted calibration is never used.
Result<Calibration> calibrate(const Registry& registry, const CpuInfo& cpu, const CalibrationOptions& options = {},
                              const CalibrationProgressFn& progress = {}, std::stop_token stop = {});

// Writes a probe file of options.file_probe_bytes into options.file_probe_folder, hashes it with
// each of `algorithms` from a mapping and from read()'s copy in interleaved rounds, in pieces on
// every core and on one thread, and removes it. Mapping stays chosen unless copying is clearly
// faster in one of the two and mapping not clearly faster in the other (choose_file_reading()),
// or the reverse where options.previous chose copying; and one thread from a mapping is chosen
// over every core when it is clearly faster than the way chosen there (an algorithm that cannot
// be split has every core as a second thread mapping ahead of it, or copying). Errors: the folder
// cannot hold the file, or a stop request.
Result<std::vector<CachedFileReading>> measure_cached_file_reading(const Registry& registry,
                                                                   std::span<const std::string> algorithms,
                                                                   const CalibrationOptions& options,
                                                                   std::stop_token stop = {});

// The decision alone, for tests: `ns[c][r]` is candidate c's time in round r; `incumbent` is the
// table's choice. Returns the index of the chosen candidate: taking the challengers in order, each
// replaces the choice so far (first the incumbent) when it is clearly faster (margin, above) in its
// middle rounds (the mean of its rounds without the fastest and the slowest quarter) and in the
// median of the round-by-round ratios. Not by its fastest round, its best burst, which can be one
// it seldom reaches; and not the fastest of challengers within the margin of each other, which
// noise would pick.
std::size_t choose_by_measurement(std::span<const std::vector<double>> ns, std::size_t incumbent, double margin);

// Which of `changes` changes, each found in a first measurement, are made: `holds(i)` measures
// change i again, separately, and says whether it held (nullopt: stopped or failed, and so is
// the whole). Every change is measured a second time, in order; a change the second measurement
// did not confirm is measured a third time, after every second one, and that one decides. Two of
// three, not two of two: on the Zen 4 guest, with another process sharing the core for three
// seconds of the second measurements, two calibrations turned down five changes each, and the
// third measurements made four of them, real ones among them (crc64nvme and crc64xz from memory
// without prefetching, BLAKE2b by libsodium from 256 KiB: 5-10 % faster). A change that merely
// rode a disturbance in the first measurement must still hold in two that come later.
std::optional<std::vector<bool>> confirm_changes(std::size_t changes,
                                                 const std::function<std::optional<bool>(std::size_t)>& holds);

// The message the last band (8 MiB and up) is timed on, for an algorithm whose choice hashed the
// 4 MiB probe at `gbps` (0: not timed): 64 MiB above long_probe_min_gbps unless that is above
// largest_probe, else 16 MiB.
std::size_t last_band_probe(double gbps, const CalibrationOptions& options);

// The decision alone, for tests, for the last band (8 MiB and up) timed at both its ends:
// `from_memory[c][r]` on the long probe (64 MiB, from memory) and `in_cache[c][r]` on 8 MiB in
// cache, the band's first size. Near memory's speed the long probe tells kernels apart by a few
// per cent at most, while in cache 8 MiB may not be: on the Zen 4 guest ISA-L's crc32c won the
// long probe by 4 % in one calibration and then ran 24 % slower than `vpclmul` at 8 MiB in cache
// (15 % at 16 MiB). So the long probe's winner (choose_by_measurement) is taken unless the
// incumbent is clearly faster than it in cache; else the winner in cache, unless the incumbent is
// clearly faster than that one from memory. `by_cache`: the choice was made in cache.
struct BothEndsChoice {
    std::size_t index = 0;
    bool by_cache = false;
};
BothEndsChoice choose_for_both_ends(std::span<const std::vector<double>> from_memory,
                                    std::span<const std::vector<double>> in_cache, std::size_t incumbent,
                                    double margin);

// The decision alone, for tests: `every_core[w][r]` and `one_thread[w][r]` are the rounds of way w
// (0 a mapping, 1 read()'s copy) read in pieces on every core and on one thread. The other way
// replaces the incumbent when it is clearly faster (choose_by_measurement) in one of the two and
// the incumbent is not clearly faster in the other. Returns the way chosen.
std::size_t choose_file_reading(std::span<const std::vector<double>, 2> every_core,
                                std::span<const std::vector<double>, 2> one_thread, std::size_t incumbent,
                                double margin);

// For people: "from read()'s copy for blake3; from a mapping for crc32c, xxh3, measured with a
// 256 MiB file; from a mapping for the others", or why it was not measured.
std::string file_reading_text(const Calibration& calibration);

// A candidate's figure from its rounds: the mean of the middle ones (the fastest and the slowest
// quarter left out; the median of four rounds or fewer).
double typical_round(std::vector<double> rounds);

// Identities a calibration is valid for: the CPU (vendor, model, family/model/stepping, features,
// caches) and the build (version, git revision, build type).
std::string cpu_fingerprint(const CpuInfo& cpu);
std::string build_fingerprint();

// $XDG_CACHE_HOME/hashscope (else ~/.cache/hashscope)/dispatch-<cpu fingerprint>.json.
std::filesystem::path calibration_path(const CpuInfo& cpu);

std::string calibration_to_json(const Calibration& calibration);

// A calibration read back, or why it was not used (damaged, another CPU or build, a newer schema,
// an implementation this build or CPU does not have). Never trusts what it cannot check.
struct LoadedCalibration {
    std::optional<Calibration> calibration;
    std::string note;  // empty when used, or when there was no file
};
LoadedCalibration parse_calibration(std::string_view json, std::string_view cpu_fingerprint, std::string_view build,
                                    const Registry& registry);
LoadedCalibration load_calibration(const std::filesystem::path& path, std::string_view cpu_fingerprint,
                                   std::string_view build, const Registry& registry);

// Written whole or not at all (a temporary renamed over the old file): two processes saving at
// once leave one whole file. A read-only or full cache folder is an error for the caller to show;
// the calibration still applies to the running process.
Result<bool> save_calibration(const Calibration& calibration, const std::filesystem::path& path);

// The dispatch plan of a calibration for `registry`. Plans live until the process ends (a thread
// may still be reading the one a new plan replaces), so this returns a pointer it keeps.
const DispatchPlan* keep_plan(const Calibration& calibration, const Registry& registry);

// For the programs' start: loads this machine's calibration and makes `registry` follow it.
// Returns what to tell the user: empty when there was nothing to say.
struct AppliedCalibration {
    std::optional<Calibration> calibration;
    std::string note;
};
AppliedCalibration apply_saved_calibration(const Registry& registry, const CpuInfo& cpu);

}  // namespace hashscope
