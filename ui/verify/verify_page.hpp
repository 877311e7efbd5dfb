// VerifyPage: drop files, folders or a checksum file; know. The page assembles its parts and
// wires them: the expected-digest box, the algorithm picker, the notices, the table of rows
// (FileTableModel behind RowFilterModel), the summary bar. What happens to rows is
// VerifyController's business; copying and saving are RowActions' and SumsSaver's.
#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>

class QAction;
class QCheckBox;
class QPushButton;
class QStackedWidget;
class QTableView;
class QTimer;
class QToolButton;

namespace hashscope::ui {

class AlgorithmPicker;
class DropOverlay;
class ExpectedBox;
class FileTableModel;
class NoticeBar;
class ObjectValueCheck;
class SignatureStrip;
class RowActions;
class RowFilterModel;
class SummaryBar;
class SumsSaver;
class VerifyController;

class VerifyPage : public QWidget {
    Q_OBJECT

public:
    explicit VerifyPage(QWidget* parent = nullptr);
    ~VerifyPage() override;

    // Files, folders and checksum files (dropped, opened, or named on the command line).
    // `asFiles`: checksum files are hashed, not checked.
    void addPaths(const QStringList& paths, bool asFiles = false);
    void openFilesDialog();
    void openFolderDialog();
    // The signature strip's offer for a key GnuPG lacks: pick a key file, import it into the
    // user's keyring, and check the signature of `sumsPath` again (importKey without the dialog).
    void importKeyDialog(const QString& sumsPath);
    void importKey(const QString& sumsPath, const QString& keyFile);
    // Stops every worker within one block; rows not finished become cancelled.
    void cancel();
    // Holds every read after its block until resumed; Cancel still works meanwhile.
    void setPaused(bool paused);
    // While something is dragged over the window: a veil saying what dropping `paths` does.
    void showDropHint(const QStringList& paths);
    void hideDropHint();
    // cancel() and wait for the workers: for closing the window.
    void shutdown();
    [[nodiscard]] bool busy() const;

    // For the main window's menus: Open…, Open folder…, Save sums… / Copy, Paste expected digest,
    // Remove, Re-verify, Skip, Pause, Cancel, Clear.
    [[nodiscard]] QList<QAction*> fileActions() const;
    [[nodiscard]] QList<QAction*> editActions() const;

    [[nodiscard]] FileTableModel* model() const { return model_; }
    [[nodiscard]] RowFilterModel* proxy() const { return proxy_; }
    [[nodiscard]] VerifyController* controller() const { return controller_; }
    [[nodiscard]] ExpectedBox* expectedBox() const { return expected_; }
    [[nodiscard]] AlgorithmPicker* picker() const { return picker_; }
    [[nodiscard]] RowActions* rowActions() const { return rowActions_; }
    [[nodiscard]] SumsSaver* saver() const { return saver_; }
    [[nodiscard]] SummaryBar* summary() const { return summary_; }
    [[nodiscard]] NoticeBar* notices() const { return notices_; }
    [[nodiscard]] SignatureStrip* signatures() const { return signatures_; }
    [[nodiscard]] QTableView* table() const { return table_; }
    [[nodiscard]] DropOverlay* dropOverlay() const { return dropOverlay_; }

private:
    QWidget* makeToolbar();
    QWidget* makeEmptyState();
    void makeActions();
    void connectController();
    void applyColumnWidths();
    void describeControls();  // accessible names and descriptions, tab order
    void refresh();           // empty state, buttons, summary
    void evaluateExpected();  // the box against the rows
    void scheduleRefresh();

    FileTableModel* model_;
    RowFilterModel* proxy_;
    VerifyController* controller_;
    ExpectedBox* expected_;
    ObjectValueCheck* objectCheck_;
    AlgorithmPicker* picker_;
    NoticeBar* notices_;
    SignatureStrip* signatures_;
    QStackedWidget* stack_;
    QWidget* emptyState_;
    QTableView* table_;
    SummaryBar* summary_;
    RowActions* rowActions_ = nullptr;
    SumsSaver* saver_ = nullptr;
    QCheckBox* failuresOnly_ = nullptr;
    QPushButton* pauseButton_ = nullptr;
    QPushButton* cancelButton_ = nullptr;
    QPushButton* clearButton_ = nullptr;
    QToolButton* saveButton_ = nullptr;
    QAction* open_ = nullptr;
    QAction* openFolder_ = nullptr;
    QAction* save_ = nullptr;
    QAction* paste_ = nullptr;
    QAction* pause_ = nullptr;
    QAction* cancel_ = nullptr;
    QAction* clear_ = nullptr;
    DropOverlay* dropOverlay_ = nullptr;
    QTimer* refreshTimer_;  // coalesces the workers' updates into a few repaints a second
    QTimer* tickTimer_;     // the elapsed time moves while busy
    QString shownMatch_;
    int statusColumn_ = -1;  // where the status delegate sits (columns move when algorithms change)
};

}  // namespace hashscope::ui
