#include "hashscope/verify/folder_walk.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <utility>

#include "verify/file_type.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

// Every folder is opened relative to its parent's descriptor and every entry is looked at with
// fstatat on the folder's descriptor, so no call ever resolves the full path: paths longer than
// PATH_MAX work, and a folder renamed mid-walk cannot redirect us somewhere else.
constexpr int kFolderFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY;

struct DirCloser {
    void operator()(DIR* dir) const { ::closedir(dir); }
};
using DirHandle = std::unique_ptr<DIR, DirCloser>;

// A folder on the current path from the root, for loop detection. Only the current path matters:
// the same folder reached twice through two different links is walked twice (as the user's tree
// says), but a folder inside itself would never end.
struct Ancestor {
    dev_t dev;
    ino_t ino;
    fs::path path;
};

class Walker {
public:
    Walker(const WalkOptions& options, const WalkSink& sink, std::stop_token stop)
        : options_(options), sink_(sink), stop_(std::move(stop)) {}

    bool run(const fs::path& root) {
        if (stop_.stop_requested()) return false;
        // The root is followed even when it is a symlink: the user named it.
        struct stat st {};
        if (::stat(root.c_str(), &st) != 0) return emit_skipped(root, root_error(root, errno));
        if (S_ISREG(st.st_mode)) return emit_file(root);
        if (!S_ISDIR(st.st_mode)) return emit_skipped(root, file_type_name(st.st_mode));
        const int fd = ::open(root.c_str(), kFolderFlags);
        if (fd < 0) return emit_skipped(root, std::strerror(errno));
        return walk_folder(fd, root);
    }

private:
    static std::string root_error(const fs::path& root, int error) {
        struct stat link {};
        if (::lstat(root.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) return link_error(error);
        return std::strerror(error);
    }

    // Why following a symbolic link failed.
    static std::string link_error(int error) {
        if (error == ENOENT) return "broken symbolic link";
        if (error == ELOOP) return "symlink loop";
        if (error == ENOTDIR) return "broken symbolic link (Not a directory)";
        return std::string("symbolic link: ") + std::strerror(error);
    }

    [[nodiscard]] bool unwanted(const fs::path& path) const {
        return options_.wanted && !options_.wanted(path.native());
    }

    bool emit_file(const fs::path& path) {
        if (unwanted(path)) return true;
        WalkItem item;
        item.path = path;
        return sink_(std::move(item));
    }

    bool emit_skipped(const fs::path& path, std::string reason) {
        if (unwanted(path)) return true;
        WalkItem item;
        item.path = path;
        item.skipped = true;
        item.reason = std::move(reason);
        return sink_(std::move(item));
    }

    // Takes ownership of `fd`. The folder's names are read and sorted first (one folder at a time,
    // never the whole tree), then visited in byte order.
    bool walk_folder(int fd, const fs::path& path) {
        struct stat self {};
        if (::fstat(fd, &self) != 0) {
            const int error = errno;
            ::close(fd);
            return emit_skipped(path, std::strerror(error));
        }
        DirHandle dir(::fdopendir(fd));
        if (!dir) {
            const int error = errno;
            ::close(fd);
            return emit_skipped(path, std::strerror(error));
        }

        std::vector<std::pair<std::string, unsigned char>> names;  // and readdir's d_type
        for (;;) {
            errno = 0;
            const dirent* entry = ::readdir(dir.get());
            if (entry == nullptr) {
                if (errno != 0) return emit_skipped(path, std::strerror(errno));
                break;
            }
            const char* name = entry->d_name;
            if (std::strcmp(name, ".") == 0 || std::strcmp(name, "..") == 0) continue;
            if (!options_.include_hidden && name[0] == '.') continue;
            names.emplace_back(name, entry->d_type);
        }
        // std::string compares through char_traits<char>, which orders bytes as unsigned: byte order.
        std::sort(names.begin(), names.end());

        ancestors_.push_back({self.st_dev, self.st_ino, path});
        bool complete = true;
        std::string joined;  // (path / name).native(), without building a path for every name
        for (const auto& [name, type] : names) {
            if (stop_.stop_requested()) {
                complete = false;
                break;
            }
            if (options_.wanted && may_leave_unread(type)) {
                joined.assign(path.native());
                if (!joined.empty() && joined.back() != '/') joined += '/';
                joined += name;
                if (!options_.wanted(joined)) continue;
            }
            const bool go_on = options_.trust_entry_type && type == DT_REG
                                   ? emit_file(path / name)
                                   : visit(::dirfd(dir.get()), name, path / name);
            if (!go_on) {
                complete = false;
                break;
            }
        }
        ancestors_.pop_back();
        return complete;
    }

    // Whether an entry of this d_type that `wanted` refuses can be left out without a stat: it is
    // known not to be a folder to descend (a link counts as one when links are followed).
    [[nodiscard]] bool may_leave_unread(unsigned char type) const {
        return type != DT_DIR && type != DT_UNKNOWN && (type != DT_LNK || !options_.follow_symlinks);
    }

    bool visit(int parent, const std::string& name, const fs::path& path) {
        struct stat st {};
        if (::fstatat(parent, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (errno == ENOENT) return emit_skipped(path, "vanished while the folder was read");
            return emit_skipped(path, std::strerror(errno));
        }
        if (S_ISREG(st.st_mode)) return emit_file(path);
        if (S_ISDIR(st.st_mode)) return descend(parent, name, path, false);
        if (!S_ISLNK(st.st_mode)) return emit_skipped(path, file_type_name(st.st_mode));

        struct stat target {};
        if (::fstatat(parent, name.c_str(), &target, 0) != 0) {
            const int error = errno;
            // The link itself may be what disappeared.
            if (error == ENOENT && ::fstatat(parent, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
                return emit_skipped(path, "vanished while the folder was read");
            }
            return emit_skipped(path, link_error(error));
        }
        if (S_ISREG(target.st_mode)) return emit_file(path);
        if (S_ISDIR(target.st_mode)) {
            if (!options_.follow_symlinks) return emit_skipped(path, "symbolic link to a folder, not followed");
            return descend(parent, name, path, true);
        }
        return emit_skipped(path, "symbolic link to " + file_type_name(target.st_mode));
    }

    bool descend(int parent, const std::string& name, const fs::path& path, bool via_link) {
        // O_NOFOLLOW for a real folder: if it was swapped for a link since fstatat, it is not
        // silently followed.
        const int fd = ::openat(parent, name.c_str(), kFolderFlags | (via_link ? 0 : O_NOFOLLOW));
        if (fd < 0) {
            if (errno == ENOENT) return emit_skipped(path, "vanished while the folder was read");
            if (via_link && errno == ELOOP) return emit_skipped(path, "symlink loop");
            return emit_skipped(path, std::strerror(errno));
        }
        struct stat st {};
        if (::fstat(fd, &st) != 0) {
            const int error = errno;
            ::close(fd);
            return emit_skipped(path, std::strerror(error));
        }
        // Checked for real folders too: a bind mount can put a folder inside itself.
        for (const auto& ancestor : ancestors_) {
            if (ancestor.dev == st.st_dev && ancestor.ino == st.st_ino) {
                ::close(fd);
                const std::string what = via_link ? "symlink loop (" : "folder loop (";
                return emit_skipped(path, what + ancestor.path.string() + " already being walked)");
            }
        }
        return walk_folder(fd, path);
    }

    const WalkOptions& options_;
    const WalkSink& sink_;
    std::stop_token stop_;
    std::vector<Ancestor> ancestors_;
};

}  // namespace

bool walk_folder(const std::filesystem::path& root, const WalkOptions& options, const WalkSink& sink,
                 std::stop_token stop) {
    Walker walker(options, sink, std::move(stop));
    return walker.run(root);
}

std::vector<WalkItem> walk_folder(const std::filesystem::path& root, const WalkOptions& options) {
    std::vector<WalkItem> items;
    walk_folder(root, options, [&items](WalkItem&& item) {
        items.push_back(std::move(item));
        return true;
    });
    return items;
}

}  // namespace hashscope::verify
