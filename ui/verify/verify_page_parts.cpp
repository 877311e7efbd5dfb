// The Verify page's parts: toolbar, empty state, actions, column widths, and what the page does
// with the controller's news (notices, busy state).
#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QStackedWidget>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include "hashscope/algorithm.hpp"
#include "verify/algorithm_picker.hpp"
#include "verify/expected_box.hpp"
#include "verify/file_table_model.hpp"
#include "verify/notice_bar.hpp"
#include "verify/progress_delegate.hpp"
#include "verify/row_actions.hpp"
#include "verify/row_filter_model.hpp"
#include "verify/signature_strip.hpp"
#include "verify/status_icons.hpp"
#include "verify/sums_saver.hpp"
#include "verify/verify_controller.hpp"
#include "verify/verify_page.hpp"

namespace hashscope::ui {
namespace {

QToolButton* toolButton(QAction* action, QWidget* parent) {
    auto* button = new QToolButton(parent);
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    button->setObjectName(action->objectName() + QStringLiteral("Button"));
    return button;
}

}  // namespace

void VerifyPage::makeActions() {
    QStyle* s = style();
    open_ = new QAction(s->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this);
    open_->setObjectName(QStringLiteral("openAction"));
    open_->setShortcut(QKeySequence::Open);
    open_->setToolTip(tr("Open files or a checksum file (Ctrl+O)"));
    connect(open_, &QAction::triggered, this, &VerifyPage::openFilesDialog);

    openFolder_ = new QAction(s->standardIcon(QStyle::SP_DirOpenIcon), tr("Open &folder…"), this);
    openFolder_->setObjectName(QStringLiteral("openFolderAction"));
    openFolder_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(openFolder_, &QAction::triggered, this, &VerifyPage::openFolderDialog);

    save_ = new QAction(s->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save sums…"), this);
    save_->setObjectName(QStringLiteral("saveAction"));
    save_->setShortcut(QKeySequence::Save);
    connect(save_, &QAction::triggered, saver_, &SumsSaver::saveWithDialog);

    // Ctrl+V outside the box pastes into it; inside, the line edit pastes as usual.
    paste_ = new QAction(tr("&Paste expected digest"), this);
    paste_->setObjectName(QStringLiteral("pasteExpectedAction"));
    paste_->setShortcut(QKeySequence::Paste);
    paste_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(paste_, &QAction::triggered, expected_, &ExpectedBox::pasteFromClipboard);

    pause_ = new QAction(s->standardIcon(QStyle::SP_MediaPause), tr("&Pause"), this);
    pause_->setObjectName(QStringLiteral("pauseAction"));
    pause_->setCheckable(true);
    pause_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    pause_->setToolTip(tr("Pause reading after the current block; again to resume (Ctrl+Shift+P)"));
    connect(pause_, &QAction::toggled, this, &VerifyPage::setPaused);
    connect(controller_, &VerifyController::pausedChanged, this, [this](bool paused) {
        pause_->setChecked(paused);  // also when Cancel ends a pause
        pause_->setText(paused ? tr("Res&ume") : tr("&Pause"));
        pause_->setIcon(style()->standardIcon(paused ? QStyle::SP_MediaPlay : QStyle::SP_MediaPause));
        refresh();
    });

    cancel_ = new QAction(s->standardIcon(QStyle::SP_BrowserStop), tr("Ca&ncel"), this);
    cancel_->setObjectName(QStringLiteral("cancelAction"));
    cancel_->setToolTip(tr("Stop reading: every file stops within one block, also while paused"));
    connect(cancel_, &QAction::triggered, this, &VerifyPage::cancel);

    clear_ = new QAction(s->standardIcon(QStyle::SP_DialogResetButton), tr("C&lear"), this);
    clear_->setObjectName(QStringLiteral("clearAction"));
    connect(clear_, &QAction::triggered, this, [this] {
        controller_->clear();
        notices_->dismissAll();
        signatures_->clear();
        refresh();
    });
    openFolder_->setToolTip(tr("Open a folder: every file below it is hashed (Ctrl+Shift+O)"));
    save_->setToolTip(tr("Save a checksum file (GNU, BSD tag or SFV) of the rows shown (Ctrl+S)"));
    clear_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Delete));
    clear_->setToolTip(tr("Stop, and remove every row (Ctrl+Shift+Del)"));
    for (QAction* action : {open_, openFolder_, save_, paste_, pause_, cancel_, clear_}) addAction(action);
    save_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
}

