#include "results/undo_bar.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace hashscope::ui {

UndoBar::UndoBar(QWidget* parent) : QFrame(parent), text_(new QLabel(this)) {
    setObjectName(QStringLiteral("resultsUndoBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    text_->setObjectName(QStringLiteral("resultsUndoText"));
    auto* undo = new QPushButton(tr("Undo"), this);
    undo->setObjectName(QStringLiteral("resultsUndoButton"));
    auto* close = new QToolButton(this);
    close->setObjectName(QStringLiteral("resultsUndoClose"));
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Dismiss: delete the files now"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(6, 2, 2, 2);
    row->addWidget(text_, 1);
    row->addWidget(undo);
    row->addWidget(close);
    connect(undo, &QPushButton::clicked, this, [this] {
        hide();
        emit undoRequested();
    });
    connect(close, &QToolButton::clicked, this, [this] {
        hide();
        emit dismissed();
    });
    hide();
}

void UndoBar::showMessage(const QString& text) {
    text_->setText(text);
    show();
}

}  // namespace hashscope::ui
