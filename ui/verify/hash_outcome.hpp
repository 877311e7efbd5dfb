// What hashing one file produced, as plain values: this is what crosses from the worker thread to
// the GUI thread, so it holds no pointers into core and no Qt objects with thread affinity.
#pragma once

#include <QString>
#include <QtGlobal>

namespace hashscope::ui {

struct HashOutcome {
    enum class Status {
        ok,          // digests are valid
        cancelled,   // stopped by the user (or never started)
        unreadable,  // could not be opened or read; message says why
        skipped,     // not a regular file (a folder, FIFO, device); message says which
        changed,     // the file changed while it was read
        error,       // the hashers could not be made (should not happen on a sane build)
    };

    Status status = Status::error;
    QString message;  // why, when not ok (core's wording)
    quint64 bytes = 0;
    QString sha256;   // lowercase hex, when ok
    QString crc32c;   // lowercase hex, when ok
};

}  // namespace hashscope::ui
