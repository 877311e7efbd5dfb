// The values that travel between the Verify page's workers and the GUI thread. Plain values only:
// no pointers into widgets, no Qt objects with thread affinity (AlgorithmInfo pointers are fine:
// they point into core's static table).
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVector>
#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

#include "hashscope/algorithm.hpp"
#include "hashscope/verify/signature.hpp"
#include "hashscope/verify/sums_file.hpp"
#include "verify/row_status.hpp"

namespace hashscope::ui {

// A row's identity for as long as it lives; rows move when others are removed, ids do not.
using RowId = quint64;

// What a row should hash to: a line of a checksum file, a sidecar beside the file.
struct Expectation {
    QByteArray bytes;        // the digest
    QStringList candidates;  // algorithm ids that may have produced it, most likely first
    QString source;          // "SHA256SUMS, line 3": where it was read
};

// One digest of a row: lowercase hex, and what computed it ("crc32c · vpclmul (AVX-512)").
struct RowDigest {
    QString algorithm;  // id
    QString hex;
    QString implementation;
};

// A checksum file found beside a file that lists it.
struct SidecarOffer {
    QString sumsFile;  // its path
    Expectation expectation;
};

// One file for a hash worker.
struct HashTask {
    RowId row = 0;
    QString path;
    std::vector<const AlgorithmInfo*> algorithms;
    bool supplement = false;    // more digests for a row already read: its status is left alone
    bool findSidecars = false;  // look for X.sha256, SHA256SUMS, ... first (files dropped one by one)
    bool rotational = false;    // on a spinning disk: reads from it take turns
    std::stop_token stop;       // the run's: Cancel
    std::stop_token skip;       // this row's alone: Skip
};

// What a hash worker says about a task: it started, it progressed (throttled), it finished.
struct HashEvent {
    enum class Kind { started, progress, finished };
    Kind kind = Kind::started;
    RowId row = 0;
    bool supplement = false;
    quint64 done = 0;   // bytes read so far
    quint64 total = 0;  // the file's size, when known
    qint64 elapsedNs = 0;
    // finished:
    RowStatus status = RowStatus::cancelled;
    QString reason;  // why, when not read through
    QVector<RowDigest> digests;
    QVector<SidecarOffer> sidecars;
};

// What the intake worker found in what was dropped or opened, in order.
struct IntakeItem {
    enum class Kind {
        file,     // a file to hash
        skipped,  // not a file to hash (folder link, FIFO, ...): `reason`
        missing,  // a named path that does not exist
        sums,     // a checksum file, parsed: its entries are to be verified
        walking,  // a folder walk in progress: `count` files found so far
        walked,   // a folder walk ended: `count` files, `left` left out
        audit,    // a checksum file and a folder dropped together: audit `folder` against `sums`
    };
    Kind kind = Kind::file;
    QString path;    // absolute
    QString name;    // as the row shows it: the file name, or the path below the dropped folder
    QString folder;  // audit: the folder to audit (absolute)
    std::optional<quint64> size;
    QString reason;
    bool topLevel = false;    // named by the user, not found by a walk
    bool rotational = false;  // on a spinning disk
    std::shared_ptr<const verify::SumsFile> sums;
    // sums, audit: the size of each listed file (none when it is missing or not a regular file),
    // so that the bytes still to read count them before they are read.
    std::shared_ptr<const std::vector<std::optional<quint64>>> entrySizes;
    // sums: its signature, checked as `check` checks it (no verdict when it has none).
    std::shared_ptr<const verify::SignatureCheck> signature;
    quint64 count = 0;
    quint64 left = 0;
    bool stopped = false;  // walked: cancelled before the end
};

// What an audit says about one path: a listed entry's verdict (entry < the entries' count), or a
// path the checksum file does not list.
struct AuditEvent {
    RowStatus status = RowStatus::cancelled;
    std::size_t entry = 0;  // the listed entry, for every status but added and skipped
    bool listed = false;
    QString path;     // absolute
    QString name;     // relative to the checksum file's folder
    QString oldName;  // moved: the listed name it moved from
    QString reason;
    quint64 bytes = 0;
    QString matched;  // ok: the algorithm that matched
    QString implementation;
};

// What a checksum-file check says about its entries (indices into SumsFile::entries).
struct CheckEvent {
    enum class Kind { progress, verdict, digest };
    Kind kind = Kind::progress;
    std::size_t entry = 0;
    quint64 done = 0;
    quint64 total = 0;
    qint64 elapsedNs = 0;
    // verdict:
    RowStatus status = RowStatus::cancelled;
    QString reason;
    QString matched;  // the algorithm that matched (ok)
    QString implementation;
    quint64 bytes = 0;
    // digest: what a failed entry's file hashes to (read once more, to show the difference)
    RowDigest digest;
};

}  // namespace hashscope::ui
