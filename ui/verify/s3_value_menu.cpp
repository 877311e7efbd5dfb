#include "verify/s3_value_menu.hpp"

#include <QClipboard>
#include <QFutureWatcher>
#include <QGuiApplication>
#include <QtConcurrent/QtConcurrentRun>

#include "hashscope/verify/object_checksum.hpp"
#include "verify/algorithm_names.hpp"
#include "verify/engine_values.hpp"

namespace hashscope::ui {
namespace {

// The AWS CLI's defaults: multipart from 8 MiB (multipart_threshold), in 8 MiB parts (chunksize).
constexpr std::uint64_t kAwsCliPartSize = std::uint64_t{8} << 20;

struct Computed {
    QStringList lines;
    QString error;
};

}  // namespace

S3ValueMenu::S3ValueMenu(QThreadPool* pool, std::function<QVector<QPair<QString, QString>>()> selection,
                         QWidget* parent)
    : QMenu(tr("Copy as S3 &value"), parent), pool_(pool), selection_(std::move(selection)) {
    setObjectName(QStringLiteral("copyS3Menu"));
    setToolTip(tr("What S3 would show for the file uploaded by the AWS CLI (8 MiB parts above 8 MiB)"));
    setToolTipsVisible(true);
    for (const auto& [id, label] : std::initializer_list<std::pair<const char*, const char*>>{
             {"crc64nvme", QT_TR_NOOP("CRC-64/NVME (the AWS CLI's default)")},
             {"crc32c", QT_TR_NOOP("CRC-32C")},
             {"crc32", QT_TR_NOOP("CRC-32")},
             {"sha256", QT_TR_NOOP("SHA-256")},
             {"sha1", QT_TR_NOOP("SHA-1")},
             {"md5", QT_TR_NOOP("ETag (MD5)")}}) {
        QAction* action = addAction(tr(label));
        action->setObjectName(QStringLiteral("copyS3_") + QLatin1String(id));
        connect(action, &QAction::triggered, this, [this, id = QString::fromLatin1(id)] { copyValues(id); });
    }
}

void S3ValueMenu::copyValues(const QString& algorithm) {
    const auto rows = selection_();
    if (rows.isEmpty()) return;
    auto* watcher = new QFutureWatcher<Computed>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, algorithm, count = rows.size()] {
        watcher->deleteLater();
        const Computed c = watcher->result();
        if (!c.error.isEmpty()) {
            emit failed(c.error);
            return;
        }
        QGuiApplication::clipboard()->setText(c.lines.join(QLatin1Char('\n')));
        emit copied(tr("S3 %1 value of %n file(s)", nullptr, static_cast<int>(count)).arg(algorithmDisplay(algorithm)));
    });
    watcher->setFuture(QtConcurrent::run(pool_, [rows, id = algorithm.toStdString()] {
        Computed out;
        const AlgorithmInfo& a = *find_algorithm(id);
        for (const auto& [path, name] : rows) {
            const auto file = toFsPath(path);
            std::error_code ec;
            const auto size = std::filesystem::file_size(file, ec);
            const std::uint64_t part = !ec && size > kAwsCliPartSize ? kAwsCliPartSize : 0;
            const auto layout = verify::s3_layout(a, part, std::nullopt);
            const auto result = verify::object_checksum(file, a, layout.value());
            if (result.status != FileStatus::ok) {
                out.error = QStringLiteral("%1: %2").arg(name, QString::fromStdString(result.message));
                return out;
            }
            const QString value = QString::fromStdString(verify::format_object_value(result.value));
            out.lines << (rows.size() == 1 ? value : value + QStringLiteral("  ") + name);
        }
        return out;
    }));
}

}  // namespace hashscope::ui
