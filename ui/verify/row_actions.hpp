// RowActions: what can be done to the rows from the keyboard, the context menu and the Edit menu:
// copy digests (Ctrl+C: the clicked column's algorithm, else the first shown), a name and digest
// as a checksum-file line, paths or whole rows; copy all as GNU / BSD / Markdown; open the
// containing folder; re-verify, skip, remove (Delete). An action that makes no sense for the
// selection (no digest yet, a row still running) is disabled. The rows copied are those shown,
// in the order shown.
#pragma once

#include <QObject>
#include <QStringList>
#include <QVector>

#include "hashscope/verify/sums_file.hpp"
#include "verify/verify_types.hpp"

class QAction;
class QMenu;
class QTableView;

namespace hashscope::ui {

class FileTableModel;
class RowFilterModel;
class S3ValueMenu;
class VerifyController;
struct VerifyRow;

class RowActions : public QObject {
    Q_OBJECT

public:
    RowActions(QTableView* table, RowFilterModel* proxy, FileTableModel* model, VerifyController* controller);

    [[nodiscard]] QAction* copy() const { return copy_; }
    [[nodiscard]] QAction* copyLine() const { return copyLine_; }
    [[nodiscard]] QAction* copyPath() const { return copyPath_; }
    [[nodiscard]] QAction* copyRows() const { return copyRows_; }
    [[nodiscard]] QAction* showInFolder() const { return showInFolder_; }
    [[nodiscard]] QAction* remove() const { return remove_; }
    [[nodiscard]] QAction* reverify() const { return reverify_; }
    [[nodiscard]] QAction* skip() const { return skip_; }
    // GNU (one entry per algorithm shown), BSD tag, Markdown; rebuilt each time it opens.
    [[nodiscard]] QMenu* copyAllMenu() const { return copyAll_; }
    // Copy as S3 value: what S3 would show for the selected files.
    [[nodiscard]] S3ValueMenu* s3Menu() const { return s3Menu_; }

    [[nodiscard]] QVector<const VerifyRow*> shownRows() const;
    [[nodiscard]] QVector<const VerifyRow*> selectedRows() const;
    [[nodiscard]] QVector<RowId> selectedIds() const;

    // The clipboard text of each action, also for tests.
    [[nodiscard]] QString copyText() const;      // what Ctrl+C copies now: digests
    [[nodiscard]] QString copyLineText() const;  // "digest  name" lines, as a GNU checksum file
    [[nodiscard]] QString copyPathText() const;
    // The context menu for a click at `pos` in the table's viewport (the caller owns it); the
    // actions' enabled states are current.
    [[nodiscard]] QMenu* makeContextMenu(const QPoint& pos);
    void updateEnabled();
    [[nodiscard]] QString allAs(verify::SumsFormat format, const QStringList& algorithms) const;
    [[nodiscard]] QString allAsMarkdown() const;

private:
    void showContextMenu(const QPoint& pos);
    void fillCopyAllMenu();
    // The algorithm a digest is copied in for `row`: the current column's, else the first shown
    // that the row has; empty when it has none yet.
    [[nodiscard]] QString digestAlgorithm(const VerifyRow& row) const;

    QTableView* table_;
    RowFilterModel* proxy_;
    FileTableModel* model_;
    VerifyController* controller_;
    QAction* copy_;
    QAction* copyLine_;
    QAction* copyPath_;
    QAction* copyRows_;
    QAction* showInFolder_;
    QAction* remove_;
    QAction* reverify_;
    QAction* skip_;
    QMenu* copyAll_;
    S3ValueMenu* s3Menu_ = nullptr;
};

}  // namespace hashscope::ui
