// EventBatcher, how the Verify page's workers talk to the GUI thread: events that must arrive do,
// once and in order; progress only counts in its latest state and never outlives the event that
// ends its row; batches stay bounded; what is pending is handed over by flush(), by the clock and
// by the destructor; and several threads sharing one batcher, delivering through queued calls as
// the workers do, lose nothing and reorder nothing. Timing is never asserted, only what must hold
// however late the clock fires. No widgets: a QCoreApplication and its event loop are enough.
#include <QtTest>
#include <atomic>
#include <thread>
#include <vector>

#include "verify/event_batcher.hpp"

using hashscope::ui::EventBatcher;

namespace {

struct Event {
    enum class Kind { progress, finished, note };
    Kind kind = Kind::note;
    quint64 key = 0;
    int value = 0;
};

Event progressOf(quint64 key, int value) { return {Event::Kind::progress, key, value}; }
Event finishedOf(quint64 key) { return {Event::Kind::finished, key, 0}; }
Event noteOf(int value) { return {Event::Kind::note, 0, value}; }

using Batches = QVector<QVector<Event>>;
using Batcher = EventBatcher<Event>;

// Every batch as delivered, on the calling thread.
Batcher::Deliver collectInto(Batches& batches) {
    return [&batches](QVector<Event>&& batch) { batches.push_back(std::move(batch)); };
}

QVector<Event> concatenated(const Batches& batches) {
    QVector<Event> all;
    for (const auto& batch : batches) all += batch;
    return all;
}

QVector<int> notes(const QVector<Event>& events) {
    QVector<int> out;
    for (const Event& e : events) {
        if (e.kind == Event::Kind::note) out.push_back(e.value);
    }
    return out;
}

}  // namespace

// Lives on the GUI thread; the batcher's deliver posts to it, as HashWorkers posts to itself.
class Receiver : public QObject {
    Q_OBJECT

public:
    QVector<Event> received;

signals:
    void batchArrived();
};

class EventBatcherTest : public QObject {
    Q_OBJECT

private slots:
    void nothingPendingDeliversNothing();
    void flushHandsOverEventsInOrderThenTheLatestProgress();
    void aFinishedEventMakesPendingProgressStale();
    void batchesStayBounded();
    void theClockHandsOverWithoutAFlush();
    void destructionHandsOverWhatIsPending();
    void threadsSharingOneBatcherThroughQueuedCalls();
};

void EventBatcherTest::nothingPendingDeliversNothing() {
    Batches batches;
    {
        Batcher batcher(collectInto(batches));
        batcher.flush();
        batcher.flush();
    }
    QVERIFY(batches.isEmpty());  // not even an empty batch, which would still wake the GUI
}

void EventBatcherTest::flushHandsOverEventsInOrderThenTheLatestProgress() {
    Batches batches;
    Batcher batcher(collectInto(batches));
    for (int i = 0; i < 100; ++i) {
        batcher.add(noteOf(i));
        batcher.progress(progressOf(1, i), 1);
        batcher.progress(progressOf(2, 1000 + i), 2);
    }
    batcher.flush();
    const int flushed = static_cast<int>(batches.size());
    QVERIFY(flushed >= 1);
    batcher.flush();
    QCOMPARE(batches.size(), flushed);  // the flush took everything

    QVector<int> expectedNotes;
    for (int i = 0; i < 100; ++i) expectedNotes << i;
    QCOMPARE(notes(concatenated(batches)), expectedNotes);
    for (const auto& batch : batches) {
        // Within a batch, the events that must arrive come first, and each key's progress once.
        QHash<quint64, int> progressPerKey;
        bool progressSeen = false;
        for (const Event& e : batch) {
            if (e.kind == Event::Kind::progress) {
                progressSeen = true;
                QCOMPARE(++progressPerKey[e.key], 1);
            } else {
                QVERIFY(!progressSeen);
            }
        }
    }
    // However the clock cut the batches, the last progress of each key arrives last, unchanged.
    QHash<quint64, int> last;
    for (const Event& e : concatenated(batches)) {
        if (e.kind != Event::Kind::progress) continue;
        QVERIFY(e.value > last.value(e.key, -1));  // never an older state after a newer one
        last[e.key] = e.value;
    }
    QCOMPARE(last.value(1), 99);
    QCOMPARE(last.value(2), 1099);
}

void EventBatcherTest::aFinishedEventMakesPendingProgressStale() {
    Batches batches;
    Batcher batcher(collectInto(batches));
    batcher.progress(progressOf(7, 50), 7);
    batcher.progress(progressOf(8, 60), 8);
    batcher.add(finishedOf(7), 7);
    batcher.flush();
    const QVector<Event> all = concatenated(batches);
    // Row 7's bar must not come back after its row finished; row 8 still reading keeps its own.
    bool finished7 = false;
    bool progress8 = false;
    for (const Event& e : all) {
        if (e.kind == Event::Kind::finished) finished7 = true;
        if (e.kind == Event::Kind::progress && e.key == 7) QVERIFY2(!finished7, "progress after its row finished");
        if (e.kind == Event::Kind::progress && e.key == 8) progress8 = e.value == 60;
    }
    QVERIFY(finished7);
    QVERIFY(progress8);

    // A keyless event leaves every key's progress alone.
    batches.clear();
    batcher.progress(progressOf(9, 1), 9);
    batcher.add(noteOf(0));
    batcher.flush();
    QCOMPARE(concatenated(batches).size(), 2);
}

