#include "verify/sums_saver.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

#include "verify/algorithm_names.hpp"
#include "verify/file_table_model.hpp"
#include "verify/row_actions.hpp"
#include "verify/sums_text.hpp"
#include "verify/verify_controller.hpp"

namespace hashscope::ui {
namespace {

struct Choice {
    QString filter;  // the dialog's name filter, which also says the format
    verify::SumsFormat format;
    QStringList algorithms;
};

}  // namespace

SumsSaver::SumsSaver(RowActions* rows, FileTableModel* model, VerifyController* controller, QWidget* dialogParent)
    : QObject(dialogParent), rows_(rows), model_(model), controller_(controller), dialogParent_(dialogParent) {}

QString SumsSaver::suggestedName(verify::SumsFormat format, const QString& algorithm) {
    switch (format) {
        case verify::SumsFormat::gnu:
            return algorithm.toUpper().remove(QLatin1Char('-')) + QStringLiteral("SUMS");
        case verify::SumsFormat::bsd:
            return QStringLiteral("CHECKSUMS");
        case verify::SumsFormat::sfv:
            return QStringLiteral("checksums.sfv");
    }
    return {};
}

bool SumsSaver::save(const QString& path, verify::SumsFormat format, const QStringList& algorithms) {
    const SumsText text = sumsText(rows_->shownRows(), format, algorithms, QFileInfo(path).absolutePath());
    if (text.rows == 0) return false;
    controller_->save(path, text.text, text.rows);
    return true;
}

void SumsSaver::saveWithDialog() {
    QVector<Choice> choices;
    for (const QString& id : model_->algorithms()) {
        const QString name = suggestedName(verify::SumsFormat::gnu, id);
        choices.push_back({tr("GNU, %1 (%2 *.%3)").arg(algorithmDisplay(id), name, id), verify::SumsFormat::gnu, {id}});
    }
    choices.push_back(
        {tr("BSD tag, every algorithm (CHECKSUMS *.txt)"), verify::SumsFormat::bsd, model_->algorithms()});
    if (model_->algorithms().contains(QStringLiteral("crc32"))) {
        choices.push_back({tr("SFV, CRC-32 (*.sfv)"), verify::SumsFormat::sfv, {QStringLiteral("crc32")}});
    }
    QStringList filters;
    for (const Choice& c : choices) filters << c.filter;

    const QString folder = commonFolder(rows_->shownRows());
    const Choice& first = choices.front();
    auto* dialog = new QFileDialog(dialogParent_, tr("Save a checksum file"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setNameFilters(filters);
    dialog->setDirectory(folder.isEmpty() ? QDir::homePath() : folder);
    dialog->selectFile(suggestedName(first.format, first.algorithms.value(0)));
    connect(dialog, &QFileDialog::filterSelected, dialog, [dialog, choices](const QString& filter) {
        for (const Choice& c : choices) {
            if (c.filter == filter) dialog->selectFile(suggestedName(c.format, c.algorithms.value(0)));
        }
    });
    connect(dialog, &QFileDialog::fileSelected, this, [this, dialog, choices](const QString& path) {
        const QString filter = dialog->selectedNameFilter();
        for (const Choice& c : choices) {
            if (c.filter == filter) save(path, c.format, c.algorithms);
        }
    });
    dialog->open();  // window-modal, no nested event loop: the workers' events keep flowing
}

}  // namespace hashscope::ui
