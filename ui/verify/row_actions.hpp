// RowActions: what can be done to the rows from the keyboard, the context menu and the Edit menu:
// copy a digest (Ctrl+C on a digest cell), copy rows, copy all as GNU / BSD / Markdown,
// re-verify, remove (Delete). The rows copied are those shown, in the order shown.
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
    [[nodiscard]] QAction* copyRows() const { return copyRows_; }
    [[nodiscard]] QAction* remove() const { return remove_; }
    [[nodiscard]] QAction* reverify() const { return reverify_; }
    // GNU (one entry per algorithm shown), BSD tag, Markdown; rebuilt each time it opens.
    [[nodiscard]] QMenu* copyAllMenu() const { return copyAll_; }
    // Copy as S3 value: what S3 would show for the selected files.
    [[nodiscard]] S3ValueMenu* s3Menu() const { return s3Menu_; }

    [[nodiscard]] QVector<const VerifyRow*> shownRows() const;
    [[nodiscard]] QVector<const VerifyRow*> selectedRows() const;
    [[nodiscard]] QVector<RowId> selectedIds() const;

    // The clipboard text of each action, also for tests.
    [[nodiscard]] QString copyText() const;  // what Ctrl+C copies now
    [[nodiscard]] QString allAs(verify::SumsFormat format, const QStringList& algorithms) const;
    [[nodiscard]] QString allAsMarkdown() const;

private:
    void showContextMenu(const QPoint& pos);
    void fillCopyAllMenu();
    void updateEnabled();

    QTableView* table_;
    RowFilterModel* proxy_;
    FileTableModel* model_;
    VerifyController* controller_;
    QAction* copy_;
    QAction* copyRows_;
    QAction* remove_;
    QAction* reverify_;
    QMenu* copyAll_;
    S3ValueMenu* s3Menu_ = nullptr;
};

}  // namespace hashscope::ui
