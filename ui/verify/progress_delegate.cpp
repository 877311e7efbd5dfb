#include "verify/progress_delegate.hpp"

#include <QPainter>
#include <QStyle>
#include <algorithm>

namespace hashscope::ui {
namespace {

constexpr int kBarHeight = 3;  // pixels: thin, in the margin under the text

}  // namespace

ProgressDelegate::ProgressDelegate(int progressRole, QObject* parent)
    : QStyledItemDelegate(parent), progressRole_(progressRole) {}

void ProgressDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const {
    // The cell as usual (its text says the per cent), and while the file is read a thin bar along
    // its foot: it shows the bytes read at a glance without hiding the row's text or selection.
    QStyledItemDelegate::paint(painter, option, index);
    const QVariant value = index.data(progressRole_);
    if (!value.isValid()) return;
    const int perMille = std::clamp(value.toInt(), 0, 1000);
    const bool selected = (option.state & QStyle::State_Selected) != 0;
    const QColor fill = option.palette.color(selected ? QPalette::HighlightedText : QPalette::Highlight);
    QColor track = option.palette.color(QPalette::Text);
    track.setAlpha(50);
    const QRect cell = option.rect.adjusted(3, 0, -3, 0);
    const QRect bar(cell.left(), cell.bottom() - kBarHeight + 1, cell.width(), kBarHeight);
    painter->save();
    painter->fillRect(bar, track);
    painter->fillRect(QRect(bar.left(), bar.top(), bar.width() * perMille / 1000, bar.height()), fill);
    painter->restore();
}

void ElideRightDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const {
    QStyledItemDelegate::initStyleOption(option, index);
    option->textElideMode = Qt::ElideRight;
}

}  // namespace hashscope::ui
