// HashWorkers: reads the files of queued rows on the page's own thread pool, a few files at once,
// each once for all its algorithms, with core's multi-file hasher (a HashSession: its digesters
// and a spinning disk's line). Workers start when tasks arrive and return when none is left; they
// report through batched, queued events (EventBatcher), never by touching the GUI.
//
// While the run's PauseGate is paused, workers wait at it before each file and after each block.
//
// The workers share only `State` (the queue, the session and the gate), which they co-own: dropping
// this object while a worker still reads is safe, though the pool's owner must wait for the pool
// before the program ends (VerifyController does).
#pragma once

#include <QObject>
#include <QSet>
#include <QVector>
#include <memory>
#include <vector>

#include "verify/verify_types.hpp"

class QThreadPool;

namespace hashscope::verify {
class PauseGate;
}

namespace hashscope::ui {

class HashWorkers : public QObject {
    Q_OBJECT

public:
    // At most `maxWorkers` files are read at once.
    HashWorkers(QThreadPool& pool, int maxWorkers, std::shared_ptr<verify::PauseGate> gate, QObject* parent = nullptr);
    ~HashWorkers() override;

    void enqueue(std::vector<HashTask> tasks);
    // Removes the tasks no worker has taken yet and returns them (to be marked cancelled). Running
    // ones stop through their stop tokens.
    std::vector<HashTask> takeWaiting();
    // Removes the waiting tasks of these rows and returns them; the others keep their place.
    std::vector<HashTask> takeWaiting(const QSet<RowId>& rows);

    [[nodiscard]] bool busy() const { return running_ > 0; }
    [[nodiscard]] std::size_t waiting() const;

signals:
    void events(const QVector<hashscope::ui::HashEvent>& events);
    // Every worker has returned.
    void idle();

private:
    struct State;
    void startWorker();

    QThreadPool& pool_;
    std::shared_ptr<State> state_;
    int running_ = 0;  // workers started and not yet seen finished (GUI thread's count)
};

}  // namespace hashscope::ui
