#include "results/results_page.hpp"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFont>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "common/status_colours.hpp"
#include "hashscope/atomic_file.hpp"
#include "hashscope/bench/advice.hpp"
#include "results/advisor_panel.hpp"
#include "results/comparison_view.hpp"
#include "results/undo_bar.hpp"

namespace hashscope::ui {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }
std::string str(const QString& s) { return s.toStdString(); }

// "1 run", "3 runs": the page ships no translations, so tr()'s %n plurals would show "run(s)".
QString count(qsizetype n, const QString& one, const QString& many) {
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
}

// "x86_64 · 16 threads · KVM": what the list can say of the machine without opening the run.
QString machineText(const bench::RunSummary& r) {
    QStringList parts;
    if (!r.architecture.empty()) parts << qs(r.architecture);
    if (r.threads > 0) parts << count(r.threads, QObject::tr("thread"), QObject::tr("threads"));
    if (!r.hypervisor.empty()) parts << qs(r.hypervisor);
    return parts.join(QStringLiteral(" · "));
}

QList<QStandardItem*> rowOf(const bench::RunSummary& r) {
    QList<QStandardItem*> row;
    for (int c = 0; c < ResultsPage::kColumns; ++c) {
        auto* item = new QStandardItem;
        item->setEditable(false);
        row << item;
    }
    row[ResultsPage::kId]->setText(qs(r.id));
    row[ResultsPage::kId]->setData(r.reference, ResultsPage::kReferenceRole);
    row[ResultsPage::kName]->setText(qs(r.name));
    if (!r.note.empty()) row[ResultsPage::kName]->setToolTip(qs(r.note));
    if (r.reference) {
        // Labelled in every column a glance lands on: the name says "Reference", in italics.
        for (auto* item : row) {
            QFont font = item->font();
            font.setItalic(true);
            item->setFont(font);
        }
        row[ResultsPage::kId]->setToolTip(QObject::tr("A reference run shipped with HashScope: read-only"));
    }
    if (!r.readable) {
        row[ResultsPage::kWarnings]->setText(QObject::tr("unreadable: %1").arg(qs(r.reason)));
        row[ResultsPage::kWarnings]->setForeground(status_colour::colours().bad);
        for (auto* item : row) item->setSelectable(false);
        return row;
    }
    row[ResultsPage::kDate]->setText(qs(r.date));
    // Model and microarchitecture: "AMD EPYC" alone names Zen 3 and Zen 5 machines alike.
    row[ResultsPage::kCpu]->setText(qs(bench::cpu_class(r.cpu_model, r.microarchitecture)));
    row[ResultsPage::kMachine]->setText(machineText(r));
    row[ResultsPage::kMachine]->setToolTip(qs(r.os));
    row[ResultsPage::kPreset]->setText(qs(r.preset));
    row[ResultsPage::kRevision]->setText(qs(r.revision.substr(0, 12)));
    row[ResultsPage::kRevision]->setToolTip(qs(r.revision));
    row[ResultsPage::kBuild]->setText(qs(r.build_type));
    row[ResultsPage::kCells]->setData(static_cast<qulonglong>(r.cells), Qt::DisplayRole);
    QStringList warnings;
    if (r.partial) warnings << QObject::tr("cancelled half-way");
    for (const auto& w : r.warnings) warnings << qs(w);
    if (!warnings.isEmpty()) {
        const QString n = count(warnings.size(), QObject::tr("warning"), QObject::tr("warnings"));
        row[ResultsPage::kWarnings]->setText(r.partial ? QObject::tr("partial; %1").arg(n) : n);
        row[ResultsPage::kWarnings]->setToolTip(warnings.join(QLatin1Char('\n')));
        row[ResultsPage::kWarnings]->setForeground(status_colour::colours().caution);
    }
    return row;
}

}  // namespace

ResultsPage::ResultsPage(QWidget* parent) : ResultsPage(bench::default_run_sources(), parent) {}

ResultsPage::ResultsPage(bench::RunSources sources, QWidget* parent)
    : QWidget(parent),
      sources_(std::move(sources)),
      model_(new QStandardItemModel(0, kColumns, this)),
      filter_(new QSortFilterProxyModel(this)),
      listJob_([](int) {}, [this](const bench::RunListing& listing) { fill(listing); }, {}),
      loadJob_([](int) {}, [this](const Loaded& loaded) { onLoaded(loaded); },
               Loaded{{}, {}, QStringLiteral("reading the runs failed")}) {
    setObjectName(QStringLiteral("resultsPage"));
    pool_.setObjectName(QStringLiteral("resultsPool"));
    pool_.setMaxThreadCount(2);  // a listing and a loading at once, no more
    build();
    reload();
}

