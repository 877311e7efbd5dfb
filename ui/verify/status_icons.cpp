#include "verify/status_icons.hpp"

#include <QFile>
#include <QPainter>
#include <QPixmap>
#include <QSvgRenderer>

// The resource lives in the static library hashscope_ui: nothing would pull its object file into
// a program, so it is registered by name. Q_INIT_RESOURCE must be used outside any namespace.
static void registerVerifyIcons() {
    if (!QFile::exists(QStringLiteral(":/icons/ok.svg"))) Q_INIT_RESOURCE(verify_icons);
}

namespace hashscope::ui {

QIcon svgIcon(const QString& name) {
    registerVerifyIcons();
    QSvgRenderer renderer(QStringLiteral(":/icons/%1.svg").arg(name));
    QIcon icon;
    if (!renderer.isValid()) return icon;
    // Every size a style or a 2x screen asks for; QIcon picks the nearest.
    for (const int size : {16, 20, 24, 32, 40, 48, 64, 96, 128}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        renderer.render(&painter);
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

StatusIcons::StatusIcons() {
    for (int i = 0; i < kRowStatusCount; ++i) {
        icons_[static_cast<std::size_t>(i)] = svgIcon(statusIconName(static_cast<RowStatus>(i)));
    }
    drop_ = svgIcon(QStringLiteral("drop"));
}

}  // namespace hashscope::ui
