// Auditing a folder against a checksum file (what `hashdeep -a -x` does): every path, listed or
// found, gets one status. Serves `hashscope-cli audit` and the Verify page.
//
// How: the manifest's entries are held in a map by name; the tree is walked once (on a thread of
// its own, beside the check), and only the files the manifest does not list are kept (the walk
// itself is not stored). The listed files are checked exactly as `check` checks them
// (check_entries, in batches). Files not listed are hashed only when
// some listed file is missing, to find where it moved; otherwise they are NEW without being read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <stop_token>
#include <string>

#include "hashscope/registry.hpp"
#include "hashscope/verify/entry_skips.hpp"
#include "hashscope/verify/sums_file.hpp"

namespace hashscope::verify {

enum class AuditStatus {
    ok,          // listed, found, the digest matched
    changed,     // listed, found, the digest differs
    missing,     // listed, not found (and its digest turned up nowhere new)
    added,       // found, not listed ("NEW")
    moved,       // not at its listed path, but its digest is at a path not listed
    unreadable,  // listed and present but could not be read; or a new file that vanished
    skipped,     // found, not listed, and not a file to hash: a FIFO, a symlink loop, ...
    // Listed, and skipped by the caller (AuditOptions::skips) before its status was reported: not
    // verified, whatever its file holds.
    skipped_by_user,
    cancelled,
};
// "OK", "CHANGED", "MISSING", "NEW", "MOVED", "UNREADABLE", "SKIPPED", "SKIPPED-BY-USER",
// "CANCELLED".
const char* to_string(AuditStatus status);

struct AuditResult {
    AuditStatus status = AuditStatus::cancelled;
    // The path relative to the manifest's folder: for a listed file the name as the manifest
    // writes it, for a found one the path below the manifest's folder ('/' separators). Raw bytes.
    std::string path;
    std::string old_path;  // moved: the listed name it moved from
    std::string message;   // why, for unreadable / skipped / skipped_by_user / missing
    std::uint64_t bytes = 0;
    // The manifest entry (index into the entries) a listed or moved path is; kNotListed for NEW
    // and SKIPPED paths.
    std::size_t entry = kNotListed;
    static constexpr std::size_t kNotListed = static_cast<std::size_t>(-1);
    // ok: the algorithm that matched; ok / changed: what computed the digest (as CheckResult).
    const AlgorithmInfo* matched = nullptr;
    const Implementation* implementation = nullptr;
};

struct AuditOptions {
    const Registry* registry = nullptr;  // nullptr: Registry::host()
    std::string impl = "best";
    unsigned threads = 0;  // as CheckOptions::threads
    unsigned parallel_files = 0;
    bool include_hidden = true;  // names starting with '.'
    // Listed entries (indices into the entries) the caller may skip while the audit runs (the
    // Verify page's Skip on one row; nullptr: none). An entry skipped before its status is
    // reported is reported skipped_by_user: its file is not read, or its read stops within a
    // block, and a missing one is not looked for among the new files. The rest of the audit goes
    // on. skip() may come from any thread.
    EntrySkips* skips = nullptr;
};

struct AuditCounts {
    std::size_t ok = 0;
    std::size_t changed = 0;
    std::size_t missing = 0;
    std::size_t added = 0;
    std::size_t moved = 0;
    std::size_t unreadable = 0;
    std::size_t skipped = 0;
    std::size_t skipped_by_user = 0;  // not verified: never all OK
    bool cancelled = false;
    [[nodiscard]] bool all_ok() const {
        return !cancelled && changed + missing + added + moved + unreadable + skipped + skipped_by_user == 0;
    }
};

enum class AuditStage { walking, checking, hashing_new };

// Called once per path, on the caller's thread: first the listed files in manifest order (all
// but the missing ones), then the found files in walk order (NEW, MOVED, SKIPPED), then MISSING
// in manifest order (SKIPPED-BY-USER for a missing one skipped meanwhile).
using AuditSink = std::function<void(const AuditResult& result)>;
// From the walking thread and the reading threads, one call at a time (walking and checking
// overlap): the stage, the files it has done so far (walking: found), and the bytes of the file
// being read (0 when none).
using AuditProgress =
    std::function<void(AuditStage stage, std::size_t files, std::uint64_t bytes_done, std::uint64_t bytes_total)>;

// Audits the tree below `root` against `entries`, whose names are relative to `base` (the
// manifest's folder; absolute names are kept). `manifest` (the checksum file itself) is never
// reported as NEW. Other checksum files in the tree are ordinary files: listed or NEW.
AuditCounts audit_tree(const std::filesystem::path& base, std::span<const SumsEntry> entries,
                       const std::filesystem::path& root, const std::filesystem::path& manifest,
                       const AuditOptions& options, const AuditSink& sink, const AuditProgress& progress = {},
                       std::stop_token stop = {});

// The key a path is looked up by: relative names made lexically normal ("./a//b" -> "a/b"),
// absolute ones made relative to `absolute_base` when below it.
std::string audit_key(std::string_view name, const std::filesystem::path& absolute_base);

}  // namespace hashscope::verify
