#include "verify/progress_delegate.hpp"

#include <QApplication>
#include <QStyle>
#include <QStyleOptionProgressBar>

namespace hashscope::ui {

ProgressDelegate::ProgressDelegate(int progressRole, QObject* parent)
    : QStyledItemDelegate(parent), progressRole_(progressRole) {}

void ProgressDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const {
    const QVariant value = index.data(progressRole_);
    if (!value.isValid()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();

    // Keep the row's selection and alternating background under the bar.
    QStyleOptionViewItem background = option;
    initStyleOption(&background, index);
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &background, painter, widget);

    QStyleOptionProgressBar bar;
    bar.direction = option.direction;
    bar.palette = option.palette;
    bar.fontMetrics = option.fontMetrics;
    bar.rect = option.rect.adjusted(3, 3, -3, -3);
    bar.state = option.state | QStyle::State_Horizontal;  // Qt 6 takes the orientation from the state
    bar.minimum = 0;
    bar.maximum = 1000;
    bar.progress = value.toInt();
    bar.text = index.data(Qt::DisplayRole).toString();
    bar.textVisible = true;
    bar.textAlignment = Qt::AlignCenter;
    style->drawControl(QStyle::CE_ProgressBar, &bar, painter, widget);
}

void ElideRightDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const {
    QStyledItemDelegate::initStyleOption(option, index);
    option->textElideMode = Qt::ElideRight;
}

}  // namespace hashscope::ui
