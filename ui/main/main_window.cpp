#include "main/main_window.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMenuBar>
#include <QMimeData>
#include <QTabWidget>
#include <QUrl>
#include <array>
#include <utility>

#include "bench/benchmark_page.hpp"
#include "common/file_names.hpp"
#include "main/about_dialog.hpp"
#include "main/exclusive_runs.hpp"
#include "main/theme.hpp"
#include "results/results_page.hpp"
#include "system/calibration_panel.hpp"
#include "system/system_page.hpp"
#include "verify/verify_page.hpp"

namespace hashscope::ui {
namespace {

// The local paths among the dropped URLs; remote ones (http://...) are not ours to fetch. A name
// that is not UTF-8 comes percent-encoded (%FF), which toLocalFile() would decode to U+FFFD: the
// path is taken from the encoded bytes instead, so that the file still opens.
QStringList localPaths(const QMimeData* mime) {
    QStringList paths;
    if (!mime || !mime->hasUrls()) return paths;
    for (const QUrl& url : mime->urls()) {
        if (!url.isLocalFile()) continue;
        paths << (url.host().isEmpty()
                      ? nameFromBytes(QByteArray::fromPercentEncoding(url.path(QUrl::FullyEncoded).toLatin1()))
                      : url.toLocalFile());  // file://host/share: as Qt names it
    }
    return paths;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      pages_(new QTabWidget(this)),
      verify_(new VerifyPage(pages_)),
      benchmark_(new BenchmarkPage(pages_)),
      results_(new ResultsPage(pages_)),
      system_(new SystemPage(pages_)) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(QStringLiteral("HashScope"));
    // Child widgets do not accept drops, so a drop anywhere in the window reaches us: files,
    // folders and checksum files all go to the Verify page, which tells them apart.
    setAcceptDrops(true);

    pages_->setObjectName(QStringLiteral("pages"));
    pages_->setDocumentMode(true);
    pages_->addTab(verify_, tr("Verify"));
    pages_->addTab(benchmark_, tr("Benchmark"));
    pages_->addTab(results_, tr("Results"));
    pages_->addTab(system_, tr("System"));
    setCentralWidget(pages_);
    makeMenus();
    // A self-test or a calibration beside a benchmark would disturb its figures: one waits for another.
    keepRunsApart(*benchmark_, *system_->selfTest(), *system_->calibration(), results_->advisor());

    resize(1280, 800);  // the Benchmark page shows settings, chart and CPU side by side
}

void MainWindow::makeMenus() {
    // The Verify page owns its actions; the window only lists them. Opening switches to the page.
    QMenu* file = menuBar()->addMenu(tr("&File"));
    for (QAction* action : verify_->fileActions()) {
        file->addAction(action);
        connect(action, &QAction::triggered, this, [this] { pages_->setCurrentWidget(verify_); });
    }
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setObjectName(QStringLiteral("quitAction"));
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    for (QAction* action : verify_->editActions()) {
        if (action) {
            edit->addAction(action);
        } else {
            edit->addSeparator();
        }
    }
    makeThemeMenu(menuBar()->addMenu(tr("&View")));
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* about = help->addAction(tr("&About HashScope"), this, &MainWindow::showAbout);
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setMenuRole(QAction::AboutRole);
    QAction* aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setObjectName(QStringLiteral("aboutQtAction"));
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::makeThemeMenu(QMenu* view) {
    view->setObjectName(QStringLiteral("viewMenu"));
    QMenu* theme = view->addMenu(tr("&Theme"));
    theme->setObjectName(QStringLiteral("themeMenu"));
    auto* group = new QActionGroup(this);
    const Theme saved = savedTheme();
    if (saved != currentTheme()) applyTheme(saved);
    const std::array<std::pair<Theme, QString>, 3> themes{
        {{Theme::system, tr("&System")}, {Theme::dark, tr("&Dark")}, {Theme::highContrast, tr("&High contrast")}}};
    for (const auto& entry : themes) {
        const Theme value = entry.first;
        QAction* action = theme->addAction(entry.second);
        action->setObjectName(QStringLiteral("theme_") + themeKey(value));
        action->setCheckable(true);
        action->setChecked(value == saved);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [value] {
            applyTheme(value);
            saveTheme(value);
        });
    }
}

void MainWindow::showAbout() {
    if (!about_) about_ = new AboutDialog(this);
    about_->show();
    about_->raise();
    about_->activateWindow();
}

bool MainWindow::showPage(const QString& objectName) {
    for (int i = 0; i < pages_->count(); ++i) {
        if (pages_->widget(i)->objectName() == objectName) {
            pages_->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

void MainWindow::openFiles(const QStringList& paths, bool hash) {
    if (paths.isEmpty()) return;
    pages_->setCurrentWidget(verify_);
    verify_->addPaths(paths, hash);
}

void MainWindow::openRequested(const QStringList& paths, bool hash) {
    openFiles(paths, hash);
    setWindowState((windowState() & ~Qt::WindowMinimized) | Qt::WindowActive);
    show();
    raise();
    activateWindow();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const QStringList paths = localPaths(event->mimeData());
    if (paths.isEmpty()) return;
    event->acceptProposedAction();
    pages_->setCurrentWidget(verify_);  // where the drop goes, saying what it will do there
    verify_->showDropHint(paths);
}

void MainWindow::dragLeaveEvent(QDragLeaveEvent* event) {
    verify_->hideDropHint();
    QMainWindow::dragLeaveEvent(event);
}

void MainWindow::dragMoveEvent(QDragMoveEvent* event) {
    if (!localPaths(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    verify_->hideDropHint();
    const QStringList paths = localPaths(event->mimeData());
    if (paths.isEmpty()) return;
    event->acceptProposedAction();
    openFiles(paths);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    // Stop the worker before the widgets it reports to go away; it stops within one block.
    verify_->shutdown();
    benchmark_->shutdown();
    results_->shutdown();                // a deletion still offering Undo becomes final
    system_->calibration()->shutdown();  // an interrupted calibration leaves the previous one in force
    QMainWindow::closeEvent(event);
}

}  // namespace hashscope::ui
