#include "hashscope/verify/storage.hpp"

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <string>
#include <system_error>
#include <vector>

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

// Stacks deeper than this (dm on md on loop on dm ...) do not occur in practice; the limit only
// stops a malformed or cyclic tree.
constexpr int kMaxDepth = 16;

constexpr const char* kNoBlockDevice = "no block device (major 0: tmpfs, overlay or network file system)";

StorageInfo unknown(std::string device, std::string how) {
    return StorageInfo{StorageKind::unknown, std::move(device), std::move(how)};
}

bool read_first_line(const fs::path& file, std::string& line) {
    std::ifstream in(file);
    if (!in || !std::getline(in, line)) return false;
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r' || line.back() == ' ')) line.pop_back();
    return true;
}

bool is_file(const fs::path& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

// Where a sysfs symlink points, resolved inside the tree it lives in (also a fake one).
bool resolve(const fs::path& link, fs::path& target) {
    std::error_code ec;
    target = fs::canonical(link, ec);
    return !ec;
}

// A partition's folder (it has a `partition` file) sits inside its disk's folder.
fs::path disk_of(const fs::path& device_dir) {
    if (is_file(device_dir / "partition")) return device_dir.parent_path();
    return device_dir;
}

std::string device_id(unsigned major, unsigned minor) { return std::to_string(major) + ":" + std::to_string(minor); }

// One lookup, with the chain of devices it is inside of, so that a loop device backed by a file on itself
// (or a cyclic fake tree) ends.
class Lookup {
public:
    explicit Lookup(fs::path sysfs_root) : sysfs_(std::move(sysfs_root)) {}

    StorageInfo of_device(unsigned major, unsigned minor, int depth) {
        if (major == 0) return unknown("", kNoBlockDevice);
        const fs::path link = sysfs_ / "dev" / "block" / device_id(major, minor);
        fs::path device_dir;
        if (!resolve(link, device_dir)) {
            return unknown("", "no " + link.string() + " (not a block device known to sysfs)");
        }
        const fs::path disk = disk_of(device_dir);
        StorageInfo info = of_disk(disk, depth);
        if (disk != device_dir) {
            info.how =
                device_dir.filename().string() + " is a partition of " + disk.filename().string() + "; " + info.how;
        }
        return info;
    }

    StorageInfo of_path(const fs::path& path, int depth) {
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) {
            return unknown("", "cannot stat " + path.string() + ": " + std::strerror(errno));
        }
        return of_device(::major(st.st_dev), ::minor(st.st_dev), depth);
    }

private:
    // Only the devices on the current chain count as a loop: two slaves on one disk (sda1 and
    // sda2 under one dm device) are a diamond, not a cycle.
    StorageInfo of_disk(const fs::path& disk, int depth) {
        const std::string name = disk.filename().string();
        if (depth > kMaxDepth) return unknown(name, name + ": devices stacked too deep");
        if (!chain_.insert(disk.string()).second) {
            return unknown(name, name + ": already being looked at (a device stacked on itself)");
        }
        StorageInfo info = of_disk_on_chain(disk, name, depth);
        chain_.erase(disk.string());
        return info;
    }

    StorageInfo of_disk_on_chain(const fs::path& disk, const std::string& name, int depth) {
        // A loop device's own queue says nothing about the disk its backing file is on.
        std::string backing;
        if (read_first_line(disk / "loop" / "backing_file", backing) && !backing.empty()) {
            StorageInfo inner = of_path(backing, depth + 1);
            return StorageInfo{inner.kind, name, name + " -> backing file " + backing + ": " + inner.how};
        }

        // device-mapper and md devices report what their slaves report, rotational if any is:
        // their own queue flags are a guess the kernel makes from the same slaves, or a default.
        std::vector<fs::path> slaves;
        std::error_code ec;
        for (fs::directory_iterator it(disk / "slaves", ec), end; !ec && it != end; it.increment(ec)) {
            slaves.push_back(it->path());
        }
        if (!slaves.empty()) return of_slaves(name, slaves, depth);

        const fs::path rotational_file = disk / "queue" / "rotational";
        const std::string shown = (sysfs_ / "block" / name / "queue" / "rotational").string();
        std::string value;
        if (!read_first_line(rotational_file, value)) return unknown(name, "no " + shown);
        if (value == "0") return StorageInfo{StorageKind::solid_state, name, shown + " = 0"};
        if (value == "1") return StorageInfo{StorageKind::rotational, name, shown + " = 1"};
        return unknown(name, shown + " = '" + value + "' (neither 0 nor 1)");
    }

    StorageInfo of_slaves(const std::string& name, std::vector<fs::path> slaves, int depth) {
        std::sort(slaves.begin(), slaves.end());
        bool any_rotational = false;
        bool any_unknown = false;
        std::string how = name + " stacks on [";
        for (std::size_t i = 0; i < slaves.size(); ++i) {
            StorageInfo inner;
            fs::path slave_dir;
            if (!resolve(slaves[i], slave_dir)) {
                inner = unknown(slaves[i].filename().string(), "unresolvable " + slaves[i].string());
            } else {
                const fs::path disk = disk_of(slave_dir);
                inner = of_disk(disk, depth + 1);
                if (disk != slave_dir) inner.how = slave_dir.filename().string() + " of " + inner.how;
            }
            any_rotational = any_rotational || inner.kind == StorageKind::rotational;
            any_unknown = any_unknown || inner.kind == StorageKind::unknown;
            if (i > 0) how += "; ";
            how += inner.how;
        }
        how += "]";
        const StorageKind kind = any_rotational ? StorageKind::rotational
                                 : any_unknown  ? StorageKind::unknown
                                                : StorageKind::solid_state;
        return StorageInfo{kind, name, how};
    }

    fs::path sysfs_;
    std::set<std::string> chain_;
};

}  // namespace

StorageInfo storage_of(const std::filesystem::path& path) {
    Lookup lookup("/sys");
    return lookup.of_path(path, 0);
}

StorageInfo storage_of_device(unsigned major, unsigned minor, const std::filesystem::path& sysfs_root) {
    Lookup lookup(sysfs_root);
    return lookup.of_device(major, minor, 0);
}

}  // namespace hashscope::verify
