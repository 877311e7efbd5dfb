// File names between the file system (bytes, any bytes but '/' and NUL) and the program (QString),
// without loss. Qt's own QFile::decodeName() turns bytes that are not UTF-8 into U+FFFD, so two
// names differing only there would look alike and neither would open again. Here such a byte b
// becomes the lone low surrogate U+DC00+b (as Python's "surrogateescape"), which valid UTF-8 never
// decodes to, and goes back to b. shownName() is how a row shows such a name.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringView>

namespace hashscope::ui {

// Valid UTF-8 as text; every byte of an invalid sequence as U+DC80..U+DCFF.
QString nameFromBytes(const QByteArray& bytes);
// The inverse: the bytes the file system knows the name by.
QByteArray nameToBytes(QStringView name);

// A name as one line a person can read and tell from every other: bytes that are not UTF-8 as
// \xNN, a newline as \n, a tab as \t, a carriage return as \r, other control characters as \xNN,
// and a backslash as \\ (so that no real name looks like an escaped one).
QString shownName(QStringView name);

}  // namespace hashscope::ui
