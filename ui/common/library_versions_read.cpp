#include "common/library_versions_read.hpp"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <utility>

#include "hashscope/libraries.hpp"

namespace hashscope::ui {

void readLibraryVersions(QThreadPool& pool, QObject* context, std::function<void(const LibraryVersionMap&)> show) {
    // A child of `context`: gone with it, and with it the delivery.
    auto* watcher = new QFutureWatcher<LibraryVersionMap>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, show = std::move(show)] {
        show(watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(&pool, [] { return library_versions(); }));
}

}  // namespace hashscope::ui
