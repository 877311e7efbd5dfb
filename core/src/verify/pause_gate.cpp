#include "hashscope/verify/pause_gate.hpp"

namespace hashscope::verify {

void PauseGate::pause() {
    const std::lock_guard lock(mutex_);
    paused_ = true;
}

void PauseGate::resume() {
    {
        const std::lock_guard lock(mutex_);
        paused_ = false;
    }
    open_.notify_all();
}

bool PauseGate::paused() const {
    const std::lock_guard lock(mutex_);
    return paused_;
}

bool PauseGate::wait(const std::stop_token& stop) {
    std::unique_lock lock(mutex_);
    return open_.wait(lock, stop, [this] { return !paused_; });
}

}  // namespace hashscope::verify
