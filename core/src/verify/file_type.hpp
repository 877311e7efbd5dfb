// What a path is, in the words every message about a file that cannot be hashed uses: "not a
// regular file: a FIFO (named pipe)", "skipped: a socket", ...
#pragma once

#include <sys/stat.h>

#include <string>

namespace hashscope::verify {

inline std::string file_type_name(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISLNK(mode)) return "a symbolic link";
    if (S_ISREG(mode)) return "a regular file";
    return "a file of unknown type";
}

}  // namespace hashscope::verify