// NOLINTNEXTLINE(bugprone-exception-escape): a Result's error is read only when it holds one.
ResultsPage::~ResultsPage() { shutdown(); }

void ResultsPage::build() {
    model_->setObjectName(QStringLiteral("resultsRunModel"));
    model_->setHorizontalHeaderLabels({tr("Name"), tr("Date"), tr("CPU"), tr("Machine"), tr("Preset"), tr("Revision"),
                                       tr("Build"), tr("Cells"), tr("Warnings"), tr("Id")});
    filter_->setObjectName(QStringLiteral("resultsRunFilter"));
    filter_->setSourceModel(model_);
    filter_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    filter_->setFilterKeyColumn(-1);  // any column: a CPU, a preset, a name, a date

    filterEdit_ = new QLineEdit(this);
    filterEdit_->setObjectName(QStringLiteral("resultsFilter"));
    filterEdit_->setPlaceholderText(tr("Filter by name, date, CPU, preset, revision…"));
    filterEdit_->setClearButtonEnabled(true);
    connect(filterEdit_, &QLineEdit::textChanged, filter_, &QSortFilterProxyModel::setFilterFixedString);

    auto* refresh = new QPushButton(tr("Refresh"), this);
    refresh->setObjectName(QStringLiteral("resultsRefreshButton"));
    connect(refresh, &QPushButton::clicked, this, &ResultsPage::reload);
    noteButton_ = new QPushButton(tr("Name…"), this);
    noteButton_->setObjectName(QStringLiteral("resultsNoteButton"));
    noteButton_->setToolTip(tr("Give the run a name and a note (kept beside it; the run's file is not changed)"));
    connect(noteButton_, &QPushButton::clicked, this, &ResultsPage::editNote);
    deleteButton_ = new QPushButton(tr("Delete"), this);
    deleteButton_->setObjectName(QStringLiteral("resultsDeleteButton"));
    connect(deleteButton_, &QPushButton::clicked, this, &ResultsPage::deleteSelected);
    exportButton_ = new QPushButton(tr("Export HTML…"), this);
    exportButton_->setObjectName(QStringLiteral("resultsExportButton"));
    exportButton_->setToolTip(tr("One self-contained page of the selected runs, as hashscope-cli results export"));
    connect(exportButton_, &QPushButton::clicked, this, &ResultsPage::chooseExport);

    auto* tools = new QHBoxLayout;
    tools->addWidget(filterEdit_, 1);
    tools->addWidget(refresh);
    tools->addWidget(noteButton_);
    tools->addWidget(deleteButton_);
    tools->addWidget(exportButton_);

    undoBar_ = new UndoBar(this);
    connect(undoBar_, &UndoBar::undoRequested, this, &ResultsPage::undoDelete);
    connect(undoBar_, &UndoBar::dismissed, this, &ResultsPage::commitDeletes);

    list_ = new QTableView(this);
    list_->setObjectName(QStringLiteral("resultsRunList"));
    list_->setModel(filter_);
    list_->setSortingEnabled(true);
    list_->sortByColumn(kDate, Qt::DescendingOrder);  // the newest on top
    list_->setSelectionBehavior(QAbstractItemView::SelectRows);
    list_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    list_->setAlternatingRowColors(true);
    list_->verticalHeader()->hide();
    list_->horizontalHeader()->setStretchLastSection(true);
    list_->setWordWrap(false);
    connect(list_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ResultsPage::selectionChanged);

    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("resultsStatus"));
    status_->setTextFormat(Qt::PlainText);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    comparison_ = new ComparisonView(this);
    advisor_ = new AdvisorPanel(sources_.library, this);
    lowerTabs_ = new QTabWidget(this);
    lowerTabs_->setObjectName(QStringLiteral("resultsLowerTabs"));
    lowerTabs_->setDocumentMode(true);
    lowerTabs_->addTab(comparison_, tr("Chart and comparison"));
    lowerTabs_->addTab(advisor_, tr("Which checksum?"));
    connect(advisor_, &AdvisorPanel::runKept, this, &ResultsPage::reload);
    lowerTabs_->setTabToolTip(1, tr("Checksums ranked for a purpose by this machine's measured speed"));

    auto* top = new QWidget(this);
    top->setObjectName(QStringLiteral("resultsListPane"));
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addLayout(tools);
    topLayout->addWidget(undoBar_);
    topLayout->addWidget(list_, 1);
    topLayout->addWidget(status_);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("resultsSplit"));
    split->addWidget(top);
    split->addWidget(lowerTabs_);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setSizes({180, 560});  // the list needs a few rows; the comparison needs the room
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split);
    setStatus(tr("Library: %1").arg(QString::fromStdString(sources_.library.string())));
    updateButtons();
}

void ResultsPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    reload();                                    // a run the Benchmark page (or the CLI) just kept shows up
    if (!advisor_->busy()) advisor_->refresh();  // and ranks
}

void ResultsPage::reload() {
    if (listJob_.running()) {
        reloadAgain_ = true;
        return;
    }
    listJob_.start(pool_, [sources = sources_](auto&, std::stop_token) { return bench::list_all_runs(sources); });
}

void ResultsPage::fill(const bench::RunListing& listing) {
    if (reloadAgain_) {
        reloadAgain_ = false;
        reload();
        return;
    }
    const auto& runs = listing.runs;
    referenceNotes_.clear();
    for (const auto& note : listing.notes) referenceNotes_ << qs(note);
    const QStringList keep = selectedIds();
    const QSignalBlocker quiet(list_->selectionModel());
    model_->removeRows(0, model_->rowCount());
    int shown = 0;
    for (const auto& r : runs) {
        if (pendingDelete_.contains(qs(r.id))) continue;
        model_->appendRow(rowOf(r));
        ++shown;
    }
    list_->resizeColumnsToContents();
    list_->horizontalHeader()->resizeSection(kName, std::max(list_->horizontalHeader()->sectionSize(kName), 120));
    if (!keep.isEmpty()) selectIds(keep);
    const auto references = std::count_if(runs.begin(), runs.end(), [](const auto& r) { return r.reference; });
    QString line =
        tr("%1 in %2")
            .arg(count(shown - references, tr("run"), tr("runs")), QString::fromStdString(sources_.library.string()));
    if (references > 0)
        line += tr(", and %1 shipped with HashScope").arg(count(references, tr("reference run"), tr("reference runs")));
    // A damaged reference file or a missing folder: said, never more than that.
    if (!referenceNotes_.isEmpty()) line += QLatin1Char('\n') + referenceNotes_.join(QLatin1Char('\n'));
    setStatus(line);
    updateButtons();
    emit listLoaded();
    if (selectedIds() != loaded_.ids) selectionChanged();
}

QStringList ResultsPage::selectedIds() const {
    QStringList ids;
    for (const QModelIndex& index : list_->selectionModel()->selectedRows(kId)) ids << index.data().toString();
    std::sort(ids.begin(), ids.end());  // ids sort by time
    return ids;
}

