#include "verify/verify_page.hpp"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QPushButton>
#include <QStackedWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "verify/algorithm_picker.hpp"
#include "verify/digest_match.hpp"
#include "verify/drop_overlay.hpp"
#include "verify/expected_box.hpp"
#include "verify/file_table_model.hpp"
#include "verify/key_import.hpp"
#include "verify/metadata_drop.hpp"
#include "verify/notice_bar.hpp"
#include "verify/object_value_check.hpp"
#include "verify/progress_delegate.hpp"
#include "verify/row_actions.hpp"
#include "verify/row_filter_model.hpp"
#include "verify/s3_value_menu.hpp"
#include "verify/signature_strip.hpp"
#include "verify/summary_bar.hpp"
#include "verify/sums_saver.hpp"
#include "verify/verify_controller.hpp"

namespace hashscope::ui {
namespace {

// The summary and the box follow the rows at most this often; the workers batch at 40 ms.
constexpr int kRefreshMs = 100;
constexpr int kTickMs = 500;

QTableView* makeTable(RowFilterModel* proxy, QWidget* parent) {
    auto* table = new QTableView(parent);
    table->setObjectName(QStringLiteral("fileTable"));
    table->setModel(proxy);
    table->setItemDelegateForColumn(FileTableModel::Progress,
                                    new ProgressDelegate(FileTableModel::ProgressRole, table));
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setAlternatingRowColors(true);
    table->setShowGrid(false);
    table->setWordWrap(false);
    table->setTextElideMode(Qt::ElideMiddle);  // digests keep both ends visible; tooltips hold all
    // Fixed row heights and no resize-to-contents anywhere: 20,000 rows are never measured.
    table->verticalHeader()->hide();
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
    QHeaderView* header = table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(true);
    header->setHighlightSections(false);
    // In the order added until a header is clicked; a third click returns to that order.
    header->setSortIndicatorClearable(true);
    header->setSortIndicator(-1, Qt::AscendingOrder);
    table->setSortingEnabled(true);
    return table;
}

}  // namespace

VerifyPage::VerifyPage(QWidget* parent)
    : QWidget(parent),
      model_(new FileTableModel(this)),
      proxy_(new RowFilterModel(this)),
      controller_(new VerifyController(model_, this)),
      expected_(new ExpectedBox(this)),
      objectCheck_(new ObjectValueCheck(&controller_->pool(), this)),
      picker_(new AlgorithmPicker(this)),
      notices_(new NoticeBar(this)),
      signatures_(new SignatureStrip(this)),
      stack_(new QStackedWidget(this)),
      summary_(new SummaryBar(this)),
      refreshTimer_(new QTimer(this)),
      tickTimer_(new QTimer(this)) {
    setObjectName(QStringLiteral("verifyPage"));
    proxy_->setSourceModel(model_);
    controller_->setAlgorithms(picker_->selected());
    table_ = makeTable(proxy_, stack_);
    emptyState_ = makeEmptyState();
    stack_->addWidget(emptyState_);
    stack_->addWidget(table_);
    rowActions_ = new RowActions(table_, proxy_, model_, controller_);
    saver_ = new SumsSaver(rowActions_, model_, controller_, this);
    makeActions();

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(expected_);
    layout->addWidget(makeToolbar());
    layout->addWidget(notices_);
    layout->addWidget(signatures_);
    layout->addWidget(stack_, 1);
    layout->addWidget(summary_);

    refreshTimer_->setSingleShot(true);
    refreshTimer_->setInterval(kRefreshMs);
    connect(refreshTimer_, &QTimer::timeout, this, &VerifyPage::refresh);
    tickTimer_->setInterval(kTickMs);
    connect(tickTimer_, &QTimer::timeout, this, &VerifyPage::refresh);
    connect(expected_, &ExpectedBox::textChanged, this, &VerifyPage::evaluateExpected);
    connect(objectCheck_, &ObjectValueCheck::changed, this, &VerifyPage::evaluateExpected);
    connect(rowActions_->s3Menu(), &S3ValueMenu::copied, this, [this](const QString& summary) {
        notices_->post(QStringLiteral("s3Copied"), tr("Copied the %1").arg(summary));
    });
    connect(rowActions_->s3Menu(), &S3ValueMenu::failed, this, [this](const QString& reason) {
        notices_->post(QStringLiteral("s3Copied"), tr("No S3 value copied: %1").arg(reason));
    });
    connect(picker_, &AlgorithmPicker::selectionChanged, this, [this](const QStringList& ids) {
        controller_->setAlgorithms(ids);
        applyColumnWidths();
        scheduleRefresh();
    });
    connect(model_, &QAbstractItemModel::columnsInserted, this, &VerifyPage::applyColumnWidths);
    connect(model_, &QAbstractItemModel::modelReset, this, &VerifyPage::applyColumnWidths);
    connectController();
    applyColumnWidths();
    dropOverlay_ = new DropOverlay(this);
    describeControls();
    refresh();
}

VerifyPage::~VerifyPage() { shutdown(); }

void VerifyPage::addPaths(const QStringList& paths, bool asFiles) {
    QStringList files;
    for (const QString& path : paths) {
        if (asFiles || !mayBeMetadata(path)) {
            files << path;
            continue;
        }
        // Read on the pool (a JSON file may sit on a slow mount); metadata fills the expected box,
        // any other JSON file is hashed like the rest.
        auto* watcher = new QFutureWatcher<std::optional<MetadataValue>>(this);
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path] {
            watcher->deleteLater();
            const auto found = watcher->result();
            if (!found) {
                controller_->addPaths({path});
                return;
            }
            objectCheck_->setMetadata(found->value, found->metadata);
            expected_->setText(found->value);
            QString text = tr("Expected value from %1 metadata %2: %3")
                               .arg(found->source, QFileInfo(path).fileName(), found->field);
            if (found->others > 0) {
                text += tr(" (%n more checksum(s) in it: hashscope-cli verify FILE --remote checks them all)", nullptr,
                           found->others);
            }
            notices_->post(QStringLiteral("metadata"), text);
        });
        watcher->setFuture(QtConcurrent::run(&controller_->pool(), [path] { return readMetadataValue(path); }));
    }
    if (!files.isEmpty()) controller_->addPaths(files, asFiles);
}

