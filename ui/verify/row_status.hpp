// RowStatus and how a row shows it: an icon, a colour and a word, so that a status never rests on
// colour alone (a red "FAILED" with a cross reads the same to someone who cannot tell red).
#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

namespace hashscope::ui {

enum class RowStatus {
    queued,      // waiting for a worker
    hashing,     // being read
    hashed,      // read to the end; nothing to compare with
    ok,          // matched what a checksum file or sidecar expects
    failed,      // read, and no candidate digest matched
    missing,     // no such file
    unreadable,  // could not be opened or read (reason says why)
    skipped,     // not a regular file: a folder, FIFO, device, a link left unfollowed
    changed,     // its size or modification time moved while it was read
    refused,     // a checksum file's name leading outside its folder (not read)
    added,       // an audit found it in the folder, but the checksum file does not list it ("NEW")
    moved,       // an audit found a listed file's digest at a path the checksum file does not list
    cancelled,
};
constexpr int kRowStatusCount = static_cast<int>(RowStatus::cancelled) + 1;

// True once nothing more will happen to the row (until re-verified).
bool isFinal(RowStatus status);
// What "Failures only" shows: the rows a user must look at.
bool isFailure(RowStatus status);
// True when the file was read through, so its digests are valid.
bool wasRead(RowStatus status);

// The colour of a status's word on `palette`; invalid for "the palette's text colour". Chosen for
// the palette's lightness, so a dark theme gets light tones that still read.
QColor statusColour(RowStatus status, const QPalette& palette);
// "OK", "FAILED", "hashing", ...: the word shown beside the icon, and in copies.
QString statusWord(RowStatus status);
// The name of the status's icon under :/icons/ ("ok" for :/icons/ok.svg).
QString statusIconName(RowStatus status);
// "1 file", "3 files": English plurals without a translator loaded (tr's %n would say "file(s)").
QString plural(qint64 n, const char* one, const char* many);
// "3 failed", "1 missing": for the summary bar.
QString statusCountText(RowStatus status, int count);

}  // namespace hashscope::ui