void ResultsPage::selectIds(const QStringList& ids) {
    QItemSelection selection;
    for (int row = 0; row < filter_->rowCount(); ++row) {
        const QModelIndex id = filter_->index(row, kId);
        if (ids.contains(id.data().toString())) selection.select(id.siblingAtColumn(0), id);
    }
    list_->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

bool ResultsPage::referenceSelected() const {
    const auto rows = list_->selectionModel()->selectedRows(kId);
    return std::any_of(rows.begin(), rows.end(),
                       [](const QModelIndex& index) { return index.data(kReferenceRole).toBool(); });
}

void ResultsPage::updateButtons() {
    const auto n = selectedIds().size();
    const bool reference = referenceSelected();
    noteButton_->setEnabled(n == 1 && !reference);
    deleteButton_->setEnabled(n > 0 && !reference);
    exportButton_->setEnabled(n > 0);
    const QString readOnly = tr("Reference runs ship with HashScope and are read-only");
    noteButton_->setToolTip(reference ? readOnly
                                      : tr("Give the run a name and a note (kept beside it; the run's file is not "
                                           "changed)"));
    deleteButton_->setToolTip(reference ? readOnly : tr("Delete the selected runs (with Undo)"));
}

void ResultsPage::selectionChanged() {
    updateButtons();
    loadSelection();
}

void ResultsPage::loadSelection() {
    if (loadJob_.running()) {
        loadAgain_ = true;
        return;
    }
    const QStringList ids = selectedIds();
    if (!ids.isEmpty()) lowerTabs_->setCurrentWidget(comparison_);  // what was picked is shown
    if (ids.isEmpty()) {
        loaded_ = {};
        comparison_->clear(tr("Select a run to see its chart, or two or more to compare them."));
        emit comparisonShown();
        return;
    }
    loadJob_.start(pool_, [sources = sources_, ids](auto&, std::stop_token) {
        std::vector<std::string> wanted;
        for (const QString& id : ids) wanted.push_back(str(id));
        auto runs = bench::load_named_runs(sources, wanted);
        return runs ? Loaded{ids, std::move(*runs), {}} : Loaded{ids, {}, qs(runs.error().message)};
    });
}

void ResultsPage::onLoaded(const Loaded& loaded) {
    if (loadAgain_ || loaded.ids != selectedIds()) {
        loadAgain_ = false;
        loadSelection();
        return;
    }
    loaded_ = loaded;
    if (!loaded.error.isEmpty()) {
        comparison_->clear(QString());
        setStatus(loaded.error, true);
    } else {
        comparison_->showRuns(loaded.runs);
    }
    emit comparisonShown();
}

void ResultsPage::deleteSelected() {
    const QStringList ids = selectedIds();
    if (ids.isEmpty()) return;
    if (referenceSelected()) {
        setStatus(tr("Reference runs ship with HashScope and cannot be deleted; select only your own runs."), true);
        return;
    }
    commitDeletes();  // one Undo at a time: the previous deletion becomes final
    pendingDelete_ = ids;
    for (int row = model_->rowCount() - 1; row >= 0; --row) {
        if (ids.contains(model_->item(row, kId)->text())) model_->removeRow(row);
    }
    undoBar_->showMessage(tr("%1 deleted.").arg(count(ids.size(), tr("run"), tr("runs"))));
    selectionChanged();
}

void ResultsPage::undoDelete() {
    pendingDelete_.clear();
    undoBar_->hide();
    reload();
}

void ResultsPage::commitDeletes() {
    QStringList failed;
    for (const QString& id : std::as_const(pendingDelete_)) {
        if (auto removed = bench::remove_run(sources_.library, str(id)); !removed)
            failed << qs(removed.error().message);
    }
    pendingDelete_.clear();
    undoBar_->hide();
    if (!failed.isEmpty()) {
        setStatus(failed.join(QLatin1Char('\n')), true);
        reload();  // what could not be deleted comes back
    }
}

QString ResultsPage::setNote(const QString& id, const QString& name, const QString& note) {
    if (auto set = bench::set_run_note(sources_.library, str(id), {str(name.trimmed()), str(note.trimmed())}); !set) {
        QString why = qs(set.error().message);
        setStatus(why, true);
        return why;
    }
    reload();
    if (loaded_.ids.contains(id)) {
        loaded_ = {};
        loadSelection();  // the chart and table name the run
    }
    return {};
}

void ResultsPage::editNote() {
    const QStringList ids = selectedIds();
    if (ids.size() != 1) return;
    const QString& id = ids.front();
    const auto notes = bench::read_run_notes(sources_.library);
    const auto current = notes.find(str(id));

    auto* dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("resultsNoteDialog"));
    dialog->setWindowTitle(tr("Name run %1").arg(id));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto* name = new QLineEdit(current != notes.end() ? qs(current->second.name) : QString(), dialog);
    name->setObjectName(QStringLiteral("resultsNameEdit"));
    name->setPlaceholderText(tr("e.g. before the prefetch change"));
    auto* note = new QPlainTextEdit(current != notes.end() ? qs(current->second.note) : QString(), dialog);
    note->setObjectName(QStringLiteral("resultsNoteEdit"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    buttons->setObjectName(QStringLiteral("resultsNoteButtons"));
    auto* form = new QFormLayout(dialog);
    form->addRow(tr("Name:"), name);
    form->addRow(tr("Note:"), note);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    connect(dialog, &QDialog::accepted, this,
            [this, id, name, note] { setNote(id, name->text(), note->toPlainText()); });
    dialog->open();
}

QString ResultsPage::exportHtml(const QString& path) {
    const QStringList ids = selectedIds();
    if (ids.isEmpty()) return tr("Select the runs to export first.");
    std::vector<bench::ReportRun> runs;
    if (loaded_.ids == ids && loaded_.error.isEmpty()) {
        runs = loaded_.runs;
    } else {
        // Not loaded yet (a click right after selecting): read them here, as the CLI does.
        std::vector<std::string> wanted;
        for (const QString& id : ids) wanted.push_back(str(id));
        auto read = bench::load_named_runs(sources_, wanted);
        if (!read) {
            setStatus(qs(read.error().message), true);
            return qs(read.error().message);
        }
        runs = std::move(*read);
    }
    if (auto written = write_file_atomically(str(path), bench::to_html(runs)); !written) {
        setStatus(qs(written.error().message), true);
        return qs(written.error().message);
    }
    setStatus(tr("Wrote %1").arg(path));
    return {};
}

void ResultsPage::chooseExport() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export runs as HTML"), QStringLiteral("results.html"),
                                                      tr("HTML pages (*.html *.htm)"));
    if (!path.isEmpty()) exportHtml(path);
}

void ResultsPage::setStatus(const QString& text, bool error) {
    status_->setText(text);
    status_->setStyleSheet(error ? status_colour::labelStyle(status_colour::colours().bad) : QString());
}

void ResultsPage::shutdown() {
    commitDeletes();
    advisor_->shutdown();
    listJob_.cancel();
    loadJob_.cancel();
    pool_.waitForDone();
}

}  // namespace hashscope::ui
