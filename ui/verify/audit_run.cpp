#include "verify/audit_run.hpp"

#include <QFutureWatcher>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include "hashscope/verify/audit.hpp"
#include "hashscope/verify/entry_skips.hpp"
#include "hashscope/verify/pause_gate.hpp"
#include "verify/algorithm_names.hpp"
#include "verify/background_priority.hpp"
#include "verify/engine_values.hpp"
#include "verify/event_batcher.hpp"

namespace hashscope::ui {
namespace {

namespace fs = std::filesystem;

AuditEvent eventOf(const verify::AuditResult& r, const fs::path& base) {
    AuditEvent e;
    e.status = rowStatusOf(r.status);
    e.listed = r.entry != verify::AuditResult::kNotListed;
    e.entry = e.listed ? r.entry : 0;
    const fs::path path(r.path);
    e.path = fromFsPath(path.is_absolute() ? path : (base / path).lexically_normal());
    e.name = fromNameBytes(r.path);
    e.oldName = fromNameBytes(r.old_path);
    e.reason = QString::fromStdString(r.message);
    e.bytes = r.bytes;
    if (r.matched) e.matched = algorithmId(*r.matched);
    if (r.implementation) e.implementation = implementationLabel(*r.implementation);
    return e;
}

}  // namespace

AuditRun::AuditRun(std::shared_ptr<const verify::SumsFile> sums, const QString& sumsPath, const QString& folder,
                   QThreadPool& pool, std::stop_token stop, std::shared_ptr<verify::PauseGate> gate, QObject* parent)
    : QObject(parent), skips_(std::make_shared<verify::EntrySkips>()) {
    AuditRun* self = this;  // the queued calls' context; the controller waits for the pool before it dies
    auto deliver = [self](QVector<AuditEvent>&& batch) {
        QMetaObject::invokeMethod(
            self, [self, batch = std::move(batch)] { emit self->events(batch); }, Qt::QueuedConnection);
    };
    auto* watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcher<void>::finished, this, &AuditRun::finished);
    watcher->setFuture(
        QtConcurrent::run(&pool, [sums = std::move(sums), manifest = toFsPath(sumsPath), root = toFsPath(folder), stop,
                                  gate = std::move(gate), skips = skips_, deliver, gui = guiPriority()] {
            runBelow(gui);
            EventBatcher<AuditEvent> out(deliver);
            const fs::path base = manifest.parent_path();
            // Progress comes after every path walked and every block read (one call at a time): the
            // places to wait while paused.
            const auto progress = [&](verify::AuditStage, std::size_t, std::uint64_t, std::uint64_t) {
                if (!gate->paused()) return;
                out.flush();  // what is settled shows while paused
                gate->wait(stop);
            };
            verify::AuditOptions options;
            options.skips = skips.get();
            verify::audit_tree(
                base, sums->entries, root, manifest, options,
                [&](const verify::AuditResult& r) { out.add(eventOf(r, base)); }, progress, stop);
        }));
}

void AuditRun::skip(std::size_t entry) { skips_->skip(entry); }

}  // namespace hashscope::ui