void EventBatcherTest::batchesStayBounded() {
    Batches batches;
    Batcher batcher(collectInto(batches));
    constexpr int kEvents = 2500;
    for (int i = 0; i < kEvents; ++i) batcher.add(noteOf(i));
    // A full batch goes at once, whatever the clock says: at most kMaxBatch - 1 can still wait.
    QVERIFY(concatenated(batches).size() >= kEvents - (Batcher::kMaxBatch - 1));
    // Progress of many keys counts towards the bound too.
    for (int key = 0; key < 3 * Batcher::kMaxBatch; ++key) batcher.progress(progressOf(quint64(key), 1), quint64(key));
    batcher.flush();
    for (const auto& batch : batches) QVERIFY(batch.size() <= Batcher::kMaxBatch);
    const QVector<Event> all = concatenated(batches);
    QCOMPARE(all.size(), kEvents + 3 * Batcher::kMaxBatch);
    QVector<int> expectedNotes;
    for (int i = 0; i < kEvents; ++i) expectedNotes << i;
    QCOMPARE(notes(all), expectedNotes);
}

void EventBatcherTest::theClockHandsOverWithoutAFlush() {
    Batches batches;
    Batcher batcher(collectInto(batches));
    // A slow read reports now and then; once the interval has passed, the next report goes out
    // with what waited, no flush needed.
    int reports = 0;
    QTRY_VERIFY_WITH_TIMEOUT((batcher.progress(progressOf(1, ++reports), 1), !batches.isEmpty()), 10000);
    QVERIFY(batches.front().size() < Batcher::kMaxBatch);  // the clock, not the bound
    QCOMPARE(batches.front().size(), 1);
    QCOMPARE(batches.front().front().key, quint64{1});
}

void EventBatcherTest::destructionHandsOverWhatIsPending() {
    Batches batches;
    {
        Batcher batcher(collectInto(batches));
        batcher.add(noteOf(1));
        batcher.progress(progressOf(3, 30), 3);
    }
    const QVector<Event> all = concatenated(batches);
    QCOMPARE(all.size(), 2);
    QCOMPARE(notes(all), QVector<int>{1});
    QCOMPARE(all.back().value, 30);
}

void EventBatcherTest::threadsSharingOneBatcherThroughQueuedCalls() {
    constexpr int kThreads = 4;
    constexpr int kEach = 3000;
    Receiver receiver;
    QSignalSpy arrived(&receiver, &Receiver::batchArrived);
    std::atomic<int> delivering{0};
    std::atomic<bool> overlapped{false};
    {
        // As the workers do: deliver only posts a queued call to an object on the GUI thread.
        Batcher batcher([&](QVector<Event>&& batch) {
            if (++delivering > 1) overlapped = true;
            QMetaObject::invokeMethod(
                &receiver,
                [&receiver, batch = std::move(batch)] {
                    receiver.received += batch;
                    emit receiver.batchArrived();
                },
                Qt::QueuedConnection);
            --delivering;
        });
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&batcher, t] {
                const auto key = static_cast<quint64>(t);
                for (int i = 0; i < kEach; ++i) {
                    batcher.progress(progressOf(key, i), key);
                    // Notes carry thread and sequence: t * kEach + i.
                    batcher.add(noteOf(t * kEach + i));
                }
                batcher.add(finishedOf(key), key);
            });
        }
        for (auto& thread : threads) thread.join();
    }  // the destructor flushes the rest

    QTRY_COMPARE_WITH_TIMEOUT(notes(receiver.received).size(), kThreads * kEach, 20000);
    QVERIFY(arrived.count() >= 1);
    QVERIFY(!overlapped.load());  // one delivery at a time: batches are posted in the order made
    // Nothing lost, nothing twice, each thread's events in the order it made them, and no
    // progress for a thread's key after its finished event.
    QVector<int> next(kThreads, 0);
    QVector<bool> finished(kThreads, false);
    for (const Event& e : receiver.received) {
        const int t = e.kind == Event::Kind::note ? e.value / kEach : static_cast<int>(e.key);
        QVERIFY(t >= 0 && t < kThreads);
        switch (e.kind) {
            case Event::Kind::note:
                QCOMPARE(e.value % kEach, next[t]++);
                break;
            case Event::Kind::progress:
                QVERIFY(!finished[t]);
                break;
            case Event::Kind::finished:
                QVERIFY(!finished[t]);
                finished[t] = true;
                break;
        }
    }
    for (int t = 0; t < kThreads; ++t) {
        QCOMPARE(next[t], kEach);
        QVERIFY(finished[t]);
    }
}

QTEST_GUILESS_MAIN(EventBatcherTest)
#include "event_batcher_test.moc"
