#include "verify/drop_overlay.hpp"

#include <QEvent>
#include <QFileInfo>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include "hashscope/verify/sidecar.hpp"
#include "verify/engine_values.hpp"
#include "verify/row_status.hpp"

namespace hashscope::ui {
namespace {

// Whether a path is a folder is asked of the file system for this many paths at most: a drag of
// thousands of files must not stall the window while it hovers.
constexpr int kMaxStats = 64;

}  // namespace

QString dropSummary(const QStringList& paths) {
    QStringList sums;
    int files = 0;
    int folders = 0;
    for (qsizetype i = 0; i < paths.size(); ++i) {
        if (i < kMaxStats && QFileInfo(paths[i]).isDir()) {
            ++folders;
        } else if (verify::looks_like_sums_file(toFsPath(paths[i]))) {
            sums << QFileInfo(paths[i]).fileName();
        } else {
            ++files;
        }
    }
    // A checksum file and a folder together: the folder is audited against the file.
    if (paths.size() == 2 && sums.size() == 1 && folders == 1) {
        return DropOverlay::tr("Audit the folder against %1").arg(sums.front());
    }
    QStringList parts;
    if (files > 0) parts << DropOverlay::tr("Hash %1").arg(plural(files, "file", "files"));
    if (folders > 0) {
        parts << (parts.isEmpty() ? DropOverlay::tr("Hash everything in %1") : DropOverlay::tr("everything in %1"))
                     .arg(plural(folders, "folder", "folders"));
    }
    if (sums.size() == 1 && parts.isEmpty()) return DropOverlay::tr("Verify against %1").arg(sums.front());
    if (!sums.isEmpty()) {
        const QString check = plural(static_cast<qint64>(sums.size()), "checksum file", "checksum files");
        parts << (parts.isEmpty() ? DropOverlay::tr("Check %1").arg(check) : DropOverlay::tr("check %1").arg(check));
    }
    return parts.join(DropOverlay::tr(", and "));
}

DropOverlay::DropOverlay(QWidget* parent) : QWidget(parent), label_(new QLabel(this)) {
    setObjectName(QStringLiteral("dropOverlay"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    label_->setObjectName(QStringLiteral("dropOverlayText"));
    label_->setAlignment(Qt::AlignCenter);
    label_->setWordWrap(true);
    label_->setForegroundRole(QPalette::HighlightedText);
    QFont big = label_->font();
    big.setPointSizeF(big.pointSizeF() * 1.8);
    big.setBold(true);
    label_->setFont(big);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(label_);
    setAccessibleName(tr("Drop here"));
    parent->installEventFilter(this);  // follows the page's size
    hide();
}

void DropOverlay::showFor(const QStringList& paths) {
    label_->setText(dropSummary(paths));
    setAccessibleDescription(label_->text());
    setGeometry(parentWidget()->rect());
    raise();
    show();
}

QString DropOverlay::text() const { return isVisible() ? label_->text() : QString(); }

void DropOverlay::paintEvent(QPaintEvent* /*event*/) {
    // The highlight colour, see-through, with a dashed frame: "drop here" on every theme.
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    QColor fill = palette().color(QPalette::Highlight);
    fill.setAlpha(200);
    painter.setBrush(fill);
    QPen pen(palette().color(QPalette::HighlightedText), 3, Qt::DashLine);
    painter.setPen(pen);
    painter.drawRoundedRect(QRectF(rect()).adjusted(6, 6, -6, -6), 12, 12);
}

bool DropOverlay::eventFilter(QObject* watched, QEvent* event) {
    if (watched == parentWidget() && event->type() == QEvent::Resize) setGeometry(parentWidget()->rect());
    return QWidget::eventFilter(watched, event);
}

}  // namespace hashscope::ui
