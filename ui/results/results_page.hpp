// ResultsPage: the results library (hashscope/bench/results_library.hpp) in the window, with the
// reference runs shipped with HashScope (reference_runs.hpp) listed among them, labelled and
// read-only. Runs listed with a filter; one selected shows its chart, two or more their comparison
// (ComparisonView); a run of the user's can be named and annotated, deleted with Undo, and the
// selection exported as the same HTML page `hashscope-cli results export` writes. The Advisor tab
// (AdvisorPanel) ranks checksums by this machine's kept runs. Listing and loading run on the
// page's own pool: a library of thousands of runs never stalls the window.
#pragma once

#include <QStringList>
#include <QThreadPool>
#include <QWidget>
#include <filesystem>
#include <vector>

#include "common/job_run.hpp"
#include "hashscope/bench/html_report.hpp"
#include "hashscope/bench/reference_runs.hpp"
#include "hashscope/bench/results_library.hpp"

class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;
class QTabWidget;

namespace hashscope::ui {

class AdvisorPanel;
class ComparisonView;
class UndoBar;

class ResultsPage final : public QWidget {
    Q_OBJECT

public:
    enum Column { kName, kDate, kCpu, kMachine, kPreset, kRevision, kBuild, kCells, kWarnings, kId, kColumns };
    // On the Id column: true for a reference run (read-only).
    static constexpr int kReferenceRole = Qt::UserRole + 1;

    // The library of $HASHSCOPE_RESULTS_DIR, else $XDG_DATA_HOME/HashScope/results, and the
    // reference runs beside the program, as the CLI's.
    explicit ResultsPage(QWidget* parent = nullptr);
    explicit ResultsPage(bench::RunSources sources, QWidget* parent = nullptr);
    ~ResultsPage() override;

    // Lists the library again, off the GUI thread; listLoaded() follows.
    void reload();
    // Deletes what an Undo still held back and waits for the pool: before the window closes.
    void shutdown();

    // The selected runs' ids, oldest first: the first is the comparison's reference.
    [[nodiscard]] QStringList selectedIds() const;
    // Selects these runs (tests, and keeping the selection over a reload).
    void selectIds(const QStringList& ids);
    // Hides the selected runs behind an Undo bar; their files go when it is dismissed. Refused,
    // with the reason in the status line, when a reference run is among them.
    void deleteSelected();
    void undoDelete();
    void commitDeletes();
    // Gives run `id` a name and a note (both empty clears them); "" on success, else why not.
    QString setNote(const QString& id, const QString& name, const QString& note);
    // Writes the selected runs as one HTML page; "" on success, else why not.
    QString exportHtml(const QString& path);

    [[nodiscard]] QTableView* runList() const { return list_; }
    [[nodiscard]] QSortFilterProxyModel* filtered() const { return filter_; }
    [[nodiscard]] ComparisonView* comparison() const { return comparison_; }
    [[nodiscard]] AdvisorPanel* advisor() const { return advisor_; }
    // The reference folder's problems from the last listing (a damaged file, a missing folder).
    [[nodiscard]] const QStringList& referenceNotes() const { return referenceNotes_; }
    [[nodiscard]] bool loading() const { return listJob_.running(); }

signals:
    void listLoaded();
    void comparisonShown();

protected:
    void showEvent(QShowEvent* event) override;

private:
    struct Loaded {
        QStringList ids;
        std::vector<bench::ReportRun> runs;
        QString error;
    };

    void build();
    void fill(const bench::RunListing& listing);
    [[nodiscard]] bool referenceSelected() const;
    void selectionChanged();
    void loadSelection();
    void onLoaded(const Loaded& loaded);
    void editNote();
    void chooseExport();
    void setStatus(const QString& text, bool error = false);
    void updateButtons();

    bench::RunSources sources_;
    QThreadPool pool_;
    QStandardItemModel* model_;
    QSortFilterProxyModel* filter_;
    QLineEdit* filterEdit_ = nullptr;
    QTableView* list_ = nullptr;
    UndoBar* undoBar_ = nullptr;
    QLabel* status_ = nullptr;
    QPushButton* noteButton_ = nullptr;
    QPushButton* deleteButton_ = nullptr;
    QPushButton* exportButton_ = nullptr;
    ComparisonView* comparison_ = nullptr;
    AdvisorPanel* advisor_ = nullptr;
    QTabWidget* lowerTabs_ = nullptr;
    QStringList referenceNotes_;
    QStringList pendingDelete_;
    Loaded loaded_;             // the runs shown in the comparison
    bool reloadAgain_ = false;  // asked to list again while a listing ran
    bool loadAgain_ = false;    // the selection changed while its runs were loading
    JobRun<int, bench::RunListing> listJob_;
    JobRun<int, Loaded> loadJob_;
};

}  // namespace hashscope::ui
