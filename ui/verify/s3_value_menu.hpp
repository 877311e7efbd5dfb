// S3ValueMenu: "Copy as S3 value" on the rows' context menu: what S3 would show for the selected
// files if the AWS CLI uploaded them (parts of 8 MiB above 8 MiB, its defaults), for each checksum
// S3 keeps: CRC-64/NVME (the CLI's default, always of the whole object), the composite CRC-32C,
// CRC-32, SHA-1 or SHA-256, and the ETag. Computed on the pool (core's object_checksum(), every
// part on its own core); the clipboard gets "VALUE  NAME" lines, or the bare value for one file.
#pragma once

#include <QMenu>
#include <QStringList>
#include <functional>

class QThreadPool;

namespace hashscope::ui {

class S3ValueMenu : public QMenu {
    Q_OBJECT

public:
    // `selection` gives the selected rows' paths and names when an entry is chosen.
    S3ValueMenu(QThreadPool* pool, std::function<QVector<QPair<QString, QString>>()> selection,
                QWidget* parent = nullptr);

signals:
    // The clipboard holds the values (`summary` says of what), or computing them failed.
    void copied(const QString& summary);
    void failed(const QString& reason);

private:
    void copyValues(const QString& algorithm);

    QThreadPool* pool_;
    std::function<QVector<QPair<QString, QString>>()> selection_;
};

}  // namespace hashscope::ui
