// Hashing many files at once, for `sum`, `check` and the Verify page: the one place that decides
// how many files are read at a time and how a spinning disk is shared between them
// (docs/architecture.md §5). hash_files() hands a list out in list order to a few workers (the
// caller is one), each reading one file at a time with a FileDigester, and reports each file's
// work done on the caller's thread, in list order, as soon as it and every file before it are.
// A caller whose list grows while it is read, on workers of its own (the Verify page), uses the
// same parts through a HashSession.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include "hashscope/algorithm.hpp"
#include "hashscope/file_hash.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/verify/file_digester.hpp"
#include "hashscope/verify/storage.hpp"

namespace hashscope::verify {

enum class DiskKind {
    detect,       // storage_of() the folder of the first file named (unknown storage: solid state)
    solid_state,  // several files at once, each as fast as it can go
    rotational,   // a spinning disk: it serves one file at a time, in list order
};

struct MultiHashOptions {
    const Registry* registry = nullptr;  // nullptr: Registry::host()
    std::string impl = "best";           // the implementation of every algorithm ("best": dispatch)
    unsigned threads = 0;                // cores one file may use; 0: all of them
    unsigned parallel_files = 0;         // files read at once; 0: `threads` (all cores when that is 0)
    DiskKind disk = DiskKind::detect;
};

// How the files were scheduled, for verbose output.
struct HashPlan {
    StorageInfo storage;
    unsigned parallel_files = 1;
    // A spinning disk and several files at once: reads that must go to the disk wait until every
    // file before theirs in the list is done (a ticket in list order); cached files go in parallel.
    bool disk_takes_turns = false;
    [[nodiscard]] std::string describe() const;
};

// The one rule for "is this a spinning disk": the device holding `folder` says it is rotational
// (storage_of(); unknown storage counts as solid state).
bool on_spinning_disk(const std::filesystem::path& folder);

// A file's place in the line for a spinning disk (HashSession::take_turn()): the file reads from
// the disk only once every earlier place has been given up, and gives its own up when this is
// destroyed. A first-come ticket rather than a lock, so that files finish in the order they were
// taken. An empty DiskTurn (solid state) never waits.
class DiskTurn {
public:
    DiskTurn() = default;
    ~DiskTurn();
    DiskTurn(DiskTurn&& other) noexcept;
    DiskTurn& operator=(DiskTurn&& other) noexcept;
    DiskTurn(const DiskTurn&) = delete;
    DiskTurn& operator=(const DiskTurn&) = delete;
    [[nodiscard]] bool empty() const { return line_ == nullptr; }
    // Blocks until every earlier place has been given up (at once when empty); false when
    // stopped first.
    [[nodiscard]] bool wait(const std::stop_token& stop) const;

    struct Line;  // core's own

private:
    friend class HashSession;
    DiskTurn(std::shared_ptr<Line> line, std::size_t ticket);
    std::shared_ptr<Line> line_;
    std::size_t ticket_ = 0;
};

// One worker's digesters, one per set of algorithms, kept between files (making one costs more
// than hashing a small file). Not thread-safe: one per worker.
class WorkerDigesters {
public:
    ~WorkerDigesters();
    WorkerDigesters(const WorkerDigesters&) = delete;
    WorkerDigesters& operator=(const WorkerDigesters&) = delete;

    // Reads `path` once for `algorithms`. With a turn, reads that must go to the disk wait for
    // it (and a large file is split into parallel pieces only when it is in the page cache). An
    // algorithm or implementation that cannot be used gives `unreadable`; after a stop, the file
    // is not even opened.
    FileHashResult digest(const std::filesystem::path& path, std::span<const AlgorithmInfo* const> algorithms,
                          const DiskTurn& turn, const ProgressFn& progress, std::stop_token stop);
    // The same for a pipe or standard input, read serially to its end.
    FileHashResult digest_descriptor(int fd, std::span<const AlgorithmInfo* const> algorithms,
                                     const ProgressFn& progress, std::stop_token stop);
    // What computed each digest of the last read, parallel to its algorithms; how it read the file.
    [[nodiscard]] const std::vector<const Implementation*>& implementations() const;
    [[nodiscard]] ReadStrategy last_strategy() const;

    struct State;  // core's own

private:
    friend class HashSession;
    explicit WorkerDigesters(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
};

// What the workers of one list share: the options and the spinning disk's line.
class HashSession {
public:
    explicit HashSession(MultiHashOptions options = {});
    ~HashSession();
    HashSession(const HashSession&) = delete;
    HashSession& operator=(const HashSession&) = delete;

    // The next place in the disk's line, for a file on a spinning disk just taken from the list:
    // take places in list order (under the list's lock), and keep the turn while reading the file.
    [[nodiscard]] DiskTurn take_turn();
    // Digesters for one worker, usable while this session lives.
    [[nodiscard]] std::unique_ptr<WorkerDigesters> digesters();

    struct State;  // core's own

private:
    friend struct DigesterInternals;
    std::unique_ptr<State> state_;
};

// What the work for one file reads it with. One per worker: it keeps a FileDigester per set of
// algorithms between files, since making one costs more than hashing a small file.
class FileReader {
public:
    // Reads this work's file once for `algorithms` (any number of times: each is a new read), with
    // progress reported for it. A read that must go to a shared spinning disk first waits for the
    // file's turn. An algorithm or implementation that cannot be used gives `unreadable`.
    virtual FileHashResult read(std::span<const AlgorithmInfo* const> algorithms) = 0;
    // The same, also stopped by `file_stop`: the work's own stop for this one file (a skip), beside
    // the stop of the whole list.
    virtual FileHashResult read(std::span<const AlgorithmInfo* const> algorithms, std::stop_token file_stop) = 0;
    // The same for a pipe or standard input, read serially to its end.
    virtual FileHashResult read_descriptor(int fd, std::span<const AlgorithmInfo* const> algorithms) = 0;
    // What computed each digest of the last read, parallel to its algorithms; how it read the file.
    [[nodiscard]] virtual const std::vector<const Implementation*>& implementations() const = 0;
    [[nodiscard]] virtual ReadStrategy last_strategy() const = 0;

protected:
    FileReader() = default;
    ~FileReader() = default;
    FileReader(const FileReader&) = default;
    FileReader& operator=(const FileReader&) = default;
};

// The work for file `index`, on any worker: reads it with `reader` and keeps what it found in the
// caller's own slot for that index. After a stop, every read returns `cancelled` at once.
using FileWork = std::function<void(std::size_t index, FileReader& reader)>;
// On the caller's thread, in index order, once file `index` and every file before it are done:
// what the work kept for it may be used (printed, shown) now.
using FileDone = std::function<void(std::size_t index)>;
// While file `index` is read, from the workers, one call at a time: bytes so far, the file's size.
using FilesProgress = std::function<void(std::size_t index, std::uint64_t done, std::uint64_t total)>;

// Runs `work` for every file of `files`, several files at once, and returns when all are done.
// An empty path is no file (standard input, say); it is left out of the storage decision.
HashPlan hash_files(std::span<const std::filesystem::path> files, const MultiHashOptions& options, const FileWork& work,
                    const FileDone& done, const FilesProgress& progress = {}, std::stop_token stop = {});

}  // namespace hashscope::verify
