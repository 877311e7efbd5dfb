#include "system/system_page.hpp"

#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "common/cpu_text.hpp"
#include "common/library_versions_read.hpp"
#include "common/status_tone.hpp"
#include "hashscope/build_info.hpp"
#include "hashscope/calibration.hpp"
#include "system/calibration_panel.hpp"
#include "system/implementation_table.hpp"
#include "system/selftest_panel.hpp"

namespace hashscope::ui {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QLabel* value(const QString& text, const QString& name, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setObjectName(name);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);  // models and versions get pasted into issues
    return label;
}

}  // namespace

SystemPage::SystemPage(QWidget* parent) : SystemPage(host_cpu(), Registry::host(), parent) {}

SystemPage::SystemPage(const CpuInfo& cpu, const Registry& registry, QWidget* parent)
    : QWidget(parent), registry_(registry) {
    setObjectName(QStringLiteral("systemPage"));
    auto* title = value(cpuTitle(cpu), QStringLiteral("systemCpuModel"), this);
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    title->setFont(big);

    auto* top = new QHBoxLayout;
    top->addWidget(machineBox(cpu), 2);
    top->addWidget(featureBox(cpu), 2);
    top->addWidget(libraryBox(), 1);
    auto* implementations = new QGroupBox(tr("Implementations (dispatch's choice for long messages)"), this);
    implementations_ = implementations;
    auto* implLayout = new QVBoxLayout(implementations);
    calibration_ = new CalibrationPanel(registry, cpu, calibration_path(cpu), implementations);
    implLayout->addWidget(calibration_);
    showImplementations();
    // A calibration changes what dispatch chooses: the table shows the new choices.
    connect(calibration_, &CalibrationPanel::calibrated, this, &SystemPage::showImplementations);
    selfTest_ = new SelfTestPanel(registry, this);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(implementations);
    split->addWidget(selfTest_);
    split->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addLayout(top);
    layout->addWidget(split, 1);
}

void SystemPage::showImplementations() {
    auto* table = makeImplementationTable(registry_, implementations_);
    if (table_ != nullptr) {
        implementations_->layout()->replaceWidget(table_, table);
        table_->deleteLater();
    } else {
        implementations_->layout()->addWidget(table);
    }
    table_ = table;
}

QWidget* SystemPage::machineBox(const CpuInfo& cpu) {
    auto* box = new QGroupBox(tr("Processor"), this);
    auto* form = new QFormLayout(box);
    form->addRow(tr("Model"),
                 value(cpu.model.empty() ? tr("unknown") : qs(cpu.model), QStringLiteral("systemModel"), box));
    form->addRow(tr("Vendor"), value(qs(cpu.vendor), QStringLiteral("systemVendor"), box));
    form->addRow(tr("Microarchitecture"),
                 value(qs(cpu.microarchitecture), QStringLiteral("systemMicroarchitecture"), box));
    form->addRow(tr("Architecture"), value(qs(cpu.architecture), QStringLiteral("systemArchitecture"), box));
    QString cores = tr("%1 cores, %2 threads").arg(cpu.cores).arg(cpu.threads);
    if (!cpu.core_kinds.empty()) cores += QStringLiteral(" (%1)").arg(qs(describe_core_kinds(cpu.core_kinds)));
    form->addRow(tr("Cores"), value(cores, QStringLiteral("systemCores"), box));
    form->addRow(tr("Caches"), value(tr("L1d %1 per core · L2 %2 per core · L3 %3")
                                         .arg(cacheSizeText(cpu.caches.l1d), cacheSizeText(cpu.caches.l2),
                                              cacheSizeText(cpu.caches.l3)),
                                     QStringLiteral("systemCaches"), box));
    form->addRow(tr("Hypervisor"), value(cpu.hypervisor.empty() ? tr("none (bare metal)") : qs(cpu.hypervisor),
                                         QStringLiteral("systemHypervisor"), box));
    return box;
}

QWidget* SystemPage::featureBox(const CpuInfo& cpu) {
    auto* box = new QGroupBox(tr("Features that pick checksum kernels"), this);
    box->setObjectName(QStringLiteral("systemFeatures"));
    auto* grid = new QGridLayout(box);
    const auto marks = featureMarks(cpu.features);
    const int rows = static_cast<int>((marks.size() + 1) / 2);
    for (std::size_t i = 0; i < marks.size(); ++i) {
        auto* label = new QLabel(markText(marks[i]) + QStringLiteral("  (%1)").arg(marks[i].id), box);
        label->setObjectName(QStringLiteral("feature_%1").arg(marks[i].id));
        setLabelTone(label, marks[i].present ? Tone::good : Tone::muted);
        grid->addWidget(label, static_cast<int>(i) % rows, static_cast<int>(i) / rows);
    }
    return box;
}

QWidget* SystemPage::libraryBox() {
    auto* box = new QGroupBox(tr("Libraries"), this);
    box->setObjectName(QStringLiteral("systemLibraries"));
    auto* form = new QFormLayout(box);
    auto* hashscope = value(QStringLiteral(HASHSCOPE_VERSION), QStringLiteral("lib_hashscope"), box);
    // Which commit: figures of two "0.1.0" builds can differ by every kernel changed between them.
    const BuildInfo& build = build_info();
    hashscope->setToolTip(
        tr("git %1, %2 build").arg(qs(std::string(build.git_revision)), qs(std::string(build.build_type))));
    form->addRow(QStringLiteral("HashScope"), hashscope);
    readLibraryVersions(pool_, form, QStringLiteral("systemLibrariesPending"),
                        [box, form](const LibraryVersionMap& versions) {
                            for (const auto& [name, version] : versions) {
                                form->addRow(qs(name), value(qs(version), QStringLiteral("lib_%1").arg(qs(name)), box));
                            }
                        });
    return box;
}

}  // namespace hashscope::ui
