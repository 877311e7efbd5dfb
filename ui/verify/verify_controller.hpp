// VerifyController: what happens to the Verify page's rows. It takes in what is dropped or opened
// (IntakeJob), reads files (HashWorkers), checks checksum files (CheckRun), judges rows against
// what they should hash to, and keeps the model up to date. All work runs on the page's own
// QThreadPool; this object lives on the GUI thread and only ever sees values the workers send.
//
// Cancel stops every worker within one block; closing the page (shutdown()) cancels and waits.
#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QThreadPool>
#include <QTimer>
#include <memory>
#include <stop_token>
#include <vector>

#include "verify/signature_tone.hpp"
#include "verify/verify_types.hpp"

namespace hashscope::verify {
class PauseGate;
}

namespace hashscope::ui {

class AuditRun;
class CheckRun;
class FileTableModel;
class HashWorkers;
class IntakeJob;

class VerifyController : public QObject {
    Q_OBJECT

public:
    explicit VerifyController(FileTableModel* model, QObject* parent = nullptr);
    ~VerifyController() override;

    // Files, folders and checksum files, in order. `asFiles`: checksum files are hashed, not checked.
    void addPaths(const QStringList& paths, bool asFiles = false);
    // The algorithms every file is read for (and the columns shown); rows already read get the
    // ones they lack.
    void setAlgorithms(const QStringList& ids);
    [[nodiscard]] const QStringList& algorithms() const { return algorithms_; }

    // Reads these rows again (their files may have changed), judging them anew.
    void reverify(const QVector<RowId>& ids);
    void remove(const QVector<RowId>& ids);
    // Computes more digests for rows already read (the expected-digest box's candidates). Pairs
    // already asked for are not asked for again.
    void compute(const QHash<RowId, QStringList>& wanted);
    // Verifies the rows whose sidecars were offered against them.
    void acceptSidecars();
    [[nodiscard]] int sidecarOffers() const { return static_cast<int>(sidecarRows_.size()); }

    // Stops these rows' reads (within one block) or takes them out of the queue: they become
    // skipped. A checksum file's row is skipped in its check or audit, whose other rows go on.
    void skip(const QVector<RowId>& ids);
    [[nodiscard]] bool skippable(RowId id) const;
    // Holds every read after its current block, and starts no new file, until resume().
    void pause();
    void resume();
    [[nodiscard]] bool paused() const { return paused_; }

    // Stops every worker (within one block); rows not finished become cancelled.
    void cancel();
    // cancel(), and every row goes.
    void clear();
    // cancel(), then waits for the pool: for closing the window.
    void shutdown();

    // Writes `content` to `path` on the pool, atomically (nothing half-written); saved() or
    // saveFailed() follows.
    void save(const QString& path, const QByteArray& content, int rows);

    [[nodiscard]] bool busy() const;
    [[nodiscard]] qint64 elapsedNs() const;                              // time spent busy since the last clear
    [[nodiscard]] quint64 bytesReadTotal() const { return readTotal_; }  // including re-reads
    [[nodiscard]] QThreadPool& pool() { return pool_; }

signals:
    void busyChanged(bool busy);
    void pausedChanged(bool paused);
    // Rows changed (at most every 100 ms; the model's own signals come at the same time).
    void rowsChanged();
    void walkProgress(const QString& folder, quint64 files, quint64 left, bool done, bool stopped);
    // auditedFolder: the folder audited against the checksum file, or empty when its files are only checked.
    void sumsFileRead(const QString& path, const QString& auditedFolder, int entries, const QStringList& diagnostics,
                      const QStringList& notes);
    // A checked checksum file's signature verdicts (only when it has a signature).
    void signatureChecked(const QString& path, hashscope::ui::SignatureTone tone, const QString& text,
                          bool offerImport);
    void sidecarsOffered(int rows, const QString& firstName, const QString& firstSumsFile);
    void saved(const QString& path, int rows);
    void saveFailed(const QString& path, const QString& reason);

private:
    // A checksum file's row: the check or audit that settles it (one of the two) and its entry
    // there, which Skip skips in that run.
    struct RunEntry {
        CheckRun* check = nullptr;
        AuditRun* audit = nullptr;
        std::size_t entry = 0;
    };

    void onIntake(IntakeJob* job, const QVector<IntakeItem>& items);
    void onHashEvents(const QVector<HashEvent>& events);
    void onHashFinished(const HashEvent& event);
    void onCheckEvents(CheckRun* run, const QVector<CheckEvent>& events);
    void startCheck(const IntakeItem& item);
    void startAudit(const IntakeItem& item);
    void onAuditEvents(AuditRun* run, const QVector<AuditEvent>& events);
    // The rows of a checksum file's entries, each expecting its line's digest.
    QVector<RowId> addEntryRows(const IntakeItem& item, bool audited);
    void judgeRow(RowId id);
    void enqueue(const QVector<RowId>& ids, const QVector<bool>& findSidecars = {});
    void jobEnded(QObject* job);
    static void skipInRun(const RunEntry& e);  // its run reads on for the other rows only
    void updateBusy();
    void announce();  // flushes the model's changes and emits rowsChanged, at most every 100 ms

    FileTableModel* model_;
    QThreadPool pool_;  // ours alone (docs/architecture.md §10): shutdown() waits for exactly our work
    HashWorkers* workers_;
    std::stop_source stop_;
    std::shared_ptr<verify::PauseGate> gate_;
    QHash<RowId, std::stop_source> rowStops_;  // Skip, for rows read by the hash workers
    bool paused_ = false;
    QStringList algorithms_;
    QSet<QObject*> jobs_;                         // intake jobs and check runs still running
    QHash<CheckRun*, QVector<RowId>> checkRows_;  // entry index -> row
    QHash<RowId, RunEntry> runEntries_;           // row -> its run and entry, while the run runs
    QHash<AuditRun*, QVector<RowId>> auditRows_;  // entry index -> row
    QHash<IntakeJob*, int> intakeTopLevel_;       // top-level files seen, for the sidecar cap
    QSet<QString> requested_;                     // "row:algorithm" supplements asked for
    QVector<RowId> sidecarRows_;                  // rows with an offer not yet accepted
    QSet<RowId> rotationalRows_;
    bool busy_ = false;
    QTimer announceTimer_;
    QElapsedTimer busyClock_;
    qint64 busyNs_ = 0;
    quint64 readTotal_ = 0;
};

}  // namespace hashscope::ui
