#include "system/implementation_table.hpp"

#include <QHeaderView>
#include <QTableWidget>

#include "common/cpu_text.hpp"
#include "common/status_tone.hpp"

namespace hashscope::ui {
namespace {

QTableWidgetItem* item(const QString& text, const QString& tip = {}) {
    auto* cell = new QTableWidgetItem(text);
    cell->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    cell->setToolTip(tip.isEmpty() ? text : tip);
    return cell;
}

}  // namespace

QTableWidget* makeImplementationTable(const Registry& registry, QWidget* parent) {
    const auto choices = algorithmChoices(registry);
    auto* table = new QTableWidget(static_cast<int>(choices.size()), 5, parent);
    followTheme(table);
    table->setObjectName(QStringLiteral("implementationTable"));
    table->setHorizontalHeaderLabels({QObject::tr("Algorithm"), QObject::tr("Chosen"), QObject::tr("Backend"),
                                      QObject::tr("Also available"), QObject::tr("Not on this CPU")});
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->setAlternatingRowColors(true);
    table->setShowGrid(false);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setWordWrap(false);
    int row = 0;
    for (const AlgorithmChoice& c : choices) {
        table->setItem(row, kAlgorithmColumn, item(c.algorithm, c.display));
        // Where a measured plan chose otherwise for shorter messages, the chosen cell says so.
        QString chosenText = c.chosen.isEmpty() ? QObject::tr("none available") : c.chosen;
        for (const auto& other : registry.exceptions_to_best(c.algorithm.toStdString())) {
            chosenText +=
                QStringLiteral("; %1: %2")
                    .arg(QString::fromStdString(other.sizes),
                         QString::fromUtf8(other.chosen->id.data(), static_cast<qsizetype>(other.chosen->id.size())));
        }
        auto* chosen = item(chosenText);
        QFont bold = chosen->font();
        bold.setBold(true);
        chosen->setFont(bold);
        table->setItem(row, kChosenColumn, chosen);
        table->setItem(row, kBackendColumn, item(c.chosenBackend));
        table->setItem(row, kAlternativesColumn, item(c.alternatives.join(QStringLiteral(", "))));
        auto* missing = item(c.unavailable.join(QStringLiteral(", ")));
        setItemTone(missing, Tone::muted);
        table->setItem(row, kUnavailableColumn, missing);
        ++row;
    }
    QHeaderView* header = table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setStretchLastSection(true);
    return table;
}

}  // namespace hashscope::ui
