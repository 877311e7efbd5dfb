// Ctrl-C as a stop request, for the commands that measure: the run ends cleanly (a benchmark
// keeps what it measured, a calibration keeps the previous one) instead of dying half-way.
#pragma once

#include <stop_token>
#include <thread>

namespace hashscope::cli {

// While it lives, SIGINT is blocked in every thread started after it and taken by its own
// watcher thread, which turns it into `stop.request_stop()`.
class InterruptToStop {
public:
    explicit InterruptToStop(std::stop_source& stop);

private:
    std::jthread watcher_;
};

}  // namespace hashscope::cli
