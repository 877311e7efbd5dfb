// What kind of device a file lives on, so that reads can be scheduled for it: several files at
// once on SSDs and the page cache, one at a time on a spinning disk (parallel reads make it seek).
#pragma once

#include <filesystem>
#include <string>

namespace hashscope::verify {

enum class StorageKind { solid_state, rotational, unknown };

struct StorageInfo {
    StorageKind kind = StorageKind::unknown;
    std::string device;  // "nvme0n1", "sda", "vda", or "" when unknown
    std::string how;     // how it was decided, for verbose output: "/sys/block/sda/queue/rotational = 1"
};

// Looks up the block device holding `path` (stat st_dev -> /sys/dev/block/MAJ:MIN, walking up
// from a partition to its disk; device-mapper / md / loop devices report what their slaves report,
// rotational if any is). Unknown (tmpfs, overlay, network) is treated as solid state by callers.
StorageInfo storage_of(const std::filesystem::path& path);

// The same for a device number, with the sysfs root given (tests point it at a fake tree).
StorageInfo storage_of_device(unsigned major, unsigned minor, const std::filesystem::path& sysfs_root);

}  // namespace hashscope::verify
