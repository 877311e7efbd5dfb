#include "verify/row_status.hpp"

#include <QCoreApplication>

#include "common/status_colours.hpp"

namespace hashscope::ui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("RowStatus", text); }

}  // namespace

bool isFinal(RowStatus status) { return status != RowStatus::queued && status != RowStatus::hashing; }

bool isFailure(RowStatus status) {
    switch (status) {
        case RowStatus::failed:
        case RowStatus::missing:
        case RowStatus::unreadable:
        case RowStatus::changed:
        case RowStatus::refused:
        case RowStatus::added:
        case RowStatus::moved:
            return true;
        default:
            return false;
    }
}

bool wasRead(RowStatus status) {
    return status == RowStatus::hashed || status == RowStatus::ok || status == RowStatus::failed;
}

QColor statusColour(RowStatus status, const QPalette& palette) {
    const status_colour::Colours colours = status_colour::colours(palette);
    switch (status) {
        case RowStatus::ok:
            return colours.good;
        case RowStatus::failed:
        case RowStatus::unreadable:
        case RowStatus::refused:
            return colours.bad;
        case RowStatus::missing:
        case RowStatus::changed:
        case RowStatus::moved:
            return colours.warn;
        case RowStatus::added:
            return colours.added;
        case RowStatus::skipped:
        case RowStatus::cancelled:
        case RowStatus::queued:
            return palette.color(QPalette::Disabled, QPalette::Text);
        case RowStatus::hashed:
        case RowStatus::hashing:
            return {};
    }
    return {};
}

QString statusWord(RowStatus status) {
    switch (status) {
        case RowStatus::queued:
            return tr("queued");
        case RowStatus::hashing:
            return tr("hashing");
        case RowStatus::hashed:
            return tr("hashed");
        case RowStatus::ok:
            return tr("OK");
        case RowStatus::failed:
            return tr("FAILED");
        case RowStatus::missing:
            return tr("MISSING");
        case RowStatus::unreadable:
            return tr("UNREADABLE");
        case RowStatus::skipped:
            return tr("SKIPPED");
        case RowStatus::changed:
            return tr("CHANGED");
        case RowStatus::refused:
            return tr("REFUSED");
        case RowStatus::added:
            return tr("NEW");
        case RowStatus::moved:
            return tr("MOVED");
        case RowStatus::cancelled:
            return tr("cancelled");
    }
    return {};
}

QString statusIconName(RowStatus status) {
    switch (status) {
        case RowStatus::queued:
            return QStringLiteral("queued");
        case RowStatus::hashing:
            return QStringLiteral("hashing");
        case RowStatus::hashed:
            return QStringLiteral("hashed");
        case RowStatus::ok:
            return QStringLiteral("ok");
        case RowStatus::failed:
            return QStringLiteral("failed");
        case RowStatus::missing:
            return QStringLiteral("missing");
        case RowStatus::unreadable:
            return QStringLiteral("unreadable");
        case RowStatus::skipped:
            return QStringLiteral("skipped");
        case RowStatus::changed:
            return QStringLiteral("changed");
        case RowStatus::refused:
            return QStringLiteral("refused");
        case RowStatus::added:
            return QStringLiteral("new");
        case RowStatus::moved:
            return QStringLiteral("moved");
        case RowStatus::cancelled:
            return QStringLiteral("cancelled");
    }
    return {};
}

QString plural(qint64 n, const char* one, const char* many) {
    return QStringLiteral("%1 %2").arg(n).arg(tr(n == 1 ? one : many));
}

QString statusCountText(RowStatus status, int count) {
    switch (status) {
        case RowStatus::ok:
            return tr("%1 OK").arg(count);
        case RowStatus::failed:
            return tr("%1 failed").arg(count);
        case RowStatus::missing:
            return tr("%1 missing").arg(count);
        case RowStatus::unreadable:
            return tr("%1 unreadable").arg(count);
        case RowStatus::skipped:
            return tr("%1 skipped").arg(count);
        case RowStatus::changed:
            return tr("%1 changed").arg(count);
        case RowStatus::refused:
            return tr("%1 refused").arg(count);
        case RowStatus::added:
            return tr("%1 new").arg(count);
        case RowStatus::moved:
            return tr("%1 moved").arg(count);
        case RowStatus::cancelled:
            return tr("%1 cancelled").arg(count);
        case RowStatus::hashed:
            return tr("%1 hashed").arg(count);
        case RowStatus::queued:
            return tr("%1 queued").arg(count);
        case RowStatus::hashing:
            return tr("%1 hashing").arg(count);
    }
    return {};
}

}  // namespace hashscope::ui
