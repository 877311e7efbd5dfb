// Finding the files to hash below folders: in name order, without following symlinked folders
// unless asked, detecting loops, and saying why anything was left out.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope::verify {

struct WalkOptions {
    bool follow_symlinks = false;  // descend into symlinked folders (loops are still detected)
    bool include_hidden = true;    // names starting with '.'
    // Take a regular file's type from its folder entry (d_type) instead of an fstatat: about half
    // the system calls over many small files. A file that vanishes in between is then reported
    // as found (its reader finds it gone) rather than as "vanished while the folder was read".
    bool trust_entry_type = false;
    // When set, only items whose path it accepts are reported (`sum -r --shard`). A name that
    // readdir says is no folder is then left out without even a stat, which keeps N shards'
    // walks of one tree about as cheap as one; folders are descended whatever it says.
    std::function<bool(std::string_view path)> wanted;
};

// Something found, or left out with a reason.
struct WalkItem {
    std::filesystem::path path;  // the root joined with the relative path (as found, not canonical)
    bool skipped = false;        // true: not a file to hash; `reason` says why
    std::string reason;          // "symbolic link to a folder, not followed", "symlink loop",
                                 // "a FIFO (named pipe)", "Permission denied", ...
};

// Called for every item as it is found (files in name order within each folder; a folder's
// contents follow the folder's own position in its parent's order). Return false to stop.
using WalkSink = std::function<bool(WalkItem&&)>;

// Walks `root` (a folder; a file gives just itself). Regular files and symlinks to regular files
// are reported as items; folders are descended; FIFOs, sockets, devices, broken links, loops and
// unreadable folders are reported as skipped items. Never blocks on a FIFO, never writes.
// Returns false when stopped (by the sink or the token) before the end.
bool walk_folder(const std::filesystem::path& root, const WalkOptions& options, const WalkSink& sink,
                 std::stop_token stop = {});

// Convenience: everything under `root`, in order.
std::vector<WalkItem> walk_folder(const std::filesystem::path& root, const WalkOptions& options = {});

}  // namespace hashscope::verify
