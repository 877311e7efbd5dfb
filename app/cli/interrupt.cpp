#include "interrupt.hpp"

#include <signal.h>

#include <ctime>

namespace hashscope::cli {

InterruptToStop::InterruptToStop(std::stop_source& stop) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    watcher_ = std::jthread([&stop, set](std::stop_token own) {
        while (!own.stop_requested()) {
            timespec wait{0, 100'000'000};
            if (sigtimedwait(&set, nullptr, &wait) == SIGINT) {
                stop.request_stop();
                return;
            }
        }
    });
}

}  // namespace hashscope::cli
