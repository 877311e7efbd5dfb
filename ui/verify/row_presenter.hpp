// The words a row shows: its status with the reason, and tooltips that say everything the cells
// cut short (full path, full digest, what computed it, what was expected and from where).
#pragma once

#include <QString>

#include "verify/verify_row.hpp"

namespace hashscope::ui {

// "OK", "FAILED", "UNREADABLE — Permission denied", "SKIPPED — a FIFO (named pipe)", "hashing".
QString statusText(const VerifyRow& row);
QString statusTooltip(const VerifyRow& row);
QString nameTooltip(const VerifyRow& row);
// The digest, what computed it, and for a row with an expectation of this algorithm, the
// expected value and its source.
QString digestTooltip(const VerifyRow& row, const QString& algorithm);
// "45%" while read, "done" once read through, empty otherwise.
QString progressText(const VerifyRow& row);
// The row's reading speed ("1.8 GB/s"), live or of its last read; empty when not meaningful.
QString speedText(const VerifyRow& row);
double speedValue(const VerifyRow& row);  // bytes per second, for sorting

}  // namespace hashscope::ui
