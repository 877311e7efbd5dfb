// IntakeJob: looks at what was dropped or opened, on the page's thread pool (the GUI thread never
// touches a file): a folder is walked (items reported as they are found, with a growing count),
// a checksum file is parsed, a file becomes a row. Symlinked folders are not followed (that is
// how loops are avoided); they, FIFOs and devices are reported as skipped, with the reason.
// A checksum file and a folder taken in together (one drop of exactly those two) are one item: the
// folder is to be audited against the checksum file.
#pragma once

#include <QObject>
#include <QStringList>
#include <QVector>
#include <stop_token>

#include "verify/verify_types.hpp"

class QThreadPool;

namespace hashscope::ui {

class IntakeJob : public QObject {
    Q_OBJECT

public:
    // Starts at once on `pool`. `asFiles`: hash checksum files like any file rather than check
    // them ("hash it instead").
    IntakeJob(const QStringList& paths, bool asFiles, QThreadPool& pool, std::stop_token stop,
              QObject* parent = nullptr);

    // True once cancelled: items still in flight are stale.
    [[nodiscard]] bool cancelled() const { return stop_.stop_requested(); }

signals:
    // In the order found; delivered on the GUI thread, in batches.
    void items(const QVector<hashscope::ui::IntakeItem>& items);
    // After the last batch.
    void finished();

private:
    std::stop_token stop_;
};

}  // namespace hashscope::ui
