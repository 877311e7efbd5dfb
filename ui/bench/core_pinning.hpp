// Keeping the GUI off the core that measures. A single-threaded run's measuring thread is pinned
// to one core and the GUI thread to the others, so repaints never steal the measured core's time
// (docs/architecture.md §7: the GUI must not disturb the figures). Multi-thread runs are not pinned: their
// threads inherit the measuring thread's mask and need every core.
#pragma once

#include <optional>
#include <vector>

namespace hashscope::ui {

// The cores the calling thread may run on (sched_getaffinity).
std::vector<int> allowedCores();

// The core to measure on: the last of `cores`, when there are at least two and every thread count
// of the run is 1; nullopt otherwise.
std::optional<int> measuringCoreFor(const std::vector<unsigned>& threadCounts, const std::vector<int>& cores);

// Pool threads inherit the mask of the thread that started them, which may have been the GUI
// thread while it kept off a measuring core; so a worker always sets its mask explicitly.
// Pins the calling thread to `cores` while it lives (when the list is not empty), then restores
// the mask it had. A failure to pin is not an error: the run goes on unpinned.
class ScopedAffinity {
public:
    explicit ScopedAffinity(const std::vector<int>& cores);
    ~ScopedAffinity();
    ScopedAffinity(const ScopedAffinity&) = delete;
    ScopedAffinity& operator=(const ScopedAffinity&) = delete;

    [[nodiscard]] bool pinned() const { return pinned_; }

private:
    std::vector<int> previous_;
    bool pinned_ = false;
};

// `all` without `core`.
std::vector<int> coresExcept(const std::vector<int>& all, int core);

}  // namespace hashscope::ui
