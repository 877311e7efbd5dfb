#include "verify/row_actions.hpp"

#include <QAction>
#include <QClipboard>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QMenu>
#include <QTableView>
#include <QUrl>
#include <algorithm>

#include "verify/algorithm_names.hpp"
#include "verify/file_table_model.hpp"
#include "verify/row_filter_model.hpp"
#include "verify/row_status.hpp"
#include "verify/s3_value_menu.hpp"
#include "verify/sums_text.hpp"
#include "verify/verify_controller.hpp"

namespace hashscope::ui {
namespace {

QAction* makeAction(const QString& text, const QString& name, QObject* parent) {
    auto* action = new QAction(text, parent);
    action->setObjectName(name);
    return action;
}

// A tooltip that names the shortcut, as the menus do.
void describe(QAction* action, const QString& what) {
    action->setToolTip(action->shortcut().isEmpty() ? what
                                                    : QStringLiteral("%1 (%2)").arg(
                                                          what, action->shortcut().toString(QKeySequence::NativeText)));
    action->setStatusTip(what);
}

// At most this many folders open at once from one click: selecting a thousand rows in a
// thousand folders should not open a thousand windows.
constexpr int kMaxFoldersOpened = 5;

}  // namespace

RowActions::RowActions(QTableView* table, RowFilterModel* proxy, FileTableModel* model, VerifyController* controller)
    : QObject(table),
      table_(table),
      proxy_(proxy),
      model_(model),
      controller_(controller),
      copy_(makeAction(tr("&Copy digest"), QStringLiteral("copyAction"), this)),
      copyLine_(makeAction(tr("Copy &name + digest"), QStringLiteral("copyLineAction"), this)),
      copyPath_(makeAction(tr("Copy &path"), QStringLiteral("copyPathAction"), this)),
      copyRows_(makeAction(tr("Copy &rows"), QStringLiteral("copyRowsAction"), this)),
      showInFolder_(makeAction(tr("Open containing &folder"), QStringLiteral("showInFolderAction"), this)),
      remove_(makeAction(tr("&Remove"), QStringLiteral("removeAction"), this)),
      reverify_(makeAction(tr("Re-&verify"), QStringLiteral("reverifyAction"), this)),
      skip_(makeAction(tr("&Skip"), QStringLiteral("skipAction"), this)),
      copyAll_(new QMenu(tr("Copy &all as"), table)) {
    copyAll_->setObjectName(QStringLiteral("copyAllMenu"));
    copy_->setShortcut(QKeySequence::Copy);
    copyRows_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    remove_->setShortcut(QKeySequence::Delete);
    reverify_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    skip_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    describe(copy_, tr("Copy the digests of the selected rows (the clicked column's algorithm, else the first)"));
    describe(copyLine_, tr("Copy \"digest  name\" lines of the selected rows, as a checksum file has them"));
    describe(copyPath_, tr("Copy the full paths of the selected files"));
    describe(copyRows_, tr("Copy the selected rows: path, size, digests and status, tab-separated"));
    describe(showInFolder_, tr("Open the folder that holds the selected file in the file manager"));
    describe(remove_, tr("Remove the selected rows (a file being read stops)"));
    describe(reverify_, tr("Read the selected files again (all of them when none is selected)"));
    describe(skip_, tr("Stop reading the selected files, or take them out of the queue"));
    // Active while the table has the focus: elsewhere Ctrl+C and Delete keep their usual meaning.
    for (QAction* action : {copy_, copyRows_, remove_, reverify_, skip_}) {
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        table_->addAction(action);
    }
    connect(copy_, &QAction::triggered, this, [this] { QGuiApplication::clipboard()->setText(copyText()); });
    connect(copyLine_, &QAction::triggered, this, [this] { QGuiApplication::clipboard()->setText(copyLineText()); });
    connect(copyPath_, &QAction::triggered, this, [this] { QGuiApplication::clipboard()->setText(copyPathText()); });
    connect(showInFolder_, &QAction::triggered, this, [this] {
        QStringList folders;
        for (const VerifyRow* row : selectedRows()) {
            const QString folder = QFileInfo(row->path).absolutePath();
            if (!folders.contains(folder)) folders << folder;
            if (folders.size() == kMaxFoldersOpened) break;
        }
        for (const QString& folder : folders) QDesktopServices::openUrl(QUrl::fromLocalFile(folder));
    });
    connect(skip_, &QAction::triggered, this, [this] { controller_->skip(selectedIds()); });
    connect(copyRows_, &QAction::triggered, this, [this] {
        QStringList lines;
        for (const VerifyRow* row : selectedRows()) lines << rowLine(*row, model_->algorithms());
        QGuiApplication::clipboard()->setText(lines.join(QLatin1Char('\n')));
    });
    connect(remove_, &QAction::triggered, this, [this] { controller_->remove(selectedIds()); });
    connect(reverify_, &QAction::triggered, this, [this] {
        QVector<RowId> ids = selectedIds();
        if (ids.isEmpty()) {
            for (const VerifyRow* row : shownRows()) ids << row->id;
        }
        controller_->reverify(ids);
    });
    s3Menu_ = new S3ValueMenu(
        &controller_->pool(),
        [this] {
            QVector<QPair<QString, QString>> rows;
            for (const VerifyRow* row : selectedRows()) {
                if (wasRead(row->status)) rows.push_back({row->path, row->name});
            }
            return rows;
        },
        table_);
    connect(copyAll_, &QMenu::aboutToShow, this, &RowActions::fillCopyAllMenu);
    fillCopyAllMenu();

    table_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table_, &QWidget::customContextMenuRequested, this, &RowActions::showContextMenu);
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &RowActions::updateEnabled);
    connect(proxy_, &QAbstractItemModel::modelReset, this, &RowActions::updateEnabled);
    // A row finishing (a digest arrives, a read ends) changes what can be done to it.
    connect(controller_, &VerifyController::rowsChanged, this, &RowActions::updateEnabled);
    updateEnabled();
}

