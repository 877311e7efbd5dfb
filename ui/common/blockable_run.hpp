// BlockableRun: what the Benchmark page and the Self-test box share as measuring jobs that must
// not run beside each other (main/exclusive_runs.hpp): Run and Cancel, and the block that another
// job's run puts on Run. While blocked, the Run button says why in its tooltip and so does the
// status line; lifted, the line shows again what it said before, unless something newer has
// replaced the reason meanwhile. A mixin beside the widget base, which owns the line and button.
#pragma once

#include <QString>

class QAbstractButton;
class QLabel;

namespace hashscope::ui {

class BlockableRun {
public:
    BlockableRun() = default;
    BlockableRun(const BlockableRun&) = delete;
    BlockableRun& operator=(const BlockableRun&) = delete;
    virtual ~BlockableRun() = default;

    // What the Run and Cancel buttons do.
    virtual void run() = 0;
    virtual void cancel() = 0;
    // cancel(), then waits for the worker: for closing the window. The worker stops soon (within
    // a sample, a random message).
    virtual void shutdown() = 0;
    [[nodiscard]] virtual bool running() const = 0;
    // Another job whose work would disturb this one's figures, or be disturbed by it: while
    // `reason` is not empty the Run button is off and says why, and so does the status line;
    // run() does nothing. Empty lifts the block. Cancel is never blocked.
    void setBlockedBy(const QString& reason);
    [[nodiscard]] const QString& blockedBy() const { return blockedBy_; }

protected:
    // Where a block shows: the status line and the Run button, both the owner's (they outlive this
    // object's use). Once, when they exist; the button's tooltip then is its own.
    void showBlocksOn(QLabel* line, QAbstractButton* runButton);
    // Called after the block changed: Run is enabled only while blockedBy() is empty.
    virtual void refresh() = 0;

private:
    QLabel* line_ = nullptr;
    QAbstractButton* runButton_ = nullptr;
    QString blockedBy_;
    QString runToolTip_;  // the button's own, back when a block is lifted
    // What the line said before a block's reason replaced it, back when the block is lifted.
    QString lineBeforeBlock_, styleBeforeBlock_;
};

}  // namespace hashscope::ui
