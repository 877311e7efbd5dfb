// ResultsPage: the results library (hashscope/bench/results_library.hpp) in the window. Kept runs
// listed with a filter; one selected shows its chart, two or more their comparison
// (ComparisonView); a run can be named and annotated, deleted with Undo, and the selection
// exported as the same HTML page `hashscope-cli results export` writes. Listing and loading run
// on the page's own pool: a library of thousands of runs never stalls the window.
#pragma once

#include <QStringList>
#include <QThreadPool>
#include <QWidget>
#include <filesystem>
#include <vector>

#include "common/job_run.hpp"
#include "hashscope/bench/html_report.hpp"
#include "hashscope/bench/results_library.hpp"

class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

namespace hashscope::ui {

class ComparisonView;
class UndoBar;

class ResultsPage final : public QWidget {
    Q_OBJECT

public:
    enum Column { kName, kDate, kCpu, kMachine, kPreset, kRevision, kBuild, kCells, kWarnings, kId, kColumns };

    // The library of $HASHSCOPE_RESULTS_DIR, else $XDG_DATA_HOME/HashScope/results, as the CLI's.
    explicit ResultsPage(QWidget* parent = nullptr);
    explicit ResultsPage(std::filesystem::path library, QWidget* parent = nullptr);
    ~ResultsPage() override;

    // Lists the library again, off the GUI thread; listLoaded() follows.
    void reload();
    // Deletes what an Undo still held back and waits for the pool: before the window closes.
    void shutdown();

    // The selected runs' ids, oldest first: the first is the comparison's reference.
    [[nodiscard]] QStringList selectedIds() const;
    // Selects these runs (tests, and keeping the selection over a reload).
    void selectIds(const QStringList& ids);
    // Hides the selected runs behind an Undo bar; their files go when it is dismissed.
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
    void fill(const std::vector<bench::RunSummary>& runs);
    void selectionChanged();
    void loadSelection();
    void onLoaded(const Loaded& loaded);
    void editNote();
    void chooseExport();
    void setStatus(const QString& text, bool error = false);
    void updateButtons();

    std::filesystem::path library_;
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
    QStringList pendingDelete_;
    Loaded loaded_;             // the runs shown in the comparison
    bool reloadAgain_ = false;  // asked to list again while a listing ran
    bool loadAgain_ = false;    // the selection changed while its runs were loading
    JobRun<int, std::vector<bench::RunSummary>> listJob_;
    JobRun<int, Loaded> loadJob_;
};

}  // namespace hashscope::ui
