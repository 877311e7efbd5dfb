// JobRun: one core job (a benchmark, the self-test, a calibration) on a worker thread of a pool
// its owner provides, talking to the GUI thread only through queued messages.
//
// The worker never sees the JobRun or any widget: its work holds everything it needs by value and
// gets a std::stop_token and a Channel, whose updates Qt hands to the GUI thread as queued events
// (a QPromise watched by a QFutureWatcher). The owner's callbacks run on the GUI thread: one per
// update, in order, then one with the final result after the worker has returned. Nothing here
// waits for the worker: the pool's owner waits for the pool before the program ends (and before
// whatever the work refers to goes).
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <functional>
#include <optional>
#include <stop_token>
#include <utility>

namespace hashscope::ui {

template <class Update, class Final>
class JobRun {
    // What travels from the worker: updates, then the final result as the last message.
    struct Message {
        std::optional<Update> update;
        std::optional<Final> final;
    };

public:
    // The worker's end of the line. Posting costs a copy into the queue, never a repaint.
    class Channel {
    public:
        void post(Update update) { promise_.addResult(Message{std::move(update), std::nullopt}); }

    private:
        friend class JobRun;
        explicit Channel(QPromise<Message>& promise) : promise_(promise) {}
        QPromise<Message>& promise_;
    };

    // Runs on a pool thread; returns the final result (what was done so far, when stopped).
    using Work = std::function<Final(Channel& channel, std::stop_token stop)>;

    // `onUpdate` and `onFinished` run on the GUI thread. `lost` is what onFinished gets when the
    // worker ended without a result (it threw), so the owner never waits for one that will not come.
    JobRun(std::function<void(const Update&)> onUpdate, std::function<void(const Final&)> onFinished, Final lost)
        : onUpdate_(std::move(onUpdate)), onFinished_(std::move(onFinished)), lost_(std::move(lost)) {
        QObject::connect(&watcher_, &QFutureWatcherBase::resultsReadyAt, &watcher_,
                         [this](int begin, int end) { deliver(begin, end); });
        QObject::connect(&watcher_, &QFutureWatcherBase::finished, &watcher_, [this] { finish(); });
    }
    JobRun(const JobRun&) = delete;
    JobRun& operator=(const JobRun&) = delete;
    // A job dropped midway must not leave its worker going for minutes.
    ~JobRun() { stop_.request_stop(); }

    // Starts `work` on `pool`, with a fresh stop token. Not while running().
    void start(QThreadPool& pool, Work work) {
        stop_ = std::stop_source();
        delivered_ = 0;
        running_ = true;
        watcher_.setFuture(QtConcurrent::run(
            &pool,
            [work = std::move(work)](QPromise<Message>& promise, std::stop_token stop) {
                Channel channel(promise);
                promise.addResult(Message{std::nullopt, work(channel, std::move(stop))});
            },
            stop_.get_token()));
    }

    // Asks the worker to stop; it returns soon with what it has (onFinished follows as usual).
    void cancel() { stop_.request_stop(); }
    [[nodiscard]] bool cancelRequested() const { return stop_.stop_requested(); }
    // From start() until onFinished is called (already false inside it).
    [[nodiscard]] bool running() const { return running_; }

private:
    void deliver(int begin, int end) {
        // Messages arrive in order; several may come in one event when the GUI was busy.
        for (int i = std::max(begin, delivered_); i < end; ++i) {
            const Message message = watcher_.resultAt(i);
            delivered_ = i + 1;
            if (message.update) onUpdate_(*message.update);
        }
    }

    void finish() {
        const QFuture<Message> future = watcher_.future();
        const int count = future.resultCount();
        std::optional<Final> final;
        if (count > 0) {
            deliver(delivered_, count);
            final = future.resultAt(count - 1).final;
        }
        running_ = false;
        onFinished_(final ? *final : lost_);
    }

    std::function<void(const Update&)> onUpdate_;
    std::function<void(const Final&)> onFinished_;
    Final lost_;
    std::stop_source stop_;
    QFutureWatcher<Message> watcher_;
    int delivered_ = 0;  // messages already passed on
    bool running_ = false;
};

}  // namespace hashscope::ui
