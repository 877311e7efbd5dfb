#include "verify/intake_job.hpp"

#include <sys/stat.h>

#include <QFutureWatcher>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <cerrno>
#include <cstring>
#include <optional>

#include "hashscope/verify/folder_walk.hpp"
#include "hashscope/verify/multi_file_hasher.hpp"
#include "hashscope/verify/sidecar.hpp"
#include "verify/background_priority.hpp"
#include "verify/engine_values.hpp"
#include "verify/event_batcher.hpp"

namespace hashscope::ui {
namespace {

namespace fs = std::filesystem;

// The walk's running count shares the batcher with the items; this key is nobody's row.
constexpr quint64 kWalkCountKey = ~quint64{0};

std::optional<quint64> sizeOf(const fs::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    return static_cast<quint64>(st.st_size);
}

// The sizes of the files a checksum file lists, its names resolved as the check resolves them.
// One stat per line, on this worker: cheap beside reading the files, and the summary's bytes to
// read (and so its time left) then count them from the start.
std::shared_ptr<const std::vector<std::optional<quint64>>> listedSizes(const verify::SumsFile& sums,
                                                                       const fs::path& base, std::stop_token stop) {
    auto sizes = std::make_shared<std::vector<std::optional<quint64>>>(sums.entries.size());
    for (std::size_t i = 0; i < sums.entries.size() && !stop.stop_requested(); ++i) {
        const fs::path name(sums.entries[i].name);
        (*sizes)[i] = sizeOf(name.is_absolute() ? name : base / name);
    }
    return sizes;
}

void walk(const fs::path& root, const QString& rootText, std::stop_token stop, EventBatcher<IntakeItem>& out) {
    const bool rotational = verify::on_spinning_disk(root);
    // Rows show paths from the dropped folder's own name down: "photos/2020/a.jpg".
    const fs::path shownFrom = root.parent_path();
    IntakeItem count;
    count.kind = IntakeItem::Kind::walking;
    count.path = rootText;
    quint64 left = 0;
    const bool complete = verify::walk_folder(
        root, {},
        [&](verify::WalkItem&& found) {
            IntakeItem item;
            item.path = fromFsPath(found.path);
            item.name = fromFsPath(found.path.lexically_relative(shownFrom));
            item.rotational = rotational;
            if (found.skipped) {
                item.kind = IntakeItem::Kind::skipped;
                item.reason = QString::fromStdString(found.reason);
                ++left;
            } else {
                item.size = sizeOf(found.path);
                ++count.count;
            }
            out.add(std::move(item));
            out.progress(count, kWalkCountKey);
            return !stop.stop_requested();
        },
        stop);
    IntakeItem end = count;
    end.kind = IntakeItem::Kind::walked;
    end.left = left;
    end.stopped = !complete;
    out.add(std::move(end), kWalkCountKey);
}

void takeIn(const QString& pathText, bool asFiles, std::stop_token stop, EventBatcher<IntakeItem>& out) {
    const fs::path path = toFsPath(pathText);
    IntakeItem item;
    item.path = pathText;
    item.name = fromFsPath(path.filename());
    if (item.name.isEmpty()) item.name = pathText;  // "/" has no file name
    item.topLevel = true;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        const int error = errno;
        struct stat link {};
        if (error == ENOENT && ::lstat(path.c_str(), &link) != 0) {
            item.kind = IntakeItem::Kind::missing;
            item.reason = QString::fromLocal8Bit(std::strerror(error));
            return out.add(std::move(item));
        }
        // A broken link, a folder we may not enter, ...: the hash worker says which.
        return out.add(std::move(item));
    }
    item.rotational = verify::on_spinning_disk(path.parent_path());
    if (S_ISDIR(st.st_mode)) return walk(path, pathText, std::move(stop), out);
    item.size = S_ISREG(st.st_mode) ? std::optional<quint64>(static_cast<quint64>(st.st_size)) : std::nullopt;
    if (!asFiles && S_ISREG(st.st_mode) && verify::looks_like_sums_file(path)) {
        auto sums = verify::read_sums_file(path, {});
        if (sums && !sums->entries.empty()) {
            item.kind = IntakeItem::Kind::sums;
            auto signature = verify::check_sums_signature(path, {});
            // A clear-signed file's lines come from its signed text alone, as in `check`.
            if (signature.clear_signed) {
                verify::SumsReadOptions options;
                options.file_name = path.filename().string();
                sums = verify::parse_signed_sums(signature, options);
            }
            item.sums = std::make_shared<const verify::SumsFile>(std::move(sums.value()));
            item.signature = std::make_shared<const verify::SignatureCheck>(std::move(signature));
            item.entrySizes = listedSizes(*item.sums, path.parent_path(), std::move(stop));
            return out.add(std::move(item));
        }
        // Not a checksum file after all: hash it like any other, and say why.
        item.reason = sums ? IntakeJob::tr("no checksum lines in it") : QString::fromStdString(sums.error().message);
    }
    out.add(std::move(item));
}

// A checksum file and a folder dropped together mean "audit this folder against that file", in
// either order. Anything else (two files, two folders, a file that is not a checksum file) is
// taken in as usual.
std::optional<IntakeItem> auditPair(const QStringList& paths, const std::stop_token& stop) {
    if (paths.size() != 2) return std::nullopt;
    for (qsizetype s = 0; s < 2; ++s) {
        const fs::path sumsPath = toFsPath(paths[s]);
        const fs::path folder = toFsPath(paths[1 - s]);
        struct stat sumsStat {};
        struct stat folderStat {};
        if (::stat(sumsPath.c_str(), &sumsStat) != 0 || !S_ISREG(sumsStat.st_mode) ||
            ::stat(folder.c_str(), &folderStat) != 0 || !S_ISDIR(folderStat.st_mode) ||
            !verify::looks_like_sums_file(sumsPath)) {
            continue;
        }
        auto sums = verify::read_sums_file(sumsPath, {});
        if (!sums || sums->entries.empty()) continue;
        IntakeItem item;
        item.kind = IntakeItem::Kind::audit;
        item.path = paths[s];
        item.name = fromFsPath(sumsPath.filename());
        item.folder = paths[1 - s];
        item.topLevel = true;
        item.sums = std::make_shared<const verify::SumsFile>(std::move(sums.value()));
        item.entrySizes = listedSizes(*item.sums, sumsPath.parent_path(), stop);
        return item;
    }
    return std::nullopt;
}

}  // namespace

IntakeJob::IntakeJob(const QStringList& paths, bool asFiles, QThreadPool& pool, std::stop_token stop, QObject* parent)
    : QObject(parent), stop_(stop) {
    // Batches are posted to this object; the controller waits for the pool before it dies.
    IntakeJob* self = this;
    auto deliver = [self](QVector<IntakeItem>&& batch) {
        QMetaObject::invokeMethod(
            self, [self, batch = std::move(batch)] { emit self->items(batch); }, Qt::QueuedConnection);
    };
    auto* watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcher<void>::finished, this, &IntakeJob::finished);
    watcher->setFuture(QtConcurrent::run(&pool, [paths, asFiles, stop, deliver, gui = guiPriority()] {
        runBelow(gui);
        EventBatcher<IntakeItem> out(deliver);
        if (!asFiles) {
            if (auto audit = auditPair(paths, stop)) return out.add(std::move(*audit));
        }
        for (const QString& path : paths) {
            if (stop.stop_requested()) break;
            takeIn(path, asFiles, stop, out);
        }
    }));
}

}  // namespace hashscope::ui
