// Timing a cached file's digests from a mapping against read()'s copy (calibration.hpp).
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "calibration/cancelled.hpp"
#include "hashscope/calibration.hpp"
#include "hashscope/verify/file_digester.hpp"

namespace hashscope {

namespace {

using Clock = std::chrono::steady_clock;
using Mapping = verify::DigestOptions::Mapping;

// A file of pseudo-random bytes in `folder`, removed when this ends. Named, not O_TMPFILE: the
// digester refuses to vouch for a file that has no name left.
class ProbeFile {
public:
    ProbeFile() = default;
    ProbeFile(const ProbeFile&) = delete;
    ProbeFile& operator=(const ProbeFile&) = delete;
    ~ProbeFile() {
        if (!path_.empty()) ::unlink(path_.c_str());
    }

    Result<bool> write(const std::filesystem::path& folder, std::size_t bytes) {
        std::error_code made;
        std::filesystem::create_directories(folder, made);  // (the calibration's own folder)
        std::string name = (folder / "file-reading-probe-XXXXXX").string();
        const int fd = ::mkstemp(name.data());
        if (fd < 0) return Error{"cannot make a probe file in " + folder.string() + ": " + std::strerror(errno)};
        path_ = name;
        std::vector<std::uint64_t> block(std::size_t{1} << 17);  // 1 MiB
        std::uint64_t x = 0x9e3779b97f4a7c15ULL;
        for (std::size_t written = 0; written < bytes;) {
            for (auto& word : block) {  // xorshift64: bytes no hash can shortcut, no entropy spent
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                word = x;
            }
            const std::size_t want = std::min(bytes - written, block.size() * sizeof(std::uint64_t));
            const ssize_t put = ::write(fd, block.data(), want);
            if (put < 0 && errno == EINTR) continue;  // a signal came first: nothing was written
            if (put <= 0) {
                const std::string why = put < 0 ? std::strerror(errno) : "nothing written";
                ::close(fd);
                return Error{"cannot write a probe file in " + folder.string() + ": " + why};
            }
            written += static_cast<std::size_t>(put);
        }
        ::close(fd);
        return true;
    }

    [[nodiscard]] const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

}  // namespace

std::size_t choose_file_reading(std::span<const std::vector<double>, 2> every_core,
                                std::span<const std::vector<double>, 2> one_thread, std::size_t incumbent,
                                double margin) {
    const std::size_t other = 1 - incumbent;
    const auto clearly_faster = [&](std::span<const std::vector<double>, 2> ms, std::size_t way) {
        return choose_by_measurement(ms, 1 - way, margin) == way;
    };
    const bool replaced = (clearly_faster(every_core, other) && !clearly_faster(one_thread, incumbent)) ||
                          (clearly_faster(one_thread, other) && !clearly_faster(every_core, incumbent));
    return replaced ? other : incumbent;
}

Result<std::vector<CachedFileReading>> measure_cached_file_reading(const Registry& registry,
                                                                   std::span<const std::string> algorithms,
                                                                   const CalibrationOptions& options,
                                                                   std::stop_token stop) {
    std::vector<CachedFileReading> readings;
    if (algorithms.empty()) return readings;
    ProbeFile file;
    if (auto written = file.write(options.file_probe_folder, options.file_probe_bytes); !written) {
        return written.error();
    }
    for (const auto& id : algorithms) {
        // [2t + w]: t = 0 split pieces on every core, as a file of this size is hashed, 1 one
        // thread; w = 0 from a mapping, 1 from read()'s copy.
        std::array<std::unique_ptr<verify::FileDigester>, 4> ways;
        std::array<std::vector<double>, 4> ms;  // per round
        const AlgorithmInfo* algorithm = find_algorithm(id);
        for (std::size_t w = 0; w < ways.size(); ++w) {
            verify::DigestOptions digest_options;
            digest_options.registry = &registry;
            digest_options.threads = w < 2 ? 0 : 1;
            digest_options.map_files = w % 2 == 0 ? Mapping::always : Mapping::never;
            auto made = verify::FileDigester::make(std::span(&algorithm, 1), digest_options);
            if (!made) return made.error();
            ways[w] = std::move(made.value());
        }
        const auto time_once = [&](std::size_t w) -> Result<double> {
            const auto start = Clock::now();
            const auto result = ways[w]->digest(file.path(), {}, stop);
            if (stop.stop_requested()) return calibration_cancelled();
            if (result.status != FileStatus::ok) return Error{"the probe file could not be hashed: " + result.message};
            return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        };
        const auto run_rounds = [&]() -> Result<bool> {
            for (auto& rounds : ms) rounds.clear();
            for (std::size_t round = 0; round < options.file_probe_rounds; ++round) {
                for (std::size_t i = 0; i < ways.size(); ++i) {
                    const std::size_t w = (i + round) % ways.size();  // rotate: none always goes first
                    const auto took = time_once(w);
                    if (!took) return took.error();
                    ms[w].push_back(*took);
                }
            }
            return true;
        };
        for (std::size_t w = 0; w < ways.size(); ++w) {  // warm: the file in the page cache, code, threads
            if (auto took = time_once(w); !took) return took.error();
        }
        std::size_t incumbent = 0;     // mapped (0) or copied (1) on every core
        std::size_t alone_before = 0;  // every core (0) or one thread from a mapping (1)
        if (options.previous != nullptr) {
            for (const auto& before : options.previous->file_reading) {
                if (before.algorithm != id) continue;
                incumbent = before.mapped ? 0 : 1;
                alone_before = before.one_thread ? 1 : 0;
            }
        }
        const auto choose = [&] {
            const std::size_t way = choose_file_reading(std::span<const std::vector<double>, 2>(ms.data(), 2),
                                                        std::span<const std::vector<double>, 2>(ms.data() + 2, 2),
                                                        incumbent, options.margin);
            if (way != 0) return std::pair{way, std::size_t{0}};  // alone means from a mapping
            const std::array<std::vector<double>, 2> every_core_or_alone{ms[0], ms[2]};
            return std::pair{way, choose_by_measurement(every_core_or_alone, alone_before, options.margin)};
        };
        if (auto ran = run_rounds(); !ran) return ran.error();
        auto [chosen, alone] = choose();
        if (chosen != incumbent || alone != alone_before) {  // a change must hold in a second measurement
            if (auto ran = run_rounds(); !ran) return ran.error();
            std::tie(chosen, alone) = choose();
        }
        readings.push_back({id, chosen == 0, typical_round(ms[0]), typical_round(ms[1]), typical_round(ms[2]),
                            typical_round(ms[3]), alone == 1});
    }
    return readings;
}

}  // namespace hashscope
