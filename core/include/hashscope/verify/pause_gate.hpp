// PauseGate: lets a run be paused between blocks. Readers call wait() between blocks (a progress
// callback is such a place: it comes after every block); while the gate is paused they block
// there on a condition variable, reading nothing more, until it is resumed or their stop token
// is triggered, so a cancel still ends a paused run at once.
#pragma once

#include <condition_variable>
#include <mutex>
#include <stop_token>

namespace hashscope::verify {

class PauseGate {
public:
    void pause();
    void resume();
    [[nodiscard]] bool paused() const;
    // Returns at once while open; otherwise blocks until resume() or a stop. False when stopped.
    bool wait(const std::stop_token& stop);

private:
    mutable std::mutex mutex_;
    std::condition_variable_any open_;
    bool paused_ = false;
};

}  // namespace hashscope::verify
