#include "verify/verify_page.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "common/format.hpp"
#include "verify/file_table_model.hpp"
#include "verify/hash_job.hpp"
#include "verify/progress_delegate.hpp"

namespace hashscope::ui {
namespace {

QLabel* makeEmptyState(QWidget* parent) {
    auto* label = new QLabel(VerifyPage::tr("Drop files here to hash them (SHA-256 and CRC32C)"), parent);
    label->setObjectName(QStringLiteral("emptyState"));
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    // A dashed frame reads as "drop zone" without any artwork.
    label->setStyleSheet(QStringLiteral(
        "QLabel { color: palette(dark); border: 2px dashed palette(mid); border-radius: 8px; font-size: 13pt; }"));
    return label;
}

QTableView* makeTable(FileTableModel* model, QWidget* parent) {
    auto* table = new QTableView(parent);
    table->setObjectName(QStringLiteral("fileTable"));
    table->setModel(model);
    table->setItemDelegateForColumn(FileTableModel::Progress,
                                    new ProgressDelegate(FileTableModel::ProgressRole, table));
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setAlternatingRowColors(true);
    table->setShowGrid(false);
    table->setWordWrap(false);
    table->setTextElideMode(Qt::ElideMiddle);  // digests keep both ends visible; tooltips hold all
    table->verticalHeader()->hide();

    // The SHA-256 column takes what is left (middle-elided, so both ends stay comparable); the
    // status fits its contents, because an error message cut in half says nothing.
    QHeaderView* header = table->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(FileTableModel::Sha256, QHeaderView::Stretch);
    header->setSectionResizeMode(FileTableModel::Size, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(FileTableModel::Crc32c, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(FileTableModel::Status, QHeaderView::ResizeToContents);
    header->resizeSection(FileTableModel::Name, 200);
    header->resizeSection(FileTableModel::Progress, 110);
    return table;
}

}  // namespace

VerifyPage::VerifyPage(QWidget* parent)
    : QWidget(parent), model_(new FileTableModel(this)), stack_(new QStackedWidget(this)) {
    setObjectName(QStringLiteral("verifyPage"));
    pool_.setObjectName(QStringLiteral("verifyPool"));
    pool_.setMaxThreadCount(1);  // one file at a time: parallel reads of one disk only thrash it

    emptyState_ = makeEmptyState(stack_);
    table_ = makeTable(model_, stack_);
    stack_->addWidget(emptyState_);
    stack_->addWidget(table_);

    auto* addButton = new QPushButton(tr("Add files…"), this);
    addButton->setObjectName(QStringLiteral("addButton"));
    cancelButton_ = new QPushButton(tr("Cancel"), this);
    cancelButton_->setObjectName(QStringLiteral("cancelButton"));
    statusLine_ = new QLabel(this);
    statusLine_->setObjectName(QStringLiteral("statusLine"));

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(addButton);
    buttons->addStretch();
    buttons->addWidget(cancelButton_);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(stack_, 1);
    layout->addWidget(statusLine_);

    connect(cancelButton_, &QPushButton::clicked, this, &VerifyPage::cancel);
    connect(addButton, &QPushButton::clicked, this, [this] {
        // A window-modal dialog opened with open(), not exec(): no nested event loop.
        auto* dialog = new QFileDialog(this, tr("Add files to hash"));
        dialog->setFileMode(QFileDialog::ExistingFiles);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QFileDialog::filesSelected, this, &VerifyPage::addFiles);
        dialog->open();
    });
    refresh();
}

VerifyPage::~VerifyPage() { shutdown(); }

void VerifyPage::addFiles(const QStringList& paths) {
    for (const QString& path : paths) {
        // A stat, not a read: cheap enough for the GUI thread, and shows sizes while queued.
        const QFileInfo info(path);
        std::optional<quint64> size;
        if (info.isFile()) size = static_cast<quint64>(info.size());
        queue_.push_back(model_->addFile(path, size));
    }
    startNext();
    refresh();
}

void VerifyPage::startNext() {
    if (job_ || queue_.empty()) return;
    jobRow_ = queue_.front();
    queue_.pop_front();
    model_->setHashing(jobRow_);
    job_ = new HashJob(model_->path(jobRow_), pool_, this);
    connect(job_, &HashJob::progressed, this, [this](int perMille) {
        model_->setProgress(jobRow_, perMille);
        refresh();
    });
    connect(job_, &HashJob::finished, this, &VerifyPage::onJobFinished);
}

void VerifyPage::onJobFinished(const HashOutcome& outcome) {
    if (outcome.status == HashOutcome::Status::ok) {
        bytesHashed_ += outcome.bytes;
        nsHashed_ += job_->elapsedNs();
    }
    model_->setOutcome(jobRow_, outcome);
    job_->deleteLater();  // we are inside its signal
    job_ = nullptr;
    jobRow_ = -1;
    startNext();
    refresh();
}

void VerifyPage::cancel() {
    HashOutcome cancelled;
    cancelled.status = HashOutcome::Status::cancelled;
    for (const int row : queue_) model_->setOutcome(row, cancelled);
    queue_.clear();
    // The running file is marked when its worker returns, so its row never claims more than it did.
    if (job_) job_->cancel();
    refresh();
}

void VerifyPage::shutdown() {
    cancel();
    pool_.waitForDone();
}

void VerifyPage::refresh() {
    const bool empty = model_->rowCount() == 0;
    stack_->setCurrentWidget(empty ? static_cast<QWidget*>(emptyState_) : table_);
    cancelButton_->setEnabled(busy());
    statusLine_->setText(summary());
}

QString VerifyPage::summary() const {
    const FileTableModel::Counts c = model_->counts();
    if (c.total == 0) return tr("No files yet");
    QStringList parts{tr("%1 of %2 files").arg(c.finished).arg(c.total)};
    // The rate over everything hashed so far, including the file being read.
    const quint64 bytes = bytesHashed_ + (job_ ? job_->bytesDone() : 0);
    const qint64 ns = nsHashed_ + (job_ ? job_->elapsedNs() : 0);
    if (const QString rate = formatRate(bytes, ns); !rate.isEmpty()) parts << rate;
    if (c.ok > 0) parts << tr("%1 OK").arg(c.ok);
    if (c.failed > 0) parts << tr("%1 failed").arg(c.failed);
    if (c.cancelled > 0) parts << tr("%1 cancelled").arg(c.cancelled);
    return parts.join(QStringLiteral(" · "));
}

}  // namespace hashscope::ui
