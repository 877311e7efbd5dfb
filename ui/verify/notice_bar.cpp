#include "verify/notice_bar.hpp"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace hashscope::ui {

NoticeBar::NoticeBar(QWidget* parent) : QWidget(parent), layout_(new QVBoxLayout(this)) {
    setObjectName(QStringLiteral("noticeBar"));
    layout_->setContentsMargins(0, 0, 0, 0);
    layout_->setSpacing(2);
    setVisible(false);
}

void NoticeBar::post(const QString& key, const QString& text, const QVector<NoticeAction>& actions,
                     const QString& tooltip) {
    // A growing count updates its line in place: no widgets made and destroyed 25 times a second.
    for (const Notice& n : notices_) {
        if (n.key != key || !actions.isEmpty() || n.widget->findChild<QPushButton*>()) continue;
        auto* label = n.widget->findChild<QLabel*>(QStringLiteral("noticeText"));
        label->setText(text);
        label->setToolTip(tooltip);
        return;
    }
    dismiss(key);
    while (notices_.size() >= kMaxNotices) dismiss(notices_.front().key);

    auto* frame = new QFrame(this);
    frame->setObjectName(QStringLiteral("notice-") + key);
    frame->setFrameShape(QFrame::StyledPanel);
    frame->setAutoFillBackground(true);
    frame->setBackgroundRole(QPalette::AlternateBase);
    auto* row = new QHBoxLayout(frame);
    row->setContentsMargins(6, 2, 2, 2);
    auto* icon = new QLabel(frame);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxInformation).pixmap(16, 16));
    auto* label = new QLabel(text, frame);
    label->setObjectName(QStringLiteral("noticeText"));
    label->setToolTip(tooltip);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    row->addWidget(icon);
    row->addWidget(label, 1);
    for (const NoticeAction& action : actions) {
        auto* button = new QPushButton(action.text, frame);
        button->setObjectName(action.objectName);
        connect(button, &QPushButton::clicked, this, [this, key, run = action.run, dismisses = action.dismisses] {
            if (dismisses) dismiss(key);  // before running: the action may show a new notice
            if (run) run();
        });
        row->addWidget(button);
    }
    auto* close = new QToolButton(frame);
    close->setObjectName(QStringLiteral("noticeClose"));
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Dismiss"));
    connect(close, &QToolButton::clicked, this, [this, key] { dismiss(key); });
    row->addWidget(close);

    layout_->addWidget(frame);
    notices_.push_back({key, frame});
    setVisible(true);
}

void NoticeBar::dismiss(const QString& key) {
    for (qsizetype i = 0; i < notices_.size(); ++i) {
        if (notices_[i].key != key) continue;
        notices_[i].widget->hide();
        notices_[i].widget->setObjectName(QStringLiteral("notice-dismissed"));  // not found while it lingers
        notices_[i].widget->deleteLater();  // we may be inside one of its buttons' signals
        notices_.remove(i);
        break;
    }
    setVisible(!notices_.isEmpty());
}

void NoticeBar::dismissAll() {
    while (!notices_.isEmpty()) dismiss(notices_.front().key);
}

QString NoticeBar::text(const QString& key) const {
    for (const Notice& n : notices_) {
        if (n.key == key) {
            if (const auto* label = n.widget->findChild<QLabel*>(QStringLiteral("noticeText"))) return label->text();
        }
    }
    return {};
}

}  // namespace hashscope::ui
