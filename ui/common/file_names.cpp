#include "common/file_names.hpp"

namespace hashscope::ui {
namespace {

constexpr char16_t kEscapeBase = 0xDC00;
constexpr char16_t kFirstEscape = 0xDC80;  // bytes below 0x80 are ASCII, always valid
constexpr char16_t kLastEscape = 0xDCFF;

// The code point a UTF-8 sequence starting at `at` encodes, and its length; length 0 when the
// bytes there are not a valid sequence (overlong, a surrogate, past U+10FFFF, cut short).
struct Decoded {
    char32_t code = 0;
    qsizetype length = 0;
};

Decoded decodeAt(const QByteArray& bytes, qsizetype at) {
    const auto lead = static_cast<unsigned char>(bytes[at]);
    qsizetype length = 0;
    char32_t code = 0;
    char32_t smallest = 0;
    if ((lead & 0xE0U) == 0xC0U) {
        length = 2;
        code = lead & 0x1FU;
        smallest = 0x80;
    } else if ((lead & 0xF0U) == 0xE0U) {
        length = 3;
        code = lead & 0x0FU;
        smallest = 0x800;
    } else if ((lead & 0xF8U) == 0xF0U) {
        length = 4;
        code = lead & 0x07U;
        smallest = 0x10000;
    } else {
        return {};
    }
    if (at + length > bytes.size()) return {};
    for (qsizetype k = 1; k < length; ++k) {
        const auto next = static_cast<unsigned char>(bytes[at + k]);
        if ((next & 0xC0U) != 0x80U) return {};
        code = (code << 6U) | (next & 0x3FU);
    }
    if (code < smallest || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {};
    return {code, length};
}

// The escaped byte at `i`, or -1: a lone low surrogate in the escape range (one that ends a
// surrogate pair is half of a real character).
int escapedByte(QStringView name, qsizetype i) {
    const char16_t unit = name[i].unicode();
    if (unit < kFirstEscape || unit > kLastEscape) return -1;
    if (i > 0 && name[i - 1].isHighSurrogate()) return -1;
    return unit - kEscapeBase;
}

}  // namespace

QString nameFromBytes(const QByteArray& bytes) {
    QString name;
    name.reserve(bytes.size());
    qsizetype at = 0;
    while (at < bytes.size()) {
        const auto byte = static_cast<unsigned char>(bytes[at]);
        if (byte < 0x80) {
            name += QChar(byte);
            ++at;
            continue;
        }
        const Decoded decoded = decodeAt(bytes, at);
        if (decoded.length == 0) {
            name += QChar(static_cast<char16_t>(kEscapeBase + byte));
            ++at;
            continue;
        }
        if (QChar::requiresSurrogates(decoded.code)) {
            name += QChar(QChar::highSurrogate(decoded.code));
            name += QChar(QChar::lowSurrogate(decoded.code));
        } else {
            name += QChar(static_cast<char16_t>(decoded.code));
        }
        at += decoded.length;
    }
    return name;
}

QByteArray nameToBytes(QStringView name) {
    QByteArray bytes;
    bytes.reserve(name.size());
    qsizetype runStart = 0;  // the text since the last escape, converted in one go
    for (qsizetype i = 0; i < name.size(); ++i) {
        const int escaped = escapedByte(name, i);
        if (escaped < 0) continue;
        bytes += name.mid(runStart, i - runStart).toUtf8();
        bytes += static_cast<char>(escaped);
        runStart = i + 1;
    }
    bytes += name.mid(runStart).toUtf8();
    return bytes;
}

QString shownName(QStringView name) {
    auto hex = [](int value) { return QStringLiteral("\\x%1").arg(value, 2, 16, QLatin1Char('0')); };
    QString shown;
    shown.reserve(name.size());
    for (qsizetype i = 0; i < name.size(); ++i) {
        const char16_t unit = name[i].unicode();
        if (const int escaped = escapedByte(name, i); escaped >= 0) {
            shown += hex(escaped);
        } else if (unit == u'\n') {
            shown += QStringLiteral("\\n");
        } else if (unit == u'\t') {
            shown += QStringLiteral("\\t");
        } else if (unit == u'\r') {
            shown += QStringLiteral("\\r");
        } else if (unit == u'\\') {
            shown += QStringLiteral("\\\\");
        } else if (unit < 0x20 || unit == 0x7F) {
            shown += hex(unit);
        } else {
            shown += name[i];
        }
    }
    return shown;
}

}  // namespace hashscope::ui
