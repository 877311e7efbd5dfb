#include "common/library_versions_read.hpp"

#include <QFutureWatcher>
#include <QLabel>
#include <QtConcurrent/QtConcurrentRun>
#include <utility>

#include "hashscope/libraries.hpp"

namespace hashscope::ui {

void readLibraryVersions(QThreadPool& pool, QFormLayout* form, const QString& pending_name,
                         std::function<void(const LibraryVersionMap&)> show) {
    QWidget* context = form->parentWidget();
    auto* pending = new QLabel(QObject::tr("Reading versions…"), context);
    pending->setObjectName(pending_name);
    form->addRow(pending);
    // A child of the form's widget: gone with it, and with it the delivery.
    auto* watcher = new QFutureWatcher<LibraryVersionMap>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, form, pending, show = std::move(show)] {
        form->removeRow(pending);
        show(watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(&pool, [] { return library_versions(); }));
}

}  // namespace hashscope::ui