QWidget* VerifyPage::makeToolbar() {
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(tr("Algorithms:"), bar);
    label->setBuddy(picker_);
    row->addWidget(label);
    row->addWidget(picker_);
    row->addSpacing(12);
    row->addWidget(toolButton(open_, bar));
    row->addWidget(toolButton(openFolder_, bar));
    saveButton_ = toolButton(save_, bar);
    row->addWidget(saveButton_);
    auto* copyAll = new QPushButton(tr("Copy all"), bar);
    copyAll->setObjectName(QStringLiteral("copyAllButton"));
    copyAll->setMenu(rowActions_->copyAllMenu());
    row->addWidget(copyAll);
    row->addWidget(toolButton(rowActions_->reverify(), bar));
    row->addSpacing(12);
    failuresOnly_ = new QCheckBox(tr("Failures only"), bar);
    failuresOnly_->setObjectName(QStringLiteral("failuresOnly"));
    failuresOnly_->setToolTip(tr("Show only FAILED, MISSING, UNREADABLE, CHANGED and REFUSED rows"));
    connect(failuresOnly_, &QCheckBox::toggled, proxy_, &RowFilterModel::setFailuresOnly);
    row->addWidget(failuresOnly_);
    row->addStretch();
    cancelButton_ = new QPushButton(cancel_->icon(), cancel_->text().remove(QLatin1Char('&')), bar);
    cancelButton_->setObjectName(QStringLiteral("cancelButton"));
    cancelButton_->setToolTip(cancel_->toolTip());
    connect(cancelButton_, &QPushButton::clicked, cancel_, &QAction::trigger);
    pauseButton_ = new QPushButton(pause_->icon(), pause_->text().remove(QLatin1Char('&')), bar);
    pauseButton_->setObjectName(QStringLiteral("pauseButton"));
    pauseButton_->setCheckable(true);
    pauseButton_->setToolTip(pause_->toolTip());
    connect(pauseButton_, &QPushButton::clicked, pause_, &QAction::setChecked);
    connect(pause_, &QAction::changed, pauseButton_, [this] {
        pauseButton_->setEnabled(pause_->isEnabled());
        pauseButton_->setChecked(pause_->isChecked());
        pauseButton_->setText(pause_->text().remove(QLatin1Char('&')));
        pauseButton_->setIcon(pause_->icon());
    });
    connect(cancel_, &QAction::enabledChanged, cancelButton_, &QPushButton::setEnabled);
    clearButton_ = new QPushButton(clear_->icon(), clear_->text().remove(QLatin1Char('&')), bar);
    clearButton_->setObjectName(QStringLiteral("clearButton"));
    clearButton_->setToolTip(clear_->toolTip());
    connect(clearButton_, &QPushButton::clicked, clear_, &QAction::trigger);
    connect(clear_, &QAction::enabledChanged, clearButton_, &QPushButton::setEnabled);
    row->addWidget(pauseButton_);
    row->addWidget(cancelButton_);
    row->addWidget(clearButton_);
    return bar;
}

