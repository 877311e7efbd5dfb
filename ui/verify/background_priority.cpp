#include "verify/background_priority.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cerrno>

namespace hashscope::ui {

// PRIO_PROCESS with 0 names the calling thread on Linux (nice values are per thread there).
int guiPriority() {
    errno = 0;
    const int nice = ::getpriority(PRIO_PROCESS, 0);
    return errno == 0 ? nice : 0;
}

void runBelow(int gui, int steps) {
    const int wanted = std::min(19, gui + steps);
    errno = 0;
    const int now = ::getpriority(PRIO_PROCESS, 0);
    if (errno != 0 || now >= wanted) return;  // pool threads are reused: already lowered
    ::setpriority(PRIO_PROCESS, 0, wanted);   // failing leaves the priority as it was: harmless
}

}  // namespace hashscope::ui
