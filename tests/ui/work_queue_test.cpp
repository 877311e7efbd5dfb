// WorkQueue, the Verify page's task queue: how many workers a push asks for (never more than the
// bound, never more than the tasks), tasks taken in the order pushed, workers leaving when none
// is left, cancelling what waits, and producers and workers on several threads at once with every
// task done exactly once and no task stranded by a worker that left just as it was pushed.
// No widgets and no event loop: a QCoreApplication is all it needs.
#include <QtTest>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "verify/work_queue.hpp"

using hashscope::ui::WorkQueue;

namespace {

std::vector<int> range(int first, int count) {
    std::vector<int> out;
    for (int i = 0; i < count; ++i) out.push_back(first + i);
    return out;
}

// Pops until the queue says to leave; the tasks popped, in order.
std::vector<int> drain(WorkQueue<int>& queue) {
    std::vector<int> out;
    while (auto task = queue.pop()) out.push_back(*task);
    return out;
}

}  // namespace

class WorkQueueTest : public QObject {
    Q_OBJECT

private slots:
    void startsNoMoreWorkersThanTasksOrTheBound();
    void aBoundBelowOneStillRunsOneWorker();
    void tasksComeOutInTheOrderPushed();
    void aWorkerThatLeftIsStartedAgainByTheNextPush();
    void takeAllCancelsWhatWaitsInOrder();
    void takeIfTakesSomeAndKeepsTheOthersInOrder();
    void theTakenHookSeesEachTaskOnceInQueueOrder();
    void moveOnlyTasks();
    void producersAndWorkersOnManyThreads();
};

void WorkQueueTest::startsNoMoreWorkersThanTasksOrTheBound() {
    WorkQueue<int> queue(3);
    QCOMPARE(queue.push({}), 0);  // nothing to do, nobody to start
    QCOMPARE(queue.push(range(0, 2)), 2);
    QCOMPARE(queue.waiting(), std::size_t{2});
    // Two already run: five more tasks need only the third.
    QCOMPARE(queue.push(range(2, 5)), 1);
    QCOMPARE(queue.push(range(7, 10)), 0);
    QCOMPARE(queue.waiting(), std::size_t{17});
}

void WorkQueueTest::aBoundBelowOneStillRunsOneWorker() {
    for (const int bound : {0, -4}) {
        WorkQueue<int> queue(bound);
        QCOMPARE(queue.push(range(0, 3)), 1);
        QCOMPARE(drain(queue), range(0, 3));
    }
}

void WorkQueueTest::tasksComeOutInTheOrderPushed() {
    WorkQueue<int> queue(2);
    QCOMPARE(queue.push(range(0, 4)), 2);
    QCOMPARE(queue.pop(), std::optional<int>(0));
    QCOMPARE(queue.push(range(4, 2)), 0);  // both workers still count as running
    QCOMPARE(drain(queue), (std::vector<int>{1, 2, 3, 4, 5}));
    QCOMPARE(queue.waiting(), std::size_t{0});
}

void WorkQueueTest::aWorkerThatLeftIsStartedAgainByTheNextPush() {
    WorkQueue<int> queue(2);
    QCOMPARE(queue.push({1}), 1);
    QCOMPARE(drain(queue), std::vector<int>{1});  // it found nothing more and left
    // With nobody running, a push starts workers again, up to the bound.
    QCOMPARE(queue.push(range(0, 5)), 2);
    QCOMPARE(drain(queue), range(0, 5));
    QCOMPARE(queue.pop(), std::nullopt);  // the second worker leaves too
    QCOMPARE(queue.push({9}), 1);
}

void WorkQueueTest::takeAllCancelsWhatWaitsInOrder() {
    WorkQueue<int> queue(1);
    QCOMPARE(queue.takeAll(), std::vector<int>{});
    QCOMPARE(queue.push(range(0, 6)), 1);
    QCOMPARE(queue.pop(), std::optional<int>(0));  // the running worker keeps its task
    QCOMPARE(queue.takeAll(), range(1, 5));
    QCOMPARE(queue.waiting(), std::size_t{0});
    QCOMPARE(queue.pop(), std::nullopt);  // and then finds nothing and leaves
    QCOMPARE(queue.push({7}), 1);
}

