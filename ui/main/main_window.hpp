// MainWindow: the pages in tabs, and the one drop target for the whole window. Kept thin on
// purpose: each page is its own class in its own ui/ subfolder (docs/architecture.md §10).
#pragma once

#include <QMainWindow>
#include <QStringList>

class QMenu;
class QTabWidget;

namespace hashscope::ui {

class AboutDialog;
class BenchmarkPage;
class ResultsPage;
class SystemPage;
class VerifyPage;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);

    // Files, folders and checksum files named on the command line or dropped: they go to the
    // Verify page. `hash`: checksum files are hashed like any file rather than checked.
    void openFiles(const QStringList& paths, bool hash = false);
    // What a later launch asked for (main/single_instance.hpp): its files opened, and the window in
    // front, shown again if it was minimised.
    void openRequested(const QStringList& paths, bool hash);
    [[nodiscard]] VerifyPage* verifyPage() const { return verify_; }
    [[nodiscard]] BenchmarkPage* benchmarkPage() const { return benchmark_; }
    [[nodiscard]] ResultsPage* resultsPage() const { return results_; }
    [[nodiscard]] SystemPage* systemPage() const { return system_; }
    // Brings a page to the front by its objectName ("verifyPage", "benchmarkPage", "resultsPage",
    // "systemPage");
    // false if there is none.
    bool showPage(const QString& objectName);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dragLeaveEvent(QDragLeaveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void makeMenus();
    // View > Theme: System / Dark / High contrast, saved in the settings.
    void makeThemeMenu(QMenu* view);
    // Help > About HashScope: one dialog, made when first asked for, non-modal so that its versions
    // can be compared with the pages beside it.
    void showAbout();

    QTabWidget* pages_;
    VerifyPage* verify_;
    BenchmarkPage* benchmark_;
    ResultsPage* results_;
    SystemPage* system_;
    AboutDialog* about_ = nullptr;
};

}  // namespace hashscope::ui
