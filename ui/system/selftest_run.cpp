#include "system/selftest_run.hpp"

namespace hashscope::ui {

SelfTestRun::Work selfTestWork(const Registry& registry, const SelfTestOptions& options) {
    return [registry, options](SelfTestRun::Channel& channel, std::stop_token stop) {
        const SelfTestProgressFn progress = [&](const SelfTestProgress& p, const SelfTestOutcome& finished) {
            channel.post(SelfTestUpdate{p, finished});
        };
        return run_self_test(registry, options, progress, std::move(stop));
    };
}

SelfTestReport lostSelfTestReport() {
    SelfTestReport empty;
    empty.cancelled = true;
    return empty;
}

}  // namespace hashscope::ui