QVector<const VerifyRow*> RowActions::shownRows() const {
    QVector<const VerifyRow*> rows;
    rows.reserve(proxy_->rowCount());
    for (int r = 0; r < proxy_->rowCount(); ++r) rows << &model_->at(proxy_->mapToSource(proxy_->index(r, 0)).row());
    return rows;
}

QVector<const VerifyRow*> RowActions::selectedRows() const {
    QModelIndexList selected = table_->selectionModel()->selectedRows();
    std::sort(selected.begin(), selected.end(),
              [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    QVector<const VerifyRow*> rows;
    for (const QModelIndex& index : selected) rows << &model_->at(proxy_->mapToSource(index).row());
    return rows;
}

QVector<RowId> RowActions::selectedIds() const {
    QVector<RowId> ids;
    for (const VerifyRow* row : selectedRows()) ids << row->id;
    return ids;
}

QString RowActions::digestAlgorithm(const VerifyRow& row) const {
    const QString current = model_->algorithmAt(table_->currentIndex().column());
    if (!current.isEmpty()) return row.digest(current) ? current : QString();
    for (const QString& id : model_->algorithms()) {
        if (row.digest(id) != nullptr) return id;
    }
    return {};
}

QString RowActions::copyText() const {
    QStringList lines;
    for (const VerifyRow* row : selectedRows()) {
        // Just the digest: what a web form or a chat message wants.
        if (const QString algorithm = digestAlgorithm(*row); !algorithm.isEmpty()) lines << row->digest(algorithm)->hex;
    }
    return lines.join(QLatin1Char('\n'));
}

QString RowActions::copyLineText() const {
    // The line Save sums would write for the row (GNU), with the name the row shows.
    QStringList lines;
    for (const VerifyRow* row : selectedRows()) {
        const QString algorithm = digestAlgorithm(*row);
        if (algorithm.isEmpty()) continue;
        lines << QString::fromUtf8(sumsText({row}, verify::SumsFormat::gnu, {algorithm}).text).trimmed();
    }
    return lines.join(QLatin1Char('\n'));
}

QString RowActions::copyPathText() const {
    QStringList paths;
    for (const VerifyRow* row : selectedRows()) paths << QDir::toNativeSeparators(row->path);
    return paths.join(QLatin1Char('\n'));
}

QString RowActions::allAs(verify::SumsFormat format, const QStringList& algorithms) const {
    return QString::fromUtf8(sumsText(shownRows(), format, algorithms).text);
}

QString RowActions::allAsMarkdown() const { return markdownTable(shownRows(), model_->algorithms()); }

void RowActions::fillCopyAllMenu() {
    copyAll_->clear();
    auto put = [](const QString& text) { QGuiApplication::clipboard()->setText(text); };
    for (const QString& id : model_->algorithms()) {
        QAction* gnu = copyAll_->addAction(tr("GNU (%1)").arg(algorithmDisplay(id)));
        gnu->setObjectName(QStringLiteral("copyGnu_") + id);
        connect(gnu, &QAction::triggered, this, [this, id, put] { put(allAs(verify::SumsFormat::gnu, {id})); });
    }
    QAction* bsd = copyAll_->addAction(tr("BSD tag (every algorithm)"));
    bsd->setObjectName(QStringLiteral("copyBsd"));
    connect(bsd, &QAction::triggered, this, [this, put] { put(allAs(verify::SumsFormat::bsd, model_->algorithms())); });
    QAction* markdown = copyAll_->addAction(tr("Markdown table"));
    markdown->setObjectName(QStringLiteral("copyMarkdown"));
    connect(markdown, &QAction::triggered, this, [this, put] { put(allAsMarkdown()); });
}

QMenu* RowActions::makeContextMenu(const QPoint& pos) {
    auto* menu = new QMenu(table_);
    menu->setObjectName(QStringLiteral("rowContextMenu"));
    const QString algorithm = model_->algorithmAt(table_->indexAt(pos).column());
    copy_->setText(algorithm.isEmpty() ? tr("&Copy digest") : tr("&Copy %1").arg(algorithmDisplay(algorithm)));
    connect(menu, &QMenu::aboutToHide, this, [this] { copy_->setText(tr("&Copy digest")); });
    updateEnabled();
    menu->addAction(copy_);
    menu->addAction(copyLine_);
    menu->addAction(copyPath_);
    menu->addAction(copyRows_);
    menu->addMenu(copyAll_);
    menu->addMenu(s3Menu_);
    menu->addSeparator();
    menu->addAction(showInFolder_);
    menu->addSeparator();
    menu->addAction(reverify_);
    menu->addAction(skip_);
    menu->addAction(remove_);
    return menu;
}

void RowActions::showContextMenu(const QPoint& pos) {
    QMenu* menu = makeContextMenu(pos);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(table_->viewport()->mapToGlobal(pos));
}

void RowActions::updateEnabled() {
    const QVector<const VerifyRow*> rows = selectedRows();
    bool digest = false;
    bool finished = false;
    bool running = false;
    for (const VerifyRow* row : rows) {
        digest = digest || !digestAlgorithm(*row).isEmpty();
        finished = finished || (isFinal(row->status) && !row->reading);
        running = running || controller_->skippable(row->id);
    }
    const bool any = !rows.isEmpty();
    copy_->setEnabled(digest);
    copyLine_->setEnabled(digest);
    copyPath_->setEnabled(any);
    copyRows_->setEnabled(any);
    showInFolder_->setEnabled(any);
    if (s3Menu_ != nullptr) s3Menu_->setEnabled(digest);
    remove_->setEnabled(any);
    // With no selection it re-verifies every row shown; with one, only finished rows can go again.
    reverify_->setEnabled(!any || finished);
    skip_->setEnabled(running);
}

}  // namespace hashscope::ui
