// Walking folders: name order, depth first, odd entries reported with a reason, long paths,
// byte-exact names, stopping.
#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <linux/capability.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "hashscope/verify/folder_walk.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

// Removes a tree through descriptors, so that trees deeper than PATH_MAX can be removed too.
void remove_tree_at(int parent, const char* name) {
    const int fd = ::openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        ::unlinkat(parent, name, 0);
        return;
    }
    ::fchmod(fd, 0700);
    DIR* dir = ::fdopendir(fd);
    if (dir == nullptr) {
        ::close(fd);
        return;
    }
    std::vector<std::string> names;
    while (const dirent* entry = ::readdir(dir)) {
        if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
            names.emplace_back(entry->d_name);
    }
    for (const auto& child : names) remove_tree_at(::dirfd(dir), child.c_str());
    ::closedir(dir);
    ::unlinkat(parent, name, AT_REMOVEDIR);
}

class FolderWalkTest : public testing::Test {
protected:
    void SetUp() override {
        static int counter = 0;
        // Short: a socket's path must fit in sockaddr_un.
        root_ = fs::temp_directory_path() / ("hsw-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
        fs::create_directories(root_);
    }
    void TearDown() override { remove_tree_at(AT_FDCWD, root_.c_str()); }

    fs::path file(const std::string& relative, const std::string& content = "x") {
        auto path = root_ / relative;
        fs::create_directories(path.parent_path());
        std::ofstream(path, std::ios::binary) << content;
        return path;
    }
    fs::path folder(const std::string& relative) {
        fs::create_directories(root_ / relative);
        return root_ / relative;
    }
    void link(const std::string& target, const std::string& relative) { fs::create_symlink(target, root_ / relative); }

    // "relative path" for files, "relative path: reason" for skipped items.
    std::vector<std::string> walk(const WalkOptions& options = {}) const {
        return describe(walk_folder(root_, options));
    }

    std::vector<std::string> describe(const std::vector<WalkItem>& items) const {
        std::vector<std::string> out;
        const std::string prefix = root_.string() + "/";
        for (const auto& item : items) {
            std::string name = item.path.string();
            if (name.rfind(prefix, 0) == 0) name.erase(0, prefix.size());
            out.push_back(item.skipped ? name + ": " + item.reason : name);
        }
        return out;
    }

    fs::path root_;
};

using Lines = std::vector<std::string>;

TEST_F(FolderWalkTest, NameOrderDepthFirst) {
    file("b.txt");
    file("a/z");
    file("a/b/c");
    file("a/B");
    file("c");
    file("B");
    folder("empty");
    EXPECT_EQ(walk(), (Lines{"B", "a/B", "a/b/c", "a/z", "b.txt", "c"}));
}

TEST_F(FolderWalkTest, NamesAreBytesInByteOrder) {
    const std::string odd[] = {"with space",         "new\nline",         "back\\slash",
                               "\xff\xfe not utf-8", "\xc3\xa9t\xc3\xa9", "z"};
    for (const auto& name : odd) file(name);
    const auto items = walk_folder(root_);
    ASSERT_EQ(items.size(), 6U);
    // Byte order: 'b' < 'n' < 'w' < 'z' < 0xc3 < 0xff (unsigned, not locale collation).
    const Lines expected = {"back\\slash", "new\nline", "with space", "z", "\xc3\xa9t\xc3\xa9", "\xff\xfe not utf-8"};
    EXPECT_EQ(describe(items), expected);
    for (const auto& item : items) {
        EXPECT_FALSE(item.skipped);
        EXPECT_TRUE(fs::is_regular_file(item.path)) << item.path;  // the path opens the file it names
    }
}

TEST_F(FolderWalkTest, SymlinksToFilesAreItemsToFoldersAreNotFollowed) {
    file("target.txt");
    file("dir/inside");
    link("target.txt", "file-link");
    link("dir", "dir-link");
    link("nowhere", "broken");
    link("self", "self");
    EXPECT_EQ(walk(),
              (Lines{"broken: broken symbolic link", "dir/inside", "dir-link: symbolic link to a folder, not followed",
                     "file-link", "self: symlink loop", "target.txt"}));
}

TEST_F(FolderWalkTest, WantedLeavesOutTheOtherPathsButStillDescends) {
    file("a/keep1");
    file("a/drop1");
    file("a/sub/keep2");
    file("drop2");
    file("target");
    link("target", "keep-link");
    link("nowhere", "drop-broken");
    link("a", "keep-folder-link");
    WalkOptions options;
    options.wanted = [](std::string_view path) { return path.find("/drop") == std::string_view::npos; };
    EXPECT_EQ(walk(options),
              (Lines{"a/keep1", "a/sub/keep2", "keep-folder-link: symbolic link to a folder, not followed", "keep-link",
                     "target"}));
    // Two complementary filters together report what one walk without a filter does.
    WalkOptions others;
    others.wanted = [&](std::string_view path) { return !options.wanted(path); };
    EXPECT_EQ(walk(others), (Lines{"a/drop1", "drop-broken: broken symbolic link", "drop2"}));
    options.follow_symlinks = true;
    others.follow_symlinks = true;
    auto both = walk(options);
    const auto rest = walk(others);
    both.insert(both.end(), rest.begin(), rest.end());
    std::sort(both.begin(), both.end());
    WalkOptions all;
    all.follow_symlinks = true;
    auto everything = walk(all);
    std::sort(everything.begin(), everything.end());
    EXPECT_EQ(both, everything);
}

TEST_F(FolderWalkTest, FollowingSymlinksDescendsAndDetectsLoops) {
    file("a/x");
    file("b/y");
    link("../b", "a/to-b");
    link("..", "a/up");
    WalkOptions options;
    options.follow_symlinks = true;
    const Lines lines = walk(options);
    EXPECT_EQ(lines,
              (Lines{"a/to-b/y", "a/up: symlink loop (" + root_.string() + " already being walked)", "a/x", "b/y"}));
}

TEST_F(FolderWalkTest, SpecialFilesAreSkippedWithTheirTypeNeverOpened) {
    file("plain");
    ASSERT_EQ(::mkfifo((root_ / "fifo").c_str(), 0600), 0);  // opening it would block: the walk must not
    const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
    ASSERT_GE(sock, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const std::string socket_path = (root_ / "sock").string();
    ASSERT_LT(socket_path.size(), sizeof(address.sun_path));
    std::memcpy(address.sun_path, socket_path.c_str(), socket_path.size() + 1);
    ASSERT_EQ(::bind(sock, reinterpret_cast<const sockaddr*>(&address), sizeof(address)), 0);
    link("/dev/null", "null-link");
    const Lines lines = walk();
    ::close(sock);
    EXPECT_EQ(lines, (Lines{"fifo: a FIFO (named pipe)", "null-link: symbolic link to a character device", "plain",
                            "sock: a socket"}));
}

TEST_F(FolderWalkTest, TrustingTheEntryTypeFindsTheSameItems) {
    file("plain");
    file("sub/inner");
    file("target");
    link("target", "file-link");
    link("sub", "dir-link");
    link("self", "self");
    ASSERT_EQ(::mkfifo((root_ / "fifo").c_str(), 0600), 0);
    WalkOptions trusting;
    trusting.trust_entry_type = true;
    EXPECT_EQ(walk(trusting), walk()) << "only how a regular file is recognised differs";
}

TEST_F(FolderWalkTest, HiddenNamesCanBeLeftOut) {
    file(".hidden");
    file(".dir/inside");
    file("shown");
    WalkOptions options;
    EXPECT_EQ(walk(options), (Lines{".dir/inside", ".hidden", "shown"}));
    options.include_hidden = false;
    EXPECT_EQ(walk(options), (Lines{"shown"}));
}

TEST_F(FolderWalkTest, RootMayBeAFile) {
    const auto path = file("only.txt");
    const auto items = walk_folder(path);
    ASSERT_EQ(items.size(), 1U);
    EXPECT_EQ(items[0].path, path);
    EXPECT_FALSE(items[0].skipped);
}

TEST_F(FolderWalkTest, MissingRootIsOneSkippedItem) {
    const auto items = walk_folder(root_ / "missing");
    ASSERT_EQ(items.size(), 1U);
    EXPECT_EQ(items[0].path, root_ / "missing");
    EXPECT_TRUE(items[0].skipped);
    EXPECT_EQ(items[0].reason, "No such file or directory");
}

TEST_F(FolderWalkTest, DeviceRootIsSkipped) {
    const auto items = walk_folder("/dev/null");
    ASSERT_EQ(items.size(), 1U);
    EXPECT_TRUE(items[0].skipped);
    EXPECT_EQ(items[0].reason, "a character device");
}

TEST_F(FolderWalkTest, SymlinkedRootFolderIsFollowed) {
    file("real/a");
    file("real/b");
    link("real", "named");
    const auto items = walk_folder(root_ / "named");
    EXPECT_EQ(describe(items), (Lines{"named/a", "named/b"}));
}

TEST_F(FolderWalkTest, RootWithTrailingSlashGivesPlainPaths) {
    file("sub/a");
    const auto items = walk_folder(fs::path(root_.string() + "/sub/"));
    ASSERT_EQ(items.size(), 1U);
    EXPECT_EQ(items[0].path.string(), root_.string() + "/sub/a");
}

TEST_F(FolderWalkTest, SinkReturningFalseStops) {
    file("a");
    file("b");
    file("c");
    int seen = 0;
    const bool complete = walk_folder(root_, {}, [&](WalkItem&&) { return ++seen < 2; });
    EXPECT_FALSE(complete);
    EXPECT_EQ(seen, 2);
}

TEST_F(FolderWalkTest, StopTokenStopsBetweenEntries) {
    file("a");
    file("sub/b");
    file("sub/c");
    file("z");
    std::stop_source stop;
    Lines seen;
    const bool complete = walk_folder(
        root_, {},
        [&](WalkItem&& item) {
            seen.push_back(item.path.filename().string());
            stop.request_stop();
            return true;
        },
        stop.get_token());
    EXPECT_FALSE(complete);
    EXPECT_EQ(seen, (Lines{"a"}));

    // Already fired: nothing at all.
    seen.clear();
    EXPECT_FALSE(walk_folder(
        root_, {}, [&](WalkItem&&) { return true; }, stop.get_token()));
}

TEST_F(FolderWalkTest, CompleteWalkReturnsTrue) {
    file("a");
    EXPECT_TRUE(walk_folder(root_, {}, [](WalkItem&&) { return true; }));
}

TEST_F(FolderWalkTest, FileRemovedWhileTheFolderIsWalkedIsReportedVanished) {
    file("a");
    file("b");
    file("c");
    Lines seen;
    walk_folder(root_, {}, [&](WalkItem&& item) {
        seen.push_back(describe({item})[0]);
        if (item.path.filename() == "a") fs::remove(root_ / "b");
        return true;
    });
    EXPECT_EQ(seen, (Lines{"a", "b: vanished while the folder was read", "c"}));
}

// Drops the capabilities that let root read any folder, for the calling thread only (the raw
// syscall, unlike libc wrappers for set*id, is per thread), so permission tests work as root.
bool drop_read_override_in_this_thread() {
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2]{};
    if (::syscall(SYS_capget, &header, data) != 0) return false;
    for (const unsigned cap : {unsigned{CAP_DAC_OVERRIDE}, unsigned{CAP_DAC_READ_SEARCH}}) {
        data[cap / 32].effective &= ~(1U << (cap % 32));
    }
    return ::syscall(SYS_capset, &header, data) == 0;
}

TEST_F(FolderWalkTest, UnreadableFolderIsOneSkippedItem) {
    file("a");
    file("locked/secret");
    file("z");
    ::chmod((root_ / "locked").c_str(), 0);
    bool denied = false;
    Lines lines;
    std::thread([&] {
        if (!drop_read_override_in_this_thread()) return;
        const int probe = ::open((root_ / "locked").c_str(), O_RDONLY | O_DIRECTORY);
        if (probe >= 0) {
            ::close(probe);
            return;
        }
        denied = true;
        lines = walk();
    }).join();
    ::chmod((root_ / "locked").c_str(), 0700);
    if (!denied) GTEST_SKIP() << "cannot make a folder unreadable here";
    EXPECT_EQ(lines, (Lines{"a", "locked: Permission denied", "z"}));
}

TEST_F(FolderWalkTest, PathsLongerThanPathMaxWork) {
    // 24 levels of 200-byte names: about 4,800 bytes, beyond PATH_MAX (4096), so every step must
    // be made relative to a descriptor — here as in the walker.
    const std::string level(200, 'd');
    int fd = ::open(root_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    ASSERT_GE(fd, 0);
    fs::path expected = root_;
    for (int i = 0; i < 24; ++i) {
        ASSERT_EQ(::mkdirat(fd, level.c_str(), 0700), 0);
        const int next = ::openat(fd, level.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        ::close(fd);
        ASSERT_GE(next, 0);
        fd = next;
        expected /= level;
    }
    const int leaf = ::openat(fd, "leaf.txt", O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    ASSERT_GE(leaf, 0);
    ::close(leaf);
    ::close(fd);
    expected /= "leaf.txt";
    file("zz-after");  // sorts after the d chain

    const auto items = walk_folder(root_);
    ASSERT_EQ(items.size(), 2U);
    EXPECT_FALSE(items[0].skipped) << items[0].reason;
    EXPECT_GT(items[0].path.string().size(), 4096U);
    EXPECT_EQ(items[0].path, expected);
    EXPECT_EQ(items[1].path, root_ / "zz-after");
}

TEST_F(FolderWalkTest, ConvenienceFormMatchesTheSink) {
    file("x/1");
    file("y");
    link("missing", "z");
    std::vector<WalkItem> streamed;
    walk_folder(root_, {}, [&](WalkItem&& item) {
        streamed.push_back(std::move(item));
        return true;
    });
    EXPECT_EQ(describe(streamed), describe(walk_folder(root_)));
    EXPECT_EQ(streamed.size(), 3U);
}

}  // namespace
}  // namespace hashscope::verify