void WorkQueueTest::takeIfTakesSomeAndKeepsTheOthersInOrder() {
    WorkQueue<int> queue(1);
    QCOMPARE(queue.push(range(0, 6)), 1);
    QCOMPARE(queue.pop(), std::optional<int>(0));
    // Skipping rows 2 and 4: they leave the queue; the others keep their places.
    QCOMPARE(queue.takeIf([](int task) { return task == 2 || task == 4; }), (std::vector<int>{2, 4}));
    QCOMPARE(queue.waiting(), std::size_t{3});
    QCOMPARE(queue.takeAll(), (std::vector<int>{1, 3, 5}));
}

void WorkQueueTest::theTakenHookSeesEachTaskOnceInQueueOrder() {
    WorkQueue<int> queue(1);
    QCOMPARE(queue.push(range(0, 4)), 1);
    std::vector<int> seen;
    while (queue.pop([&](const int& task) { seen.push_back(task); })) {
    }
    QCOMPARE(seen, range(0, 4));  // an empty queue calls no hook
}

void WorkQueueTest::moveOnlyTasks() {
    WorkQueue<std::unique_ptr<int>> queue(2);
    std::vector<std::unique_ptr<int>> tasks;
    tasks.push_back(std::make_unique<int>(1));
    tasks.push_back(std::make_unique<int>(2));
    QCOMPARE(queue.push(std::move(tasks)), 2);
    auto first = queue.pop();
    QVERIFY(first && *first && **first == 1);
    const auto rest = queue.takeAll();
    QCOMPARE(rest.size(), std::size_t{1});
    QCOMPARE(*rest.front(), 2);
}

void WorkQueueTest::producersAndWorkersOnManyThreads() {
    constexpr int kWorkers = 3;
    constexpr int kProducers = 4;
    constexpr int kPushes = 300;  // per producer, of one to three tasks each
    WorkQueue<int> queue(kWorkers);
    std::vector<std::atomic<int>> done(kProducers * kPushes * 3);
    std::atomic<int> busy{0};
    std::atomic<int> mostBusy{0};
    std::atomic<int> pushed{0};

    // Workers are started as the real pool starts them: by whoever pushed, as many as push() said.
    std::mutex workersMutex;
    std::vector<std::thread> workers;
    auto worker = [&] {
        while (auto task = queue.pop()) {
            // A worker holding a task is one the queue counts as running: never more than the bound.
            const int now = ++busy;
            for (int seen = mostBusy.load(); now > seen && !mostBusy.compare_exchange_weak(seen, now);) {
            }
            done[static_cast<std::size_t>(*task)].fetch_add(1);
            --busy;
        }
    };
    auto producer = [&](int p) {
        for (int i = 0; i < kPushes; ++i) {
            const int first = (p * kPushes + i) * 3;
            const int start = queue.push(range(first, 1 + i % 3));
            pushed += 1 + i % 3;
            const std::lock_guard lock(workersMutex);
            for (int w = 0; w < start; ++w) workers.emplace_back(worker);
        }
    };
    std::vector<std::thread> producers;
    for (int p = 0; p < kProducers; ++p) producers.emplace_back(producer, p);
    for (auto& t : producers) t.join();
    // Only producers start workers, so the list is complete once they are done.
    for (auto& t : workers) t.join();

    QVERIFY2(mostBusy.load() <= kWorkers, qPrintable(QString::number(mostBusy.load())));
    QCOMPARE(queue.waiting(), std::size_t{0});  // nothing stranded
    int total = 0;
    for (std::size_t i = 0; i < done.size(); ++i) {
        const int times = done[i].load();
        const bool wasPushed = static_cast<int>(i % 3) <= static_cast<int>((i / 3) % kPushes % 3);
        QVERIFY2(times == (wasPushed ? 1 : 0), qPrintable(QStringLiteral("task %1 done %2 times").arg(i).arg(times)));
        total += times;
    }
    QCOMPARE(total, pushed.load());
    // Every worker left and was counted out: a new push starts one again.
    QCOMPARE(queue.push({0}), 1);
}

QTEST_GUILESS_MAIN(WorkQueueTest)
#include "work_queue_test.moc"
