#include "bench/cpu_summary.hpp"

#include <QGridLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include "common/cpu_text.hpp"
#include "common/status_tone.hpp"

namespace hashscope::ui {
namespace {

QLabel* heading(const QString& text, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

}  // namespace

CpuSummary::CpuSummary(const CpuInfo& cpu, const Registry& registry, QWidget* parent) : QFrame(parent) {
    setObjectName(QStringLiteral("cpuSummary"));
    setFrameShape(QFrame::StyledPanel);

    auto* model = new QLabel(cpuTitle(cpu), this);
    model->setObjectName(QStringLiteral("cpuModel"));
    model->setWordWrap(true);
    QFont big = model->font();
    big.setBold(true);
    model->setFont(big);
    auto* shape = new QLabel(
        tr("%1 cores · %2 threads%3")
            .arg(cpu.cores)
            .arg(cpu.threads)
            .arg(cpu.hypervisor.empty() ? QString() : tr(" · %1 guest").arg(QString::fromStdString(cpu.hypervisor))),
        this);
    shape->setWordWrap(true);

    // Features in two columns: ✓ in green, ✗ in grey, so the missing ones stand out by absence.
    auto* features = new QWidget(this);
    features->setObjectName(QStringLiteral("cpuFeatures"));
    auto* grid = new QGridLayout(features);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(1);
    const auto marks = featureMarks(cpu.features);
    for (std::size_t i = 0; i < marks.size(); ++i) {
        auto* label = new QLabel(markText(marks[i]), features);
        label->setToolTip(marks[i].id);
        setLabelTone(label, marks[i].present ? Tone::good : Tone::muted);
        grid->addWidget(label, static_cast<int>(i / 2), static_cast<int>(i % 2));
    }

    // "crc32c → vpclmul": dispatch's choice per algorithm, with the alternatives in the tooltip.
    auto* chosen = new QWidget;
    chosen->setObjectName(QStringLiteral("cpuChosen"));
    auto* rows = new QGridLayout(chosen);
    rows->setContentsMargins(0, 0, 4, 0);
    rows->setVerticalSpacing(1);
    int row = 0;
    for (const AlgorithmChoice& c : algorithmChoices(registry)) {
        auto* name = new QLabel(c.algorithm, chosen);
        auto* impl = new QLabel(c.chosen.isEmpty() ? tr("none") : QStringLiteral("→ %1").arg(c.chosen), chosen);
        impl->setObjectName(QStringLiteral("chosen_%1").arg(c.algorithm));
        QString tip = tr("%1: %2 (%3)").arg(c.display, c.chosen, c.chosenBackend);
        if (!c.alternatives.isEmpty()) tip += tr("\nalso available: %1").arg(c.alternatives.join(QStringLiteral(", ")));
        if (!c.unavailable.isEmpty()) tip += tr("\nnot on this CPU: %1").arg(c.unavailable.join(QStringLiteral(", ")));
        name->setToolTip(tip);
        impl->setToolTip(tip);
        rows->addWidget(name, row, 0);
        rows->addWidget(impl, row, 1);
        ++row;
    }
    rows->setRowStretch(row, 1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(chosen);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(heading(tr("This CPU"), this));
    layout->addWidget(model);
    layout->addWidget(shape);
    layout->addSpacing(4);
    layout->addWidget(heading(tr("Features"), this));
    layout->addWidget(features);
    layout->addSpacing(4);
    layout->addWidget(heading(tr("Chosen implementations"), this));
    layout->addWidget(scroll, 1);
}

}  // namespace hashscope::ui
