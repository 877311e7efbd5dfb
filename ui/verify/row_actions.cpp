#include "verify/row_actions.hpp"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QMenu>
#include <QTableView>
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

}  // namespace

RowActions::RowActions(QTableView* table, RowFilterModel* proxy, FileTableModel* model, VerifyController* controller)
    : QObject(table),
      table_(table),
      proxy_(proxy),
      model_(model),
      controller_(controller),
      copy_(makeAction(tr("&Copy"), QStringLiteral("copyAction"), this)),
      copyRows_(makeAction(tr("Copy &rows"), QStringLiteral("copyRowsAction"), this)),
      remove_(makeAction(tr("&Remove"), QStringLiteral("removeAction"), this)),
      reverify_(makeAction(tr("Re-&verify"), QStringLiteral("reverifyAction"), this)),
      copyAll_(new QMenu(tr("Copy &all as"), table)) {
    copyAll_->setObjectName(QStringLiteral("copyAllMenu"));
    copy_->setShortcut(QKeySequence::Copy);
    copy_->setToolTip(tr("Copy the digests of the selected rows in the current column, or the rows"));
    remove_->setShortcut(QKeySequence::Delete);
    reverify_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    reverify_->setToolTip(tr("Read the selected files again (all of them when none is selected)"));
    // Active while the table has the focus: elsewhere Ctrl+C and Delete keep their usual meaning.
    for (QAction* action : {copy_, remove_, reverify_}) {
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        table_->addAction(action);
    }
    connect(copy_, &QAction::triggered, this, [this] { QGuiApplication::clipboard()->setText(copyText()); });
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

QString RowActions::copyText() const {
    const QVector<const VerifyRow*> rows = selectedRows();
    const QString algorithm = model_->algorithmAt(table_->currentIndex().column());
    QStringList lines;
    for (const VerifyRow* row : rows) {
        if (algorithm.isEmpty()) {
            lines << rowLine(*row, model_->algorithms());
        } else if (const RowDigest* d = row->digest(algorithm)) {
            lines << d->hex;  // just the digest: what a web form or a chat message wants
        }
    }
    return lines.join(QLatin1Char('\n'));
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

void RowActions::showContextMenu(const QPoint& pos) {
    QMenu menu(table_);
    const QString algorithm = model_->algorithmAt(table_->indexAt(pos).column());
    copy_->setText(algorithm.isEmpty() ? tr("&Copy") : tr("&Copy %1").arg(algorithmDisplay(algorithm)));
    menu.addAction(copy_);
    menu.addAction(copyRows_);
    menu.addMenu(copyAll_);
    menu.addMenu(s3Menu_);
    menu.addSeparator();
    menu.addAction(reverify_);
    menu.addAction(remove_);
    menu.exec(table_->viewport()->mapToGlobal(pos));
    copy_->setText(tr("&Copy"));
}

void RowActions::updateEnabled() {
    const bool any = table_->selectionModel()->hasSelection();
    copy_->setEnabled(any);
    copyRows_->setEnabled(any);
    if (s3Menu_ != nullptr) s3Menu_->setEnabled(any);
    remove_->setEnabled(any);
}

}  // namespace hashscope::ui
