#include "main/main_window.hpp"

#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QTabWidget>
#include <QUrl>

#include "verify/verify_page.hpp"

namespace hashscope::ui {
namespace {

// The local paths among the dropped URLs; remote ones (http://...) are not ours to fetch.
QStringList localPaths(const QMimeData* mime) {
    QStringList paths;
    if (!mime || !mime->hasUrls()) return paths;
    for (const QUrl& url : mime->urls()) {
        if (url.isLocalFile()) paths << url.toLocalFile();
    }
    return paths;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), pages_(new QTabWidget(this)), verify_(new VerifyPage(pages_)) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(QStringLiteral("HashScope"));
    // Child widgets do not accept drops, so a drop anywhere in the window reaches us.
    setAcceptDrops(true);

    pages_->setObjectName(QStringLiteral("pages"));
    pages_->setDocumentMode(true);
    pages_->addTab(verify_, tr("Verify"));
    // Next: pages_->addTab(new BenchmarkPage(pages_), tr("Benchmark"));  (ui/benchmark/)
    //       pages_->addTab(new SystemPage(pages_), tr("System"));        (ui/system/)
    setCentralWidget(pages_);

    resize(1000, 600);
}

void MainWindow::openFiles(const QStringList& paths) {
    if (paths.isEmpty()) return;
    pages_->setCurrentWidget(verify_);
    verify_->addFiles(paths);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!localPaths(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dragMoveEvent(QDragMoveEvent* event) {
    if (!localPaths(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QStringList paths = localPaths(event->mimeData());
    if (paths.isEmpty()) return;
    event->acceptProposedAction();
    openFiles(paths);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    // Stop the worker before the widgets it reports to go away; it stops within one block.
    verify_->shutdown();
    QMainWindow::closeEvent(event);
}

}  // namespace hashscope::ui
