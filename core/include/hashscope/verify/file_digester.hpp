// FileDigester: the verifier's way to read a file once and compute every selected digest from it
// (docs/architecture.md §5). Large aligned blocks; a reader thread reads the next block while the last one is
// hashed; several algorithms are hashed side by side on the cores this file may use; a large file
// whose algorithms are all combinable (CRCs, Adler-32, BLAKE3) is cut into pieces that several
// threads read and hash at once, joined into the digest a serial pass gives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include "hashscope/algorithm.hpp"
#include "hashscope/file_hash.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/result.hpp"

namespace hashscope::verify {

struct DigestOptions {
    const Registry* registry = nullptr;  // nullptr: Registry::host()
    std::string impl = "best";           // the implementation of every algorithm ("best": dispatch)
    unsigned threads = 0;                // cores one file may use; 0: all of them
    std::size_t block_size = std::size_t{1} << 20;
    // Files at least this large are read as parallel pieces when every algorithm is combinable.
    std::uint64_t split_min_size = std::uint64_t{32} << 20;
    // The same when one of them is compute-bound (AlgorithmInfo::compute_bound: BLAKE3), whose
    // pieces on two cores took 0.72-0.84 of one core's time at 2 MiB and 0.64 at 8 MiB on the
    // Zen 4 guest of docs/performance.md.
    std::uint64_t compute_bound_split_min_size = std::uint64_t{2} << 20;
    // Files up to this size are read and hashed on the calling thread alone: starting a reader
    // thread costs more than it hides.
    std::uint64_t inline_max_size = std::uint64_t{2} << 20;
    // The files are on a spinning disk: a large file is split into parallel pieces only when it
    // is already in the page cache (otherwise the pieces would make the disk seek). Sharing the
    // disk between several files is the multi-file hasher's business (multi_file_hasher.hpp).
    bool rotational = false;
    // Files at least this large may be hashed straight from the page cache (mmap), saving read()'s
    // copy, when they are read in pieces or by one algorithm on one thread (on a spinning disk:
    // when already cached): as the registry's calibration measured on this machine (mapping
    // when it measured nothing), always, or never.
    // A file truncated while mapped still ends as `changed`, never in a crash.
    enum class Mapping { as_measured, always, never };
    Mapping map_files = Mapping::as_measured;
    std::uint64_t map_min_size = std::uint64_t{1} << 20;
};

// How a file was read, for verbose output and tests.
enum class ReadStrategy { inline_serial, pipelined, split_pieces, mapped_ahead };
const char* to_string(ReadStrategy strategy);

class FileDigester {
public:
    // Errors: an unknown algorithm, or an implementation that this CPU cannot run.
    static Result<std::unique_ptr<FileDigester>> make(std::span<const AlgorithmInfo* const> algorithms,
                                                      DigestOptions options = {});
    ~FileDigester();
    FileDigester(const FileDigester&) = delete;
    FileDigester& operator=(const FileDigester&) = delete;

    // Reads `path` read-only (O_NOATIME where permitted) and returns one digest per algorithm, in
    // order. Never blocks on a FIFO or device (not_regular); reports `changed` when the size or
    // modification time moved while it was read. `progress` is called from one thread at a time
    // (not necessarily the caller's). Stops within one block of `stop`. Not thread-safe: use one
    // FileDigester per worker.
    FileHashResult digest(const std::filesystem::path& path, const ProgressFn& progress = {},
                          std::stop_token stop = {});
    // The same for a pipe or standard input, read serially to its end.
    FileHashResult digest_descriptor(int fd, const ProgressFn& progress = {}, std::stop_token stop = {});

    // The implementation that computes each algorithm, parallel to the algorithms given.
    [[nodiscard]] const std::vector<const Implementation*>& implementations() const;
    // How the last digest() read its file, and whether from a mapping.
    [[nodiscard]] ReadStrategy last_strategy() const;
    [[nodiscard]] bool last_mapped() const;

private:
    friend struct DigesterInternals;  // core's own factory, with the hooks tests and the multi-file hasher use
    struct State;
    explicit FileDigester(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
};

}  // namespace hashscope::verify
