// Checking the entries of a checksum file: each named file is read once (several files at once on
// fast storage, one at a time on a spinning disk) and compared with the digests listed for it.
// Serves `hashscope-cli check` and the GUI's Verify page.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <stop_token>
#include <string>

#include "hashscope/algorithm.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/verify/entry_skips.hpp"
#include "hashscope/verify/multi_file_hasher.hpp"
#include "hashscope/verify/sums_file.hpp"

namespace hashscope::verify {

enum class Verdict {
    ok,           // the digest matched
    failed,       // the file was read; no candidate algorithm's digest matched
    missing,      // no such file
    unreadable,   // could not be opened or read (message says why)
    not_regular,  // a folder, FIFO, device or socket (message says which)
    changed,      // its size or modification time changed while it was read
    refused,      // --strict: the name points outside the checksum file's folder
    skipped,      // the caller skipped the entry (CheckOptions::skips) before its file was read through
    cancelled,
};
const char* to_string(Verdict verdict);

struct CheckResult {
    Verdict verdict = Verdict::cancelled;
    std::string message;                             // why, for every verdict but ok / failed
    const AlgorithmInfo* matched = nullptr;          // ok: the algorithm that matched
    const Implementation* implementation = nullptr;  // ok / failed: what computed the (first) digest
    std::uint64_t bytes = 0;                         // bytes read
    bool outside = false;                            // the name is absolute or climbs out with ".."
    double seconds = 0;                              // time spent on the entry's file (every read of it)
};

struct CheckOptions {
    const Registry* registry = nullptr;  // nullptr: Registry::host()
    std::string impl = "best";
    unsigned threads = 0;  // cores to use; 0: all of them
    // Files checked at once: 0 means `threads`. On a rotational disk, reads that go to the disk
    // take turns in line order (one file at a time); files in the page cache are read in parallel.
    unsigned parallel_files = 0;
    bool strict = false;  // refuse names outside the checksum file's folder
    // Entries the caller may skip while the check runs (nullptr: none). An entry skipped before
    // its verdict is settled is reported `skipped`; its file is not read, or its read stops
    // within a block, unless another entry naming the same file still wants it.
    EntrySkips* skips = nullptr;
    // The number `skips` knows entries[0] by: a caller checking one long list in slices (the
    // audit) keeps one numbering for its skips, so entry i is skipped as skips_first + i.
    std::size_t skips_first = 0;
};

// How the job scheduled reads (the multi-file hasher's plan), for verbose output.
using CheckPlan = HashPlan;

// Called once per entry, in entry order, on the caller's thread.
using CheckSink = std::function<void(std::size_t entry, const CheckResult& result)>;
// Called from worker threads (one at a time) while a file is read: entry, bytes done, file size.
using CheckProgress = std::function<void(std::size_t entry, std::uint64_t done, std::uint64_t total)>;

// Resolves each entry's name against `base` (the checksum file's folder; absolute names are kept),
// reads each file once for all the algorithms its entries may use, and reports every entry.
// When an entry has several candidate algorithms, the one that matched before for a digest of the
// same size is tried first, and the others only if it does not match. Returns the plan it used.
CheckPlan check_entries(const std::filesystem::path& base, std::span<const SumsEntry> entries,
                        const CheckOptions& options, const CheckSink& sink, const CheckProgress& progress = {},
                        std::stop_token stop = {});

}  // namespace hashscope::verify
