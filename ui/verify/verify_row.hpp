// VerifyRow: everything the Verify page knows about one file (or one line of a checksum file).
#pragma once

#include <QString>
#include <QVector>
#include <optional>

#include "verify/verify_types.hpp"

namespace hashscope::ui {

struct VerifyRow {
    RowId id = 0;
    QString path;  // absolute
    QString name;  // as shown: file name, path below a dropped folder, or the name in a sums file
    std::optional<quint64> size;
    RowStatus status = RowStatus::queued;
    QString reason;  // why, for statuses that need one (core's wording)

    bool reading = false;  // a worker reads it now: the progress bar shows
    quint64 done = 0;      // bytes read so far (of the current or last read)
    quint64 total = 0;     // bytes expected for the current read
    qint64 elapsedNs = 0;  // time the current or last read took so far

    QVector<RowDigest> digests;           // every digest known, in the order computed
    std::optional<Expectation> expected;  // from a checksum file or an accepted sidecar
    QString matched;                      // the algorithm that matched `expected`
    std::optional<SidecarOffer> sidecar;  // a checksum file beside it lists it (not yet accepted)
    QString note;                         // a remark for the tooltip ("not a checksum file: ...")
    bool audited = false;                 // its status comes from an audit of a folder
    bool untrusted = false;               // its checksum file's signature is BAD or revoked

    [[nodiscard]] const RowDigest* digest(const QString& algorithm) const {
        for (const RowDigest& d : digests) {
            if (d.algorithm == algorithm) return &d;
        }
        return nullptr;
    }
    void setDigest(RowDigest d) {
        for (RowDigest& existing : digests) {
            if (existing.algorithm == d.algorithm) {
                existing = std::move(d);
                return;
            }
        }
        digests.push_back(std::move(d));
    }
};

}  // namespace hashscope::ui