void VerifyPage::describeControls() {
    // What a screen reader says for each control, and the order Tab walks them in: the box,
    // the algorithms, the toolbar from left to right, the rows.
    const auto describe = [this](const QString& name, const QString& accessible, const QString& description) {
        if (auto* w = findChild<QWidget*>(name)) {
            w->setAccessibleName(accessible);
            w->setAccessibleDescription(description);
        }
    };
    describe(QStringLiteral("expectedEdit"), tr("Expected digest"),
             tr("Paste a digest to compare every file against (Ctrl+V)"));
    describe(QStringLiteral("clipboardOffer"), tr("Use the digest on the clipboard"), {});
    describe(QStringLiteral("algorithmPicker"), tr("Algorithms"), tr("The digests computed for every file"));
    describe(QStringLiteral("openActionButton"), tr("Open files"), open_->toolTip());
    describe(QStringLiteral("openFolderActionButton"), tr("Open folder"), openFolder_->toolTip());
    describe(QStringLiteral("saveActionButton"), tr("Save sums"), save_->toolTip());
    describe(QStringLiteral("copyAllButton"), tr("Copy all"), tr("Copy every row shown as GNU, BSD tag or Markdown"));
    describe(QStringLiteral("reverifyActionButton"), tr("Re-verify"), rowActions_->reverify()->toolTip());
    describe(QStringLiteral("failuresOnly"), tr("Failures only"), failuresOnly_->toolTip());
    describe(QStringLiteral("pauseButton"), tr("Pause"), pause_->toolTip());
    describe(QStringLiteral("cancelButton"), tr("Cancel"), cancel_->toolTip());
    describe(QStringLiteral("clearButton"), tr("Clear"), clear_->toolTip());
    describe(QStringLiteral("fileTable"), tr("Files"),
             tr("One row per file: size, progress, speed, digests and status. Right-click or Shift+F10 for "
                "actions; Delete removes, Ctrl+C copies digests"));
    describe(QStringLiteral("summaryBar"), tr("Summary"), tr("Files and bytes done, speed, time left and counts"));
    QWidget* previous = nullptr;
    for (const char* name : {"expectedEdit", "clipboardOffer", "algorithmPicker", "openActionButton",
                             "openFolderActionButton", "saveActionButton", "copyAllButton", "reverifyActionButton",
                             "failuresOnly", "pauseButton", "cancelButton", "clearButton", "fileTable"}) {
        auto* w = findChild<QWidget*>(QLatin1String(name));
        if (w == nullptr) continue;
        if (previous) setTabOrder(previous, w);
        previous = w;
    }
}

QWidget* VerifyPage::makeEmptyState() {
    auto* frame = new QWidget(stack_);
    frame->setObjectName(QStringLiteral("emptyState"));
    // A dashed frame reads as "drop zone"; the palette's own colours keep it right on dark themes.
    frame->setStyleSheet(QStringLiteral("#emptyState { border: 2px dashed palette(mid); border-radius: 10px; }"));
    frame->setAttribute(Qt::WA_StyledBackground);
    auto* icon = new QLabel(frame);
    icon->setPixmap(svgIcon(QStringLiteral("drop")).pixmap(64, 64));
    icon->setAlignment(Qt::AlignCenter);
    auto* title = new QLabel(tr("Drop files, folders or a checksum file here"), frame);
    title->setObjectName(QStringLiteral("emptyStateText"));
    title->setAlignment(Qt::AlignCenter);
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    title->setFont(big);
    auto* hint =
        new QLabel(tr("Folders are walked, checksum files (SHA256SUMS, *.sha256, *.md5, *.sfv, …) are checked.\n"
                      "Or use Open… (Ctrl+O), and paste an expected digest above (Ctrl+V) to compare."),
                   frame);
    hint->setAlignment(Qt::AlignCenter);
    hint->setForegroundRole(QPalette::PlaceholderText);
    auto* layout = new QVBoxLayout(frame);
    layout->addStretch();
    layout->addWidget(icon);
    layout->addSpacing(8);
    layout->addWidget(title);
    layout->addWidget(hint);
    layout->addStretch();
    return frame;
}

