#include "bench/export_bar.hpp"

#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QToolButton>
#include <functional>

namespace hashscope::ui {
namespace {

QToolButton* menuButton(const QString& text, const QString& name, QWidget* parent) {
    auto* button = new QToolButton(parent);
    button->setObjectName(name);
    button->setText(text);
    button->setPopupMode(QToolButton::InstantPopup);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setMenu(new QMenu(button));
    return button;
}

}  // namespace

ExportBar::ExportBar(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("exportBar"));
    saveChart_ = menuButton(tr("Save chart"), QStringLiteral("saveChartButton"), this);
    export_ = menuButton(tr("Export results"), QStringLiteral("exportButton"), this);
    loadBaseline_ = new QPushButton(tr("Load baseline…"), this);
    loadBaseline_->setObjectName(QStringLiteral("loadBaselineButton"));
    loadBaseline_->setToolTip(
        tr("Overlay an earlier run (a .json from this page or hashscope-cli bench --json), "
           "dashed, with a ratio column in the table"));
    clearBaseline_ = new QPushButton(tr("Clear baseline"), this);
    clearBaseline_->setObjectName(QStringLiteral("clearBaselineButton"));
    baselineName_ = new QLabel(this);
    baselineName_->setObjectName(QStringLiteral("baselineName"));

    auto chartItem = [this](const QString& text, const QString& filter, const QString& suffix, double scale) {
        saveChart_->menu()->addAction(text, this, [this, filter, suffix, scale] {
            askForFile(tr("Save chart"), filter, suffix, true,
                       [this, scale](const QString& path) { emit saveChartRequested(path, scale); });
        });
    };
    chartItem(tr("PNG image…"), tr("PNG images (*.png)"), QStringLiteral("png"), 1);
    chartItem(tr("PNG image at 2× (high-DPI)…"), tr("PNG images (*.png)"), QStringLiteral("png"), 2);
    chartItem(tr("SVG drawing…"), tr("SVG drawings (*.svg)"), QStringLiteral("svg"), 1);
    chartItem(tr("PDF document…"), tr("PDF documents (*.pdf)"), QStringLiteral("pdf"), 1);
    auto exportItem = [this](const QString& text, const QString& filter, const QString& suffix) {
        export_->menu()->addAction(text, this, [this, filter, suffix] {
            askForFile(tr("Export results"), filter, suffix, true,
                       [this](const QString& path) { emit exportRequested(path); });
        });
    };
    exportItem(tr("JSON (hashscope-bench/1)…"), tr("JSON files (*.json)"), QStringLiteral("json"));
    exportItem(tr("CSV…"), tr("CSV files (*.csv)"), QStringLiteral("csv"));
    exportItem(tr("Markdown table…"), tr("Markdown files (*.md)"), QStringLiteral("md"));
    connect(loadBaseline_, &QPushButton::clicked, this, [this] {
        askForFile(tr("Load baseline"), tr("Benchmark results (*.json)"), QStringLiteral("json"), false,
                   [this](const QString& path) { emit loadBaselineRequested(path); });
    });
    connect(clearBaseline_, &QPushButton::clicked, this, &ExportBar::clearBaselineRequested);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(saveChart_);
    layout->addWidget(export_);
    layout->addSpacing(12);
    layout->addWidget(loadBaseline_);
    layout->addWidget(clearBaseline_);
    layout->addWidget(baselineName_, 1);
    setHasResults(false);
    setBaselineName({});
}

void ExportBar::setHasResults(bool has) {
    saveChart_->setEnabled(has);
    export_->setEnabled(has);
}

void ExportBar::setBaselineName(const QString& name) {
    clearBaseline_->setVisible(!name.isEmpty());
    baselineName_->setText(name.isEmpty() ? QString() : tr("baseline: %1 (dashed)").arg(name));
}

void ExportBar::askForFile(const QString& title, const QString& filter, const QString& suffix, bool save,
                           const std::function<void(const QString&)>& then) {
    auto* dialog = new QFileDialog(window(), title, QDir::homePath(), filter);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(save ? QFileDialog::AcceptSave : QFileDialog::AcceptOpen);
    dialog->setFileMode(save ? QFileDialog::AnyFile : QFileDialog::ExistingFile);
    if (save) {
        dialog->setDefaultSuffix(suffix);
        dialog->selectFile(stem_ + QLatin1Char('.') + suffix);
    }
    connect(dialog, &QFileDialog::fileSelected, this, then);
    dialog->open();
}

}  // namespace hashscope::ui
