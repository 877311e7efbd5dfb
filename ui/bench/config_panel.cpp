#include "bench/config_panel.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include "bench/participant_tree.hpp"
#include "common/format.hpp"
#include "common/status_tone.hpp"
#include "hashscope/bench/presets.hpp"
#include "hashscope/bench/runner.hpp"
#include "hashscope/bench/sizes.hpp"

namespace hashscope::ui {
namespace {

const QString kCustom = QStringLiteral("custom");

QLabel* errorLabel(const QString& name, QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setObjectName(name);
    label->setWordWrap(true);
    setLabelTone(label, Tone::bad);
    label->hide();
    return label;
}

// Shows the message under its field, or hides the label when the field is fine.
void showError(QLabel* label, const QString& message) {
    label->setText(message);
    label->setVisible(!message.isEmpty());
}

template <class T>
QString errorOf(const Result<T>& result) {
    return result ? QString() : QString::fromStdString(result.error().message);
}

}  // namespace

ConfigPanel::ConfigPanel(const Registry& registry, const CpuInfo& cpu, QWidget* parent)
    : QWidget(parent), registry_(registry), cpu_(cpu) {
    setObjectName(QStringLiteral("configPanel"));
    preset_ = new QComboBox(this);
    preset_->setObjectName(QStringLiteral("presetCombo"));
    for (const auto& p : bench::presets()) {
        preset_->addItem(QString::fromUtf8(p.name.data(), static_cast<qsizetype>(p.name.size())),
                         QString::fromUtf8(p.description.data(), static_cast<qsizetype>(p.description.size())));
    }
    preset_->addItem(kCustom, tr("your own choice of implementations, sizes and settings"));
    presetNote_ = new QLabel(this);
    presetNote_->setObjectName(QStringLiteral("presetNote"));
    presetNote_->setWordWrap(true);
    presetNote_->setForegroundRole(QPalette::PlaceholderText);  // quiet, and readable in every theme

    tree_ = new ParticipantTree(registry_, this);
    sizes_ = new QLineEdit(this);
    sizes_->setObjectName(QStringLiteral("sizesEdit"));
    sizes_->setToolTip(tr("Buffer sizes: a list (64,4KiB,1MiB) or a range (64..4MiB:x4, 1KiB..8KiB:+1KiB)"));
    sizesError_ = errorLabel(QStringLiteral("sizesError"), this);
    modes_ = new QComboBox(this);
    modes_->setObjectName(QStringLiteral("modeCombo"));
    modes_->setEditable(true);
    modes_->addItems({QStringLiteral("oneshot"), QStringLiteral("stream:4KiB"), QStringLiteral("stream:64KiB"),
                      QStringLiteral("bytewise"), QStringLiteral("oneshot,bytewise")});
    modes_->setToolTip(
        tr("oneshot: the whole buffer in one call; stream:CHUNK: updates of CHUNK bytes; "
           "bytewise: one byte per update. Several, comma-separated."));
    modesError_ = errorLabel(QStringLiteral("modeError"), this);
    threads_ = new QLineEdit(this);
    threads_->setObjectName(QStringLiteral("threadsEdit"));
    threads_->setToolTip(tr("Threads hashing at once, each its own buffer: 1 or a list such as 1,2,4"));
    threadsError_ = errorLabel(QStringLiteral("threadsError"), this);
    placement_ = new QComboBox(this);
    placement_->setObjectName(QStringLiteral("placementCombo"));
    placement_->addItem(tr("hot (in cache)"));
    placement_->addItem(tr("cold (beyond L3)"));
    placement_->addItem(tr("hot and cold"));
    precision_ = new QDoubleSpinBox(this);
    precision_->setObjectName(QStringLiteral("precisionSpin"));
    precision_->setRange(0.1, 50);
    precision_->setDecimals(1);
    precision_->setSingleStep(0.5);
    precision_->setPrefix(QStringLiteral("± "));
    precision_->setSuffix(QStringLiteral(" %"));
    precision_->setToolTip(tr("A cell stops sampling when its 99.9% error is this small"));
    budget_ = new QDoubleSpinBox(this);
    budget_->setObjectName(QStringLiteral("budgetSpin"));
    budget_->setRange(0.01, 600);
    budget_->setDecimals(2);
    budget_->setSingleStep(0.25);
    budget_->setSuffix(tr(" s per cell"));
    budget_->setToolTip(tr("A cell that has not reached the precision target by then stops and is marked imprecise"));
    estimate_ = new QLabel(this);
    estimate_->setObjectName(QStringLiteral("estimateLabel"));
    estimate_->setWordWrap(true);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("Preset"), preset_);
    form->addRow(presetNote_);
    form->addRow(tr("Sizes"), sizes_);
    form->addRow(sizesError_);
    form->addRow(tr("Mode"), modes_);
    form->addRow(modesError_);
    form->addRow(tr("Threads"), threads_);
    form->addRow(threadsError_);
    form->addRow(tr("Cache"), placement_);
    form->addRow(tr("Precision"), precision_);
    form->addRow(tr("Budget"), budget_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addWidget(tree_, 1);
    layout->addWidget(estimate_);

    connect(preset_, &QComboBox::activated, this, [this] { applyPreset(preset_->currentText()); });
    connect(tree_, &ParticipantTree::tickedChanged, this, &ConfigPanel::onEdited);
    connect(sizes_, &QLineEdit::textChanged, this, &ConfigPanel::onEdited);
    connect(modes_, &QComboBox::currentTextChanged, this, &ConfigPanel::onEdited);
    connect(threads_, &QLineEdit::textChanged, this, &ConfigPanel::onEdited);
    connect(placement_, &QComboBox::currentIndexChanged, this, &ConfigPanel::onEdited);
    connect(precision_, &QDoubleSpinBox::valueChanged, this, &ConfigPanel::onEdited);
    connect(budget_, &QDoubleSpinBox::valueChanged, this, &ConfigPanel::onEdited);
    setPreset(QStringLiteral("quick"));
}

void ConfigPanel::setPreset(const QString& name) {
    const int index = preset_->findText(name);
    if (index < 0) return;
    preset_->setCurrentIndex(index);
    applyPreset(name);
}

QString ConfigPanel::presetName() const { return preset_->currentText(); }

void ConfigPanel::applyPreset(const QString& name) {
    presetNote_->setText(preset_->currentData().toString());
    if (name != kCustom) {
        auto spec = bench::preset_spec(name.toStdString(), registry_, cpu_);
        if (spec) {
            base_ = *spec;
            fill(settingsFromSpec(base_));
        }
    }
    validate();
    emit specChanged();
}

void ConfigPanel::setSettings(const BenchSettings& settings) {
    fill(settings);
    onEdited();
}

void ConfigPanel::fill(const BenchSettings& s) {
    filling_ = true;
    tree_->setTicked(s.participants);
    sizes_->setText(s.sizes);
    modes_->setCurrentText(s.modes);
    threads_->setText(s.threads);
    const bool hot = std::find(s.placements.begin(), s.placements.end(), bench::Placement::hot) != s.placements.end();
    const bool cold = std::find(s.placements.begin(), s.placements.end(), bench::Placement::cold) != s.placements.end();
    placement_->setCurrentIndex(hot && cold ? 2 : cold ? 1 : 0);
    precision_->setValue(s.precisionPercent);
    budget_->setValue(s.budgetSeconds);
    filling_ = false;
}

BenchSettings ConfigPanel::settings() const {
    BenchSettings s;
    s.participants = tree_->selection();
    s.sizes = sizes_->text();
    s.modes = modes_->currentText();
    s.threads = threads_->text();
    switch (placement_->currentIndex()) {
        case 1:
            s.placements = {bench::Placement::cold};
            break;
        case 2:
            s.placements = {bench::Placement::hot, bench::Placement::cold};
            break;
        default:
            s.placements = {bench::Placement::hot};
            break;
    }
    s.precisionPercent = precision_->value();
    s.budgetSeconds = budget_->value();
    return s;
}

void ConfigPanel::onEdited() {
    if (filling_) return;
    // Anything changed by hand is no longer the preset as published.
    if (preset_->currentText() != kCustom) {
        preset_->setCurrentIndex(preset_->findText(kCustom));
        presetNote_->setText(preset_->currentData().toString());
    }
    validate();
    emit specChanged();
}

Result<bench::BenchSpec> ConfigPanel::spec() const {
    auto spec = specFromSettings(base_, settings());
    if (spec) spec->preset = presetName().toStdString();
    return spec;
}

void ConfigPanel::validate() {
    showError(sizesError_, errorOf(bench::parse_sizes(sizes_->text().toStdString())));
    showError(modesError_, errorOf(parseModes(modes_->currentText())));
    showError(threadsError_, errorOf(parseThreadCounts(threads_->text())));
    const auto s = spec();
    if (!s) {
        setLabelTone(estimate_, Tone::bad);
        estimate_->setText(tr("Cannot run: %1").arg(QString::fromStdString(s.error().message)));
        return;
    }
    const auto cells = bench::count_cells(*s);
    // The engine's estimate adds a fixed start-up cost; the bound gets it too, so "about" never
    // exceeds "at most".
    const double most = static_cast<double>(cells) * s->max_time_s + 0.3;
    setLabelTone(estimate_, Tone::plain);
    estimate_->setText(tr("%1 cells · %2 (at most %3)")
                           .arg(cells)
                           .arg(formatDuration(std::min(bench::estimated_seconds(*s), most)),
                                formatDuration(most).remove(QStringLiteral("about "))));
}

void ConfigPanel::setEditable(bool editable) {
    for (QWidget* w :
         std::initializer_list<QWidget*>{preset_, tree_, sizes_, modes_, threads_, placement_, precision_, budget_}) {
        w->setEnabled(editable);
    }
}

}  // namespace hashscope::ui
