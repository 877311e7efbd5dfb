// Comparing digests with what is expected, in the GUI's terms: a row against its checksum-file
// line or sidecar, and every row against the digest pasted into the expected-digest box. Pure
// functions over rows; no file is read here (what is missing is returned, to be computed).
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>
#include <string_view>
#include <vector>

#include "hashscope/verify/expected_digest.hpp"
#include "verify/verify_row.hpp"

namespace hashscope::ui {

// A row that was read, against its expectation.
struct Judgement {
    enum class Kind { matched, mismatched, incomplete };
    Kind kind = Kind::incomplete;
    QString matched;      // matched: the algorithm
    QStringList missing;  // incomplete: candidates not computed yet
};
Judgement judge(const VerifyRow& row, const Expectation& expected);

// The readings of pasted text worth trying: the hex reading when there is one (a 64-digit hex
// string is also valid base64 of 48 bytes, but nobody means that), else the base64 ones.
std::vector<verify::ExpectedDigest> readingsOf(std::string_view text);

struct BoxMatch {
    enum class State {
        empty,      // nothing typed
        invalid,    // not a digest: `explanation` says why
        noFiles,    // a digest, but no rows yet
        waiting,    // rows are still being read
        computing,  // candidate algorithms are being computed for rows already read
        matched,
        mismatched,  // every row read, every candidate compared, none equal
        cancelled,   // a store's value was being matched when Cancel was pressed
    };
    State state = State::empty;
    QString explanation;     // invalid: why; computing, mismatched: in words, where the state needs more
    QString how;             // a store's value: what matched ("S3 composite CRC-32C, 8 MiB parts"), or why not
                             // ("part 2 of 3, bytes 8388608–16777215, differs")
    QStringList candidates;  // algorithm ids the digest's length allows
    QVector<QPair<RowId, QString>> matches;  // row, algorithm
    int rowsCompared = 0;
    QStringList compared;                 // algorithms compared against at least one row
    QHash<RowId, QStringList> toCompute;  // rows read that lack candidate digests
};
// `text` against every row. A match anywhere settles it; otherwise the candidates a row lacks are
// listed to compute, and the verdict waits for them.
BoxMatch matchExpected(const QString& text, const QVector<VerifyRow>& rows);
// Nothing matched and nothing is being computed: waiting for rows still to be read, no files, or
// a mismatch.
BoxMatch::State unmatchedState(const BoxMatch& m, bool anyPending);

}  // namespace hashscope::ui