void VerifyPage::openFilesDialog() {
    // Window-modal with open(), not exec(): no nested event loop while workers report.
    auto* dialog = new QFileDialog(this, tr("Open files to verify or hash"));
    dialog->setFileMode(QFileDialog::ExistingFiles);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setNameFilters({tr("Any file (*)"), tr("Checksum files (*SUMS *.sha* *.md5 *.b3 *.sfv *.txt)")});
    connect(dialog, &QFileDialog::filesSelected, this, [this](const QStringList& files) { addPaths(files); });
    dialog->open();
}

void VerifyPage::openFolderDialog() {
    auto* dialog = new QFileDialog(this, tr("Open a folder: every file below it is hashed"));
    dialog->setFileMode(QFileDialog::Directory);
    dialog->setOption(QFileDialog::ShowDirsOnly);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& folder) { addPaths({folder}); });
    dialog->open();
}

void VerifyPage::importKeyDialog(const QString& sumsPath) {
    auto* dialog = new QFileDialog(this, tr("Import the key that signed %1").arg(QFileInfo(sumsPath).fileName()),
                                   QFileInfo(sumsPath).absolutePath());
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setNameFilters({tr("OpenPGP keys (*.asc *.gpg *.key *.pub *.pgp)"), tr("Any file (*)")});
    connect(dialog, &QFileDialog::fileSelected, this,
            [this, sumsPath](const QString& keyFile) { importKey(sumsPath, keyFile); });
    dialog->open();
}

void VerifyPage::importKey(const QString& sumsPath, const QString& keyFile) {
    auto* job = new KeyImport(sumsPath, keyFile, controller_->pool(), this);
    connect(job, &KeyImport::finished, this,
            [this, job](const QString& path, bool imported, const QString& message, SignatureTone tone,
                        const QString& text, bool offerImport) {
                job->deleteLater();
                signatures_->setLine(path, tone, text, offerImport);
                notices_->post(QStringLiteral("key:") + path,
                               imported ? tr("Imported into your GnuPG keyring: %1.").arg(message)
                                        : tr("The key was not imported: %1").arg(message));
            });
}