void VerifyPage::applyColumnWidths() {
    // The status reads from its start; everything else elides in the middle.
    if (statusColumn_ != model_->statusColumn()) {
        QAbstractItemDelegate* delegate = statusColumn_ >= 0 ? table_->itemDelegateForColumn(statusColumn_) : nullptr;
        if (statusColumn_ >= 0) table_->setItemDelegateForColumn(statusColumn_, nullptr);
        statusColumn_ = model_->statusColumn();
        table_->setItemDelegateForColumn(statusColumn_, delegate ? delegate : new ElideRightDelegate(table_));
    }
    QHeaderView* header = table_->horizontalHeader();
    const QFontMetrics mono(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    header->resizeSection(FileTableModel::Name, 22 * em);
    header->resizeSection(FileTableModel::Size, 7 * em);
    header->resizeSection(FileTableModel::Progress, 8 * em);
    header->resizeSection(FileTableModel::Speed, 9 * em);
    // Digests whole up to SHA-256's width; longer ones middle-elided (both ends stay comparable).
    for (const QString& id : model_->algorithms()) {
        const auto* info = find_algorithm(id.toStdString());
        const int hexDigits = info ? static_cast<int>(info->digest_size) * 2 : 16;
        const int whole = mono.horizontalAdvance(QString(hexDigits, QLatin1Char('0'))) + 2 * em;
        header->resizeSection(model_->algorithmColumn(id),
                              std::min(whole, mono.horizontalAdvance(QString(64, QLatin1Char('0'))) + 2 * em));
    }
}

void VerifyPage::connectController() {
    connect(controller_, &VerifyController::rowsChanged, this, &VerifyPage::scheduleRefresh);
    connect(controller_, &VerifyController::busyChanged, this, [this](bool busy) {
        busy ? tickTimer_->start() : tickTimer_->stop();
        refresh();
    });
    connect(controller_, &VerifyController::walkProgress, this,
            [this](const QString& folder, quint64 files, quint64 left, bool done, bool stopped) {
                const QString name = QFileInfo(folder).fileName().isEmpty() ? folder : QFileInfo(folder).fileName();
                const QString found = plural(static_cast<qint64>(files), "file", "files");
                QString text =
                    done ? tr("%1: %2 found").arg(name, found) : tr("Walking %1: %2 found…").arg(name, found);
                if (left > 0) text += tr("; %1 left out (see their rows)").arg(left);
                if (stopped) text += tr(" — cancelled");
                notices_->post(QStringLiteral("walk:") + folder, text, {},
                               tr("Symbolic links to folders are not followed (that is how loops are avoided);\n"
                                  "FIFOs, sockets and devices are not read."));
            });
    connect(controller_, &VerifyController::sumsFileRead, this,
            [this](const QString& path, const QString& auditedFolder, int entries, const QStringList& diagnostics,
                   const QStringList& notes) {
                const QString name = QFileInfo(path).fileName();
                const QString listed = plural(entries, "file", "files");
                QString text =
                    auditedFolder.isEmpty()
                        ? tr("%1 is a checksum file: checking the %2 it lists.").arg(name, listed)
                        : tr("Auditing folder %1 against %2: the %3 it lists, and any file it does not list (new, "
                             "moved).")
                              .arg(QDir::toNativeSeparators(auditedFolder), name, listed);
                if (!diagnostics.isEmpty()) {
                    text +=
                        QLatin1Char(' ') + tr("%1 not understood.").arg(plural(diagnostics.size(), "line", "lines"));
                }
                if (!notes.isEmpty()) text += QLatin1Char(' ') + notes.join(QStringLiteral("; ")) + QLatin1Char('.');
                NoticeAction hashIt{tr("Hash %1 itself").arg(name), QStringLiteral("hashSumsFileButton"),
                                    [this, path] { controller_->addPaths({path}, true); }};
                notices_->post(QStringLiteral("sums:") + path, text, {hashIt}, diagnostics.join(QLatin1Char('\n')));
            });
    connect(controller_, &VerifyController::signatureChecked, this,
            [this](const QString& path, SignatureTone tone, const QString& text, bool offerImport) {
                signatures_->setLine(path, tone, text, offerImport);
            });
    connect(signatures_, &SignatureStrip::importKeyRequested, this, &VerifyPage::importKeyDialog);
    connect(controller_, &VerifyController::sidecarsOffered, this,
            [this](int rows, const QString& name, const QString& sumsFile) {
                const QString sums = QFileInfo(sumsFile).fileName();
                const QString text = rows == 1 ? tr("%1 is listed in %2 beside it.").arg(name, sums)
                                               : tr("%1 files are listed in checksum files beside them.").arg(rows);
                NoticeAction verify{rows == 1 ? tr("Verify against %1").arg(sums) : tr("Verify them"),
                                    QStringLiteral("verifySidecarsButton"), [this] { controller_->acceptSidecars(); }};
                notices_->post(QStringLiteral("sidecar"), text, {verify}, sumsFile);
            });
    connect(controller_, &VerifyController::saved, this, [this](const QString& path, int rows) {
        notices_->post(QStringLiteral("save"), tr("Saved %1 to %2").arg(plural(rows, "file", "files"), path));
    });
    connect(controller_, &VerifyController::saveFailed, this, [this](const QString& path, const QString& reason) {
        notices_->post(QStringLiteral("save"), tr("Could not save %1: %2").arg(path, reason));
    });
}

}  // namespace hashscope::ui
