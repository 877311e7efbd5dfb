#include "common/blockable_run.hpp"

#include <QAbstractButton>
#include <QLabel>

namespace hashscope::ui {

void BlockableRun::showBlocksOn(QLabel* line, QAbstractButton* runButton) {
    line_ = line;
    runButton_ = runButton;
    runToolTip_ = runButton->toolTip();
}

void BlockableRun::setBlockedBy(const QString& reason) {
    if (reason == blockedBy_) return;
    if (blockedBy_.isEmpty()) {
        lineBeforeBlock_ = line_->text();
        styleBeforeBlock_ = line_->styleSheet();
    }
    // Only our own reason is taken back: a newer message (a saved chart, say) stays.
    const bool reasonShown = !blockedBy_.isEmpty() && line_->text() == blockedBy_;
    blockedBy_ = reason;
    if (!reason.isEmpty()) {
        line_->setText(reason);
        line_->setStyleSheet({});
    } else if (reasonShown) {
        line_->setText(lineBeforeBlock_);
        line_->setStyleSheet(styleBeforeBlock_);
    }
    runButton_->setToolTip(blockedBy_.isEmpty() ? runToolTip_ : blockedBy_);
    refresh();
}

}  // namespace hashscope::ui