void VerifyPage::cancel() {
    controller_->cancel();
    objectCheck_->cancel();
}

void VerifyPage::setPaused(bool paused) { paused ? controller_->pause() : controller_->resume(); }

void VerifyPage::showDropHint(const QStringList& paths) { dropOverlay_->showFor(paths); }

void VerifyPage::hideDropHint() { dropOverlay_->hide(); }

void VerifyPage::shutdown() {
    objectCheck_->cancel();
    controller_->shutdown();
}

bool VerifyPage::busy() const { return controller_->busy(); }

QList<QAction*> VerifyPage::fileActions() const { return {open_, openFolder_, save_}; }

QList<QAction*> VerifyPage::editActions() const {
    return {rowActions_->copy(),
            rowActions_->copyLine(),
            rowActions_->copyPath(),
            paste_,
            rowActions_->remove(),
            nullptr,
            rowActions_->reverify(),
            rowActions_->skip(),
            pause_,
            cancel_,
            clear_};
}

void VerifyPage::scheduleRefresh() {
    if (!refreshTimer_->isActive()) refreshTimer_->start();
}

void VerifyPage::refresh() {
    const bool empty = model_->rowCount() == 0;
    // The first rows take the place of the empty state: a keyboard user who was there (or
    // nowhere, as after a file dialog) goes on in the table, not wherever hiding it sends focus.
    const QWidget* focus = QApplication::focusWidget();
    const bool focusToTable = !empty && stack_->currentWidget() == emptyState_ &&
                              (focus == nullptr || focus == emptyState_ || emptyState_->isAncestorOf(focus));
    stack_->setCurrentWidget(empty ? emptyState_ : static_cast<QWidget*>(table_));
    if (focusToTable) table_->setFocus();
    const bool busy = controller_->busy();
    cancel_->setEnabled(busy);
    pause_->setEnabled(busy || controller_->paused());
    clear_->setEnabled(!empty || busy);
    save_->setEnabled(!empty);
    summary_->update(*model_, controller_->bytesReadTotal(), controller_->elapsedNs(), busy, controller_->paused());
    if (!expected_->text().trimmed().isEmpty()) evaluateExpected();
}

void VerifyPage::evaluateExpected() {
    // A store's value with a part count ("BASE64-N", "HEX-N") is matched file by file, not by digest.
    if (const auto object = objectCheck_->evaluate(expected_->text(), model_->rows())) {
        model_->setHighlight(0, {});
        if (object->state == BoxMatch::State::matched) {
            const RowId row = object->matches.front().first;
            const QString key = QStringLiteral("%1:%2").arg(row).arg(object->how);
            if (key != shownMatch_) {
                shownMatch_ = key;
                const QModelIndex at = proxy_->mapFromSource(model_->index(model_->indexOf(row), 0));
                if (at.isValid()) {
                    table_->scrollTo(at);
                    table_->selectRow(at.row());
                }
            }
        } else {
            shownMatch_.clear();
        }
        expected_->showMatch(*object, *model_);
        return;
    }
    BoxMatch match = matchExpected(expected_->text(), model_->rows());
    if (match.state == BoxMatch::State::computing) {
        controller_->compute(match.toCompute);
        // Nothing more on its way (a file vanished since it was read): judge what was compared.
        if (!controller_->busy())
            match.state = match.compared.isEmpty() ? BoxMatch::State::noFiles : BoxMatch::State::mismatched;
    }
    if (match.state == BoxMatch::State::matched) {
        const auto& [row, algorithm] = match.matches.front();
        model_->addExtraAlgorithm(algorithm);
        model_->setHighlight(row, algorithm);
        const QString key = QStringLiteral("%1:%2").arg(row).arg(algorithm);
        if (key != shownMatch_) {
            shownMatch_ = key;
            const QModelIndex at =
                proxy_->mapFromSource(model_->index(model_->indexOf(row), model_->algorithmColumn(algorithm)));
            if (at.isValid()) {
                table_->scrollTo(at);
                table_->selectRow(at.row());
            }
        }
    } else {
        model_->setHighlight(0, {});
        shownMatch_.clear();
    }
    expected_->showMatch(match, *model_);
}

}  // namespace hashscope::ui
